// A link followed inside the app (react-router's own navigation, no page load) to an address the app
// has no content for ends on a 404 screen; a full load of the same address may not: the server
// applies, before its 404, the author's redirects (the redirects table), a renamed tag's old address
// and a post's former slug (docs/decisions/048). So the 404 screens ask the server once, for an
// address reached inside the app: a HEAD request that does not follow redirects. A redirect answer
// loads the address in full (location.replace: the server's own redirect then applies, to this site
// or another, permanent or temporary, the query kept, and Back skips the old address); any other
// answer (the 404) leaves the screen as it is, with the app's history untouched (Go Back still goes
// back). Why not a lookup of its own: the server's 404 path is the one place that knows every kind
// of redirect, including those other parts of the site add later; a copy of those rules behind a new
// API would drift. Why not a full load of every missing address: a real 404 would lose the app's
// history and load the whole page again for nothing.
// It cannot loop: a first load (location.key 'default', the server has just answered this address)
// never asks, and a full load after a redirect answer is a first load.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** The address asked about last (by its location key) and the server's answer: a remounted screen asks no more. */
let lastQuestion: { key: string; answer: Promise<'redirect' | 'other'> } | null = null;

function ask(key: string, address: string): Promise<'redirect' | 'other'> {
  if (lastQuestion?.key === key) return lastQuestion.answer;
  const answer = fetch(address, { method: 'HEAD', redirect: 'manual', cache: 'no-store' })
    .then((response) => {
      if (response.type !== 'opaqueredirect') return 'other' as const;
      window.location.replace(address);
      return 'redirect' as const;
    })
    // Offline, or the server unreachable: the 404 screen is still the best answer.
    .catch(() => 'other' as const);
  lastQuestion = { key, answer };
  return answer;
}

/**
 * Asks the server about an address the app reached itself and has no content for; true while it
 * asks (the screen shows it is loading rather than a 404 that may be about to go).
 */
export function useServerRedirect(): boolean {
  const { key, pathname, search } = useLocation();
  const [answered, setAnswered] = useState<string | null>(null);
  const asking = key !== 'default' && answered !== key;
  useEffect(() => {
    if (key === 'default') return;
    let current = true;
    void ask(key, `${pathname}${search}`).then((answer) => {
      if (answer === 'other' && current) setAnswered(key);
    });
    return () => {
      current = false;
    };
  }, [key, pathname, search]);
  return asking;
}
