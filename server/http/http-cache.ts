// Validators for what anyone may read: public pages, feeds, the sitemap, REST reads and GraphQL GET
// queries carry a weak ETag (a hash of the body) and are revalidated on every use (no-cache), and a
// matching If-None-Match gets a bodiless 304. A request that carries a session cookie, valid or not, is never cached, nor is
// a response that sets a cookie (docs/decisions/011-server-rendered-head-and-caching.md).
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { readCookie, SESSION_COOKIE } from './cookies.ts';
import { bodyBytes, bytesResponse, utf8Bytes } from './response-bytes.ts';

/**
 * A browser or a CDN may keep a public response but asks again before each use: a reader is never
 * shown a list from before a change (or images that no longer exist), and the ask costs a 304 from
 * the server's own caches (docs/decisions/016-one-origin-policy.md).
 */
export const PUBLIC_CACHE_CONTROL = 'no-cache';
export const NO_STORE = 'no-store';

export function carriesSession(request: Request): boolean {
  return readCookie(request.headers.get('cookie'), SESSION_COOKIE) !== null;
}

/** W/"<hash>": weak, because a proxy may re-encode the body without changing what it means. */
export function weakEtag(body: string | Uint8Array): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Adds a name to Vary, once. */
export function addVary(headers: Headers, name: string): void {
  const vary = headers.get('Vary');
  if (!vary?.split(',').some((item) => item.trim().toLowerCase() === name.toLowerCase())) {
    headers.append('Vary', name);
  }
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): any listed tag, weak or strong, or '*'. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export interface ReadResponseInit {
  status?: number;
  contentType: string;
  /** Form and admin screens: never stored, whoever asks. */
  private?: boolean;
  headers?: Record<string, string>;
}

/**
 * The response to a read: validated on every use for an anonymous caller, no-store for a
 * signed-in one (or when init.private), and a 304 when the caller already has this body.
 */
export function readResponse(request: Request, body: string, init: ReadResponseInit): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', init.contentType);
  if (init.private || carriesSession(request)) {
    headers.set('Cache-Control', NO_STORE);
    return new Response(body, { status: init.status ?? 200, headers });
  }
  return validated(request, body, init.status ?? 200, headers);
}

function validated(request: Request, body: string | Uint8Array<ArrayBuffer>, status: number, headers: Headers) {
  const bytes = typeof body === 'string' ? utf8Bytes(body) : body;
  const etag = weakEtag(bytes);
  headers.set('ETag', etag);
  headers.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  // The same URL answers a signed-in caller differently (no-store, or more data): a cache must
  // not hand an anonymous copy to a request that carries a cookie. And every read goes out
  // compressed to a browser that accepts it (Hono's compress, the pages' own): named here, so the
  // compression layer has no header to add, which makes it copy the whole response.
  addVary(headers, 'Cookie');
  addVary(headers, 'Accept-Encoding');
  if (etagMatches(request.headers.get('if-none-match'), etag)) {
    for (const name of ['Content-Type', 'Content-Length', 'Content-Encoding']) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return bytesResponse(bytes, { status, headers });
}

/**
 * For a router's GET handlers (the REST facade): a 200 that no handler gave a Cache-Control and that
 * sets no cookie becomes a validated public read, or no-store when the caller carries a session.
 */
export function cacheAnonymousReads(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return;
    const response = c.res;
    if (response.status !== 200 || response.headers.has('Cache-Control') || response.headers.has('Set-Cookie')) return;
    if (carriesSession(c.req.raw)) {
      response.headers.set('Cache-Control', NO_STORE);
      return;
    }
    const body = await bodyBytes(response);
    const headers = new Headers(response.headers);
    // Cleared first: Hono's setter would otherwise copy the old response's headers onto a 304.
    c.res = undefined;
    c.res = validated(c.req.raw, body, 200, headers);
  };
}
