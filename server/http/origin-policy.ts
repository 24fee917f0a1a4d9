// One origin policy for /graphql and /api (docs/decisions/016-one-origin-policy.md): a request that
// a browser sends from another site never acts with the caller's session. Its writes are refused
// (403 "Cross-site request refused", nothing changed: REST here, GraphQL mutations in yoga.ts), its
// reads are answered as to a visitor who is not signed in (viewer.ts). Any site's scripts may read
// what anyone may read: CORS grants every origin the same `*`, never with credentials, so no
// answer varies by Origin and the response cache keeps serving the site's own pages.
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

declare module 'hono' {
  interface ContextVariableMap {
    /**
     * Set by a route whose answer is for the caller alone (the site's backup): it gets no CORS
     * grant, so no other site's script may read it, whoever it asks as.
     */
    ownSiteOnly: boolean;
  }
}

/** Methods that only read; any other is a write. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// The same for every origin, so no Vary: Origin. A credentialed request (fetch with
// credentials: 'include') from another site fails in its browser: `*` never grants credentials.
const CORS_HEADERS = { 'Access-Control-Allow-Origin': '*' } as const;
// Content-Type for JSON queries; the CSRF headers that Yoga asks of GET queries. Nothing else: in
// particular no X-Forwarded-*, which a page could otherwise send through a proxy that passes them on.
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, HEAD, POST',
  'Access-Control-Allow-Headers': 'Content-Type, X-GraphQL-Yoga-CSRF, Apollo-Require-Preflight',
  'Access-Control-Max-Age': '7200',
} as const;

/**
 * What the nearest proxy says in a forwarded header. A proxy appends to what it was sent (nginx's
 * $proxy_add_x_forwarded_for), so only the last value is its own; earlier ones are whatever the
 * client chose to send. TRUST_PROXY trusts one proxy, the one that connects to us.
 */
export function forwardedValue(request: Request, name: string): string | undefined {
  return request.headers.get(name)?.split(',').at(-1)?.trim() || undefined;
}

/**
 * The origin the browser addressed. Behind a reverse proxy that rewrites Host (nginx's default), that
 * is what the proxy forwards in X-Forwarded-Proto and X-Forwarded-Host, trusted only with TRUST_PROXY:
 * otherwise anyone could name any origin.
 */
export function requestOrigin(request: Request, config: Pick<Config, 'trustProxy'>): string {
  const url = new URL(request.url);
  if (!config.trustProxy) return url.origin;
  const proto = forwardedValue(request, 'x-forwarded-proto')?.toLowerCase() ?? url.protocol.slice(0, -1);
  const host = forwardedValue(request, 'x-forwarded-host') ?? url.host;
  if (proto !== 'http' && proto !== 'https') return url.origin;
  // A host and maybe a port, nothing more (no path, no user, no second URL hidden in it).
  if (!/^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i.test(host)) return url.origin;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return url.origin; // a port past 65535
  }
}

/**
 * Whether a browser sent this request from another site. The site's own origins are SITE_URL's and
 * the one the request was addressed to. Where the browser says where the request comes from
 * (Sec-Fetch-Site, sent over https and to localhost) that is believed; where it does not (plain
 * http), the Origin header decides. A request with neither comes from no other site's page: a
 * script, curl, an older browser's same-origin GET.
 */
export function isCrossSite(request: Request, config: Pick<Config, 'siteUrl' | 'trustProxy'>): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null && (origin === new URL(config.siteUrl).origin || origin === requestOrigin(request, config))) {
    return false;
  }
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'same-origin' || fetchSite === 'none') return false;
  if (fetchSite === 'same-site' || fetchSite === 'cross-site') return true;
  // Any other Origin, "null" (a sandboxed frame, a file) included, is another site.
  return origin !== null;
}

/** For /graphql and /api/*: answers preflights, refuses cross-site writes, and adds the CORS grant. */
export function originPolicy(config: Pick<Config, 'siteUrl' | 'trustProxy'>): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      return c.body(null, 204, PREFLIGHT_HEADERS);
    }
    // GraphQL sends queries (reads) as POST too: its mutations are refused once parsed (yoga.ts).
    if (!SAFE_METHODS.has(c.req.method) && c.req.path !== '/graphql' && isCrossSite(c.req.raw, config)) {
      return c.json({ message: CROSS_SITE_REFUSED }, 403, { ...CORS_HEADERS, 'Cache-Control': 'no-store' });
    }
    await next();
    if (!c.get('ownSiteOnly')) grantCors(c.res.headers);
  };
}

/** The CORS grant every answer of /graphql and /api carries (but the site's backup). */
export function grantCors(headers: Headers): void {
  for (const [name, value] of Object.entries(CORS_HEADERS)) headers.set(name, value);
}
