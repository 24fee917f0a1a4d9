// The per-request facts the HTTP layer knows before GraphQL or REST sees a request: an id for the
// logs, the caller's address for rate limits, whether another site sent it, the cookies to set on
// the way out, and whether the answer may be given to anyone.
import { randomUUID } from 'node:crypto';
import type { Context as HonoContext } from 'hono';
import type { Config } from '../config.ts';
import { forwardedValue, isCrossSite } from './origin-policy.ts';

export interface RequestState {
  requestId: string;
  /** The caller's address (with TRUST_PROXY, what the proxy appended to X-Forwarded-For), for rate limits. */
  clientAddress: string;
  /** Set-Cookie values the HTTP layer adds to the response (sign-in, sign-out, session renewal). */
  responseCookies: string[];
  /**
   * Sent by a browser from another site (server/http/origin-policy.ts): answered as if it carried
   * no session, and its writes are refused.
   */
  crossSite: boolean;
  /**
   * Set by GraphQL when the result may be given to anyone (server/graphql/shareable-results.ts);
   * the response cache reads it to decide whether to keep the answer.
   */
  shareable: { result: boolean };
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set for /graphql and /api requests by the request context middleware (server/context.ts). */
    requestState: RequestState;
  }
}

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

export function requestStateOf(c: HonoContext, config: Pick<Config, 'trustProxy' | 'siteUrl'>): RequestState {
  const socketAddress = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
  const forwarded = config.trustProxy ? forwardedValue(c.req.raw, 'x-forwarded-for') : undefined;
  // A proxy's request id is kept so logs line up, but only if it cannot forge log lines.
  const given = c.req.header('x-request-id');
  return {
    requestId: given && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID(),
    clientAddress: forwarded || socketAddress || 'unknown',
    crossSite: isCrossSite(c.req.raw, config),
    responseCookies: [],
    shareable: { result: false },
  };
}

/**
 * The state of a request the server makes of itself (the GraphQL reads of a page it renders): no
 * caller's address, no other site, no cookies to set.
 */
export function ownRequestState(): RequestState {
  return {
    requestId: randomUUID(),
    clientAddress: 'unknown',
    crossSite: false,
    responseCookies: [],
    shareable: { result: false },
  };
}

/**
 * Puts the cookies a handler asked for on the response, and names the request for support. The
 * headers are changed in place when they are the platform's own: a copy would read the body back
 * through a stream (server/http/response-bytes.ts), and every response here is made for this request
 * alone. Otherwise the response is copied into one the HTTP adapter can send: Yoga's, whose headers
 * are its fetch library's own class, and Response.redirect's, whose headers may not change.
 */
export function withCookies(response: Response, state: RequestState): Response {
  if (response.headers instanceof Headers) {
    try {
      addRequestHeaders(response.headers, state);
      return response;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  }
  const headers = new Headers(response.headers);
  addRequestHeaders(headers, state);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function addRequestHeaders(headers: Headers, state: RequestState): void {
  headers.set('X-Request-Id', state.requestId);
  for (const cookie of state.responseCookies) headers.append('Set-Cookie', cookie);
}
