// Redirects (issue 36): an old address of this site that leads to a new path or another site,
// permanently (301) or for now (302). The studio's form and the server check them with these rules;
// what only the server can know (whether an address is live) it checks itself
// (server/modules/redirects/redirect.service.ts). Pure: no Node imports.
import { redirectMessages } from './messages.ts';

export const REDIRECT_MAX = 2000;
/** How many rows one CSV import may hold. */
export const REDIRECT_IMPORT_MAX = 1000;
/** The CSV's header, as export writes it and import expects it. */
export const REDIRECT_CSV_HEADER = ['from', 'to', 'status'] as const;

/**
 * Paths the server answers itself, before any page (server/modules/pages/client-files.ts): a
 * redirect from under them would never be reached.
 */
export const SERVER_PATH_PREFIXES = ['/api/', '/graphql', '/uploads/', '/healthz', '/assets/'] as const;

export function isServerPath(path: string): boolean {
  return SERVER_PATH_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

export interface RedirectRule {
  from: string;
  to: string;
  permanent: boolean;
}

/**
 * A path as redirects match it: percent-decoded, without trailing slashes (/old/ is /old), or null
 * when it cannot be decoded. A request's pathname and a stored `from` meet in this form.
 */
export function redirectPathKey(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  return decoded.replace(/\/+$/, '') || '/';
}

// A path of this site: one "/" then anything but whitespace, "?" and "#" ("//host" is another site).
const FROM_PATTERN = /^\/(?!\/)[^\s?#]*$/u;

/** The `from` the author typed, as stored and matched; or the message saying why it cannot be one. */
export function parseRedirectFrom(input: string): { from: string } | { error: string } {
  const text = input.trim();
  if (text.length > REDIRECT_MAX) return { error: redirectMessages.tooLong };
  if (!FROM_PATTERN.test(text)) return { error: redirectMessages.fromPath };
  const from = redirectPathKey(text);
  if (from === null || from === '/' || from.startsWith('//') || /\s/u.test(from))
    return { error: redirectMessages.fromPath };
  if (isServerPath(from)) return { error: redirectMessages.server };
  return { from };
}

/** The message for a `to` that is neither a path of this site nor an http(s) address; null when fine. */
export function redirectTargetError(input: string): string | null {
  const to = input.trim();
  if (to.length > REDIRECT_MAX) return redirectMessages.tooLong;
  if (/\s/u.test(to)) return redirectMessages.toTarget;
  if (/^\/(?![/\\])/.test(to)) return null;
  if (!/^https?:\/\//i.test(to)) return redirectMessages.toTarget;
  try {
    const url = new URL(to);
    return url.hostname === '' ? redirectMessages.toTarget : null;
  } catch {
    return redirectMessages.toTarget;
  }
}

/** The path part of a target on this site (matched as a `from` is), or null for another site's address. */
function localTargetKey(to: string): string | null {
  if (!to.startsWith('/')) return null;
  return redirectPathKey(to.replace(/[?#].*$/s, ''));
}

/**
 * Whether adding from -> to makes the redirects go round: following `to` through the existing ones
 * (`table`, by from) comes back to `from`.
 */
export function makesLoop(from: string, to: string, table: ReadonlyMap<string, string>): boolean {
  const seen = new Set<string>();
  let at = localTargetKey(to);
  while (at !== null) {
    if (at === from) return true;
    if (seen.has(at)) return false; // a loop already there, which this one does not join
    seen.add(at);
    const next = table.get(at);
    at = next === undefined ? null : localTargetKey(next);
  }
  return false;
}

/**
 * The field errors of a new redirect against those kept (`table`: to by from), as far as the rules
 * can tell without the server: the shape of both addresses, a duplicate, a loop. Empty when fine.
 */
export function redirectFieldErrors(
  input: { from: string; to: string },
  table: ReadonlyMap<string, string>,
): Partial<Record<'from' | 'to', string>> {
  const errors: Partial<Record<'from' | 'to', string>> = {};
  const parsed = parseRedirectFrom(input.from);
  if ('error' in parsed) errors.from = parsed.error;
  else if (table.has(parsed.from)) errors.from = redirectMessages.duplicate;
  const targetError = redirectTargetError(input.to);
  if (targetError) errors.to = targetError;
  else if ('from' in parsed && !errors.from && makesLoop(parsed.from, input.to.trim(), table)) {
    errors.to = redirectMessages.loop;
  }
  return errors;
}

/**
 * Where a request is sent: the target, with the request's query string when the target has none of
 * its own (an old link's ?page=2 still means something on the new page).
 */
export function redirectLocation(to: string, search: string): string {
  if (search === '' || search === '?' || to.includes('?')) return to;
  const hash = to.indexOf('#');
  return hash === -1 ? `${to}${search}` : `${to.slice(0, hash)}${search}${to.slice(hash)}`;
}

/** The CSV's status column: 301 permanent, 302 temporary (empty: 301). */
export function statusOf(permanent: boolean): '301' | '302' {
  return permanent ? '301' : '302';
}

export function permanentOf(status: string): boolean | null {
  const value = status.trim();
  if (value === '' || value === '301') return true;
  if (value === '302') return false;
  return null;
}
