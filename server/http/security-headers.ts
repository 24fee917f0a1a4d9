// Headers on every response: a Content-Security-Policy the client works under, no framing, no type
// sniffing, a conservative referrer policy, and HSTS when the site is served over https.
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // React and Swiper set style attributes; no stylesheet or script comes from elsewhere.
  "style-src 'self' 'unsafe-inline'",
  // blob: for the editor's preview of a picked image.
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// GraphiQL (a developer tool at /graphql) is a page Yoga writes with inline scripts and assets from
// its CDN; it gets its own, looser policy, and nothing else does.
const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' https://unpkg.com blob:",
  "style-src 'self' 'unsafe-inline' https://unpkg.com",
  "worker-src 'self' blob:",
  "img-src 'self' data: https://unpkg.com",
  "font-src 'self' data: https://unpkg.com",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

export function securityHeaders(config: Pick<Config, 'siteUrl'>): MiddlewareHandler {
  const https = config.siteUrl.startsWith('https://');
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const isGraphiql = c.req.path === '/graphql' && (headers.get('content-type') ?? '').startsWith('text/html');
    headers.set('Content-Security-Policy', isGraphiql ? GRAPHIQL_CSP : SITE_CSP);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    if (https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
