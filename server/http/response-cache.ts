// The server's own cache of whole public responses, in front of everything else: a public page, a
// REST read or an anonymous GraphQL query that was answered once is answered again from memory,
// bytes and headers as they were, until a change touches what it was made from (ContentChanges).
// This is what a caching proxy in front of the site would do, built in, so a self-hosted blog is fast
// without one (docs/decisions/015-cached-public-reads.md). What a response was made from is what
// the reads behind it reported (server/cache/dependencies.ts): a post page depends on its post, its
// neighbours and related posts, a list page on its list and the posts on it, the home page on the
// latest posts and the cards (docs/decisions/032-writes-cool-what-they-change.md).
//
// What is stored, and for whom:
// - only requests without a session cookie, and only responses that set no cookie;
// - GET: a 200 the app validates (an ETag) and lets anyone keep (not no-store, not private);
// - POST /graphql: a 200 the GraphQL layer marked shareable (an anonymous query, no errors,
//   server/graphql/shareable-results.ts), keyed by the exact request body;
// - never a search: searches are endless keys, each rarely asked twice, and a stream of them would
//   push the pages everyone reads out of the cache.
// Each Accept-Encoding class (and Accept, for GraphQL) is its own entry, since the body differs.
// An answer from here carries an Age header, as any cache's does, and no X-Request-Id: no request
// ran for it.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { collect } from '../cache/dependencies.ts';
import type { ReadCaches } from '../cache/read-caches.ts';
import { SEARCH_FORM_PATH } from '#kernel/server-render.ts';
import { acceptedCodings } from './accept-encoding.ts';
import { carriesSession, etagMatches } from './http-cache.ts';
import { bodyBytes } from './response-bytes.ts';

// Larger GraphQL bodies are no read a visitor's page sends: not worth hashing.
const MAX_GRAPHQL_BODY_BYTES = 32 * 1024;
// Served from disk with their own long-lived caching, or never cached.
const PASS_THROUGH_PREFIXES = ['/assets/', '/uploads/', '/healthz'];
// Headers of one exchange, not of the content: never replayed to someone else.
const UNSHARED_HEADERS = new Set(['x-request-id', 'date', 'set-cookie', 'content-length']);
const CONTENT_HEADERS = ['content-type', 'content-length', 'content-encoding'];

interface StoredResponse {
  /** When it was stored (ms), for the Age header. */
  storedAt: number;
  status: number;
  /** By lower-case name, as a Headers gives them. */
  headers: Readonly<Record<string, string>>;
  body: Uint8Array<ArrayBuffer>;
  etag: string | null;
}

/** Searches, by URL: the REST list's keyword, the blog's search pages and its search form's answers. */
export function isSearchUrl(url: URL): boolean {
  const path = url.pathname.toLowerCase();
  return (
    url.searchParams.has('keyword') || path.startsWith('/blog/search/') || path.replace(/\/+$/, '') === SEARCH_FORM_PATH
  );
}

interface NodeBindings {
  incoming?: IncomingMessage;
}

/**
 * A small body, read straight from Node's request when there is one: a hit then never builds the
 * fetch Request the Node adapter would otherwise make (a third of a hit's time).
 */
async function bodyOf(c: Context): Promise<string> {
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  if (!incoming || incoming.readableEnded) return c.req.raw.text();
  // Events rather than `for await`: the async iterator was a twentieth of what a hit allocated.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.once('error', reject);
    // A client gone before the end: 'close' without 'end' (after an 'end', resolve has happened).
    incoming.once('close', () => reject(new Error('The request closed before its body ended')));
  });
}

function sizeOf(stored: StoredResponse): number {
  return (
    stored.body.byteLength +
    Object.entries(stored.headers).reduce((sum, [name, value]) => sum + name.length + value.length, 512)
  );
}

