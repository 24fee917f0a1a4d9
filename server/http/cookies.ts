// Cookies as plumbing: reading one from a request, and the name of the session cookie, which the
// caches test for (a request that carries it is never answered from a shared cache) as well as auth.

/** The cookie that carries a signed-in session's token. */
export const SESSION_COOKIE = 'session';

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}
