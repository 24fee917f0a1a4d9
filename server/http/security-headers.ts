// Headers on every response: a Content-Security-Policy the client works under, no framing, no type
// sniffing, a conservative referrer policy, and HSTS when the site is served over https.
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import { THEME_SCRIPT } from '#kernel/theme-rules.ts';

/** The CSP source that allows the theme's inline script, and no other inline script, to run. */
export const THEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

/** imagesOrigin: where images come from when not from this site (UPLOADS_PUBLIC_URL). */
const siteCsp = (imagesOrigin: string | null) =>
  [
    "default-src 'self'",
    // The only inline script: the theme's, which must run before the first paint.
    `script-src 'self' ${THEME_SCRIPT_SOURCE}`,
    // React sets style attributes; no stylesheet or script comes from elsewhere.
    "style-src 'self' 'unsafe-inline'",
    // blob: for the editor's preview of a picked image.
    `img-src 'self' data: blob:${imagesOrigin ? ` ${imagesOrigin}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

// GraphiQL (a developer tool at /graphql, server/graphql/graphiql.ts) gets its own policy, and
// nothing else does: its scripts, styles and editor workers are files of this server too, but its
// editor (Monaco) writes <style> elements and style attributes as it runs, and its stylesheet
// carries its fonts and icons as data: URLs.
const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

/** Sets the headers on a response to `path`; made once, with the site's settings. */
export type SecurityHeaderSetter = (headers: Headers, path: string) => void;

export function securityHeaderSetter(
  config: Pick<Config, 'siteUrl'>,
  imagesOrigin: string | null = null,
): SecurityHeaderSetter {
  const https = config.siteUrl.startsWith('https://');
  const SITE_CSP = siteCsp(imagesOrigin);
  return (headers, path) => {
    const isGraphiql = path === '/graphql' && (headers.get('content-type') ?? '').startsWith('text/html');
    headers.set('Content-Security-Policy', isGraphiql ? GRAPHIQL_CSP : SITE_CSP);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    if (https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}

/** Every response gets them (the GraphQL reads the server answers itself call the setter too). */
export function securityHeaders(setHeaders: SecurityHeaderSetter): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setHeaders(c.res.headers, c.req.path);
  };
}
