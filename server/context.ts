// Everything a resolver or a REST handler may use, built once per request.
import type { Config } from './config.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import type { Services } from './services.ts';

export interface Viewer {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** What the HTTP layer knows about a request before GraphQL or REST sees it. */
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
  /** Set by GraphQL when the result may be given to anyone (server/graphql/shareable-results.ts). */
  shareable: { result: boolean };
}

export interface Context extends RequestState {
  request: Request;
  prisma: PrismaClient;
  config: Config;
  services: Services;
  viewer: Viewer | null;
  /** The id of the session the request came with, when it is valid. */
  sessionId: string | null;
}
