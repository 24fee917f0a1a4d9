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
//   server/graphql/shareable-results.ts), keyed by the exact request body; the queries of a page
//   the server renders are looked up and stored under the same keys, without an HTTP request
//   (graphqlRead(), server/graphql/own-reads.ts);
// - never a search: searches are endless keys, each rarely asked twice, and a stream of them would
//   push the pages everyone reads out of the cache.
// Each Accept-Encoding class (and Accept, for GraphQL) is its own entry, since the body differs.
// An answer from here carries an Age header, as any cache's does, and no X-Request-Id: no request
// ran for it.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { Dependencies } from '../cache/content-changes.ts';
import { collect } from '../cache/dependencies.ts';
import type { Ticket } from '../cache/read-cache.ts';
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

function replay(request: { method: string; ifNoneMatch: string | null }, stored: StoredResponse): Response {
  // A plain object, not a Headers: Node's adapter writes it as it is, where a Headers would be built,
  // sorted and read back into one on every hit (a third of what a hit allocated, by a heap profile).
  const headers: Record<string, string> = { ...stored.headers };
  // RFC 9111: a cache says how long ago the answer was made, so a browser's max-age counts from then.
  headers.age = String(Math.floor((Date.now() - stored.storedAt) / 1000));
  if (stored.etag && etagMatches(request.ifNoneMatch, stored.etag)) {
    for (const name of CONTENT_HEADERS) delete headers[name];
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : stored.body, { status: stored.status, headers });
}

/** What any stored answer must be: a 200 that sets no cookie and varies on nothing the key leaves out. */
function storable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has('set-cookie')) return false;
  // A response varying on anything else than these would need that in its key.
  const vary = (response.headers.get('vary') ?? '').toLowerCase().split(',');
  return vary.every((name) => ['', 'cookie', 'accept-encoding'].includes(name.trim()));
}

function mayStore(c: Context, response: Response): boolean {
  if (!storable(response)) return false;
  // The GraphQL layer says so in the request's state (server/http/request-state.ts).
  if (c.req.method === 'POST') return c.get('requestState')?.shareable.result === true;
  // A HEAD's response has no body to store. A GET's is stored when the app validates it (an ETag)
  // and lets others keep it: every anonymous read (server/http/http-cache.ts) and page.
  const cacheControl = response.headers.get('cache-control') ?? '';
  return c.req.method === 'GET' && response.headers.has('etag') && !/no-store|private/i.test(cacheControl);
}

/** Whether a GraphQL POST of this type and length is one the cache keys (and so hashes). */
function keyedGraphqlPost(contentType: string | undefined, length: number): boolean {
  return (contentType ?? '').toLowerCase().startsWith('application/json') && length <= MAX_GRAPHQL_BODY_BYTES;
}

/** The key of a GraphQL POST: the same whether it came over HTTP or from inside the process. */
function graphqlKey(url: URL, encodings: string, accept: string, body: string): string {
  const digest = createHash('sha256').update(body).digest('base64url');
  return `POST ${url.pathname}${url.search} ${encodings} ${accept} ${digest}`;
}

/** An answer the server made for itself: whether it may be given to anyone (shareable-results.ts). */
export interface OwnAnswer {
  response: Response;
  shareable: boolean;
}

/**
 * Its budget is memory the stored responses may take, bodies as sent (often compressed):
 * RESPONSE_CACHE_MB. It answers HTTP requests (middleware()), and the GraphQL reads the server
 * makes for its own pages (graphqlRead()) from the same entries.
 */
export class PublicResponseCache {
  private readonly cache;

  constructor(caches: ReadCaches) {
    this.cache = caches.create<StoredResponse>('responses', sizeOf);
  }

  /**
   * A GraphQL POST /graphql the server asks itself, anonymously (a page it renders): answered from,
   * or stored into, the entry an HTTP request with the same body and Accept, and no Accept-Encoding,
   * has. answer() runs it when there is none; its response must carry the headers /graphql's would,
   * since an HTTP request may be given it next.
   */
  async graphqlRead(request: Request, body: string, answer: () => Promise<OwnAnswer>): Promise<Response> {
    const url = new URL(request.url);
    if (request.method !== 'POST' || url.pathname !== '/graphql') throw new Error(`Not a GraphQL read: ${request.url}`);
    if (!keyedGraphqlPost(request.headers.get('content-type') ?? undefined, Buffer.byteLength(body))) {
      return (await answer()).response;
    }
    const key = graphqlKey(url, '', request.headers.get('accept') ?? '', body);
    const hit = this.cache.lookup(key);
    if (hit) return replay({ method: 'POST', ifNoneMatch: null }, hit.value);
    const ticket = this.cache.ticket();
    const { value, deps } = await collect(answer);
    if (ticket === null || !value.shareable || !storable(value.response)) return value.response;
    return this.keep(key, value.response, ticket, deps);
  }

  /** Stores response under key, unless a change since the ticket touched deps; the response to send on. */
  private async keep(key: string, response: Response, ticket: Ticket, deps: Dependencies): Promise<Response> {
    const body = await bodyBytes(response);
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !UNSHARED_HEADERS.has(name.toLowerCase())),
    );
    this.cache.put(
      key,
      { storedAt: Date.now(), status: response.status, headers, body, etag: response.headers.get('etag') },
      ticket,
      deps,
    );
    return new Response(body, { status: response.status, headers: response.headers });
  }

  /** In front of every route: a stored answer skips them all. */
  middleware(): MiddlewareHandler {
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
      if (!keyedGraphqlPost(c.req.header('content-type'), Number(c.req.header('content-length') ?? NaN))) return null;
      const body = await bodyOf(c);
      return { key: graphqlKey(url, encodings, c.req.header('accept') ?? '', body), body };
    }

    return async (c, next) => {
      const request = await keyOf(c);
      if (request === null) return next();
      const { key, body: requestBody } = request;
      const hit = this.cache.lookup(key);
      if (hit) {
        c.res = replay({ method: c.req.method, ifNoneMatch: c.req.header('if-none-match') ?? null }, hit.value);
        return;
      }
      if (requestBody !== undefined) {
        // The body was read for the key: GraphQL gets a request that carries it again.
        const raw = c.req.raw;
        c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: requestBody });
      }
      const ticket = this.cache.ticket();
      const { deps } = await collect(next);
      const response = c.res;
      if (ticket === null || !mayStore(c, response)) return;
      const kept = await this.keep(key, response, ticket, deps);
      // Cleared first: Hono's setter would otherwise merge the old response's headers back in.
      c.res = undefined;
      c.res = kept;
    };
  }
}