function replay(c: Context, stored: StoredResponse): Response {
  // A plain object, not a Headers: Node's adapter writes it as it is, where a Headers would be built,
  // sorted and read back into one on every hit (a third of what a hit allocated, by a heap profile).
  const headers: Record<string, string> = { ...stored.headers };
  // RFC 9111: a cache says how long ago the answer was made, so a browser's max-age counts from then.
  headers.age = String(Math.floor((Date.now() - stored.storedAt) / 1000));
  if (stored.etag && etagMatches(c.req.header('if-none-match') ?? null, stored.etag)) {
    for (const name of CONTENT_HEADERS) delete headers[name];
    return new Response(null, { status: 304, headers });
  }
  return new Response(c.req.method === 'HEAD' ? null : stored.body, { status: stored.status, headers });
}

function mayStore(c: Context, response: Response): boolean {
  if (response.status !== 200 || response.headers.has('set-cookie')) return false;
  // A response varying on anything else than these would need that in its key.
  const vary = (response.headers.get('vary') ?? '').toLowerCase().split(',');
  if (vary.some((name) => !['', 'cookie', 'accept-encoding'].includes(name.trim()))) return false;
  // The GraphQL layer says so in the request's state (server/http/request-state.ts).
  if (c.req.method === 'POST') return c.get('requestState')?.shareable.result === true;
  // A HEAD's response has no body to store. A GET's is stored when the app validates it (an ETag)
  // and lets others keep it: every anonymous read (server/http/http-cache.ts) and page.
  const cacheControl = response.headers.get('cache-control') ?? '';
  return c.req.method === 'GET' && response.headers.has('etag') && !/no-store|private/i.test(cacheControl);
}

/** Its budget is memory the stored responses may take, bodies as sent (often compressed): RESPONSE_CACHE_MB. */
export function publicResponseCache(caches: ReadCaches): MiddlewareHandler {
  const cache = caches.create<StoredResponse>('responses', sizeOf);

  /**
   * The request's key, or null when it is not one the cache answers; for a GraphQL request, also
   * its body, which was read to make the key.
   */
  async function keyOf(c: Context): Promise<{ key: string; body?: string } | null> {
    const request = c.req.raw;
    if (carriesSession(request)) return null;
    const url = new URL(request.url);
    const encodings = acceptedCodings(c.req.header('accept-encoding')).join(',');
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (PASS_THROUGH_PREFIXES.some((prefix) => url.pathname.startsWith(prefix)) || url.pathname === '/graphql') {
        return null;
      }
      if (isSearchUrl(url)) return null;
      return { key: `GET ${url.pathname}${url.search} ${encodings}` };
    }
    if (request.method !== 'POST' || url.pathname !== '/graphql') return null;
    const length = Number(c.req.header('content-length') ?? NaN);
    const json = (c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json');
    if (!json || !(length <= MAX_GRAPHQL_BODY_BYTES)) return null;
    const body = await bodyOf(c);
    const digest = createHash('sha256').update(body).digest('base64url');
    return { key: `POST ${url.pathname}${url.search} ${encodings} ${c.req.header('accept') ?? ''} ${digest}`, body };
  }

  return async (c, next) => {
    const request = await keyOf(c);
    if (request === null) return next();
    const { key, body: requestBody } = request;
    const hit = cache.lookup(key);
    if (hit) {
      c.res = replay(c, hit.value);
      return;
    }
    if (requestBody !== undefined) {
      // The body was read for the key: GraphQL gets a request that carries it again.
      const raw = c.req.raw;
      c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: requestBody });
    }
    const ticket = cache.ticket();
    const { deps } = await collect(next);
    const response = c.res;
    if (ticket === null || !mayStore(c, response)) return;
    const body = await bodyBytes(response);
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !UNSHARED_HEADERS.has(name.toLowerCase())),
    );
    cache.put(
      key,
      { storedAt: Date.now(), status: response.status, headers, body, etag: response.headers.get('etag') },
      ticket,
      deps,
    );
    // Cleared first: Hono's setter would otherwise merge the old response's headers back in.
    c.res = undefined;
    c.res = new Response(body, { status: response.status, headers: response.headers });
  };
}
