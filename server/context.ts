// Everything a resolver or a REST handler may use, built once per request by one middleware, for
// GraphQL and REST alike.
import type { MiddlewareHandler } from 'hono';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import { requestStateOf, withCookies, type RequestState } from './http/request-state.ts';
import { resolveViewer } from './modules/auth/session.service.ts';
import type { Viewer } from './modules/auth/viewer.ts';
import type { Services } from './services.ts';

export interface Context extends RequestState {
  request: Request;
  prisma: PrismaClient;
  config: Config;
  services: Services;
  viewer: Viewer | null;
  /** The id of the session the request came with, when it is valid. */
  sessionId: string | null;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set for /graphql and /api requests by requestContext(). */
    context: Context;
  }
}

/**
 * Builds the request's context (who asks, from where, the cookies to send back) before GraphQL or
 * REST runs, and puts the cookies a handler queued on whatever response comes back, errors included.
 */
export function requestContext({
  config,
  db,
  services,
}: {
  config: Config;
  db: Database;
  services: Services;
}): MiddlewareHandler {
  return async (c, next) => {
    const state = requestStateOf(c, config);
    c.set('requestState', state);
    const { viewer, sessionId } = await resolveViewer(services.sessions, c.req.raw, state);
    c.set('context', { ...state, request: c.req.raw, prisma: db.prisma, config, services, viewer, sessionId });
    await next();
    // Only a new response is set: Hono copies whatever is set, body and all, to merge headers.
    const response = withCookies(c.res, state);
    if (response !== c.res) c.res = response;
  };
}
