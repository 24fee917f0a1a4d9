// The per-request facts the HTTP layer hands to GraphQL and REST: an id for the logs, the caller's
// address for rate limits, whether another site sent it, and the cookies to set on the way out.
import { randomUUID } from 'node:crypto';
import type { Context as HonoContext } from 'hono';
import type { Config } from '../config.ts';
import type { RequestState } from '../context.ts';
import { forwardedValue, isCrossSite } from './origin-policy.ts';

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

/** Copies the cookies a handler asked for onto the response, and names the request for support. */
export function withCookies(response: Response, state: RequestState): Response {
  const headers = new Headers(response.headers);
  headers.set('X-Request-Id', state.requestId);
  for (const cookie of state.responseCookies) headers.append('Set-Cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
