// Everything a resolver or a REST handler may use, built once per request by one middleware, for
// GraphQL and REST alike.
import type { MiddlewareHandler } from 'hono';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { PrismaClient } from './generated/prisma/client.ts';
import { ownRequestState, requestStateOf, withCookies, type RequestState } from './http/request-state.ts';
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

interface ContextDeps {
  config: Config;
  db: Database;
  services: Services;
}

/**
 * The context of a GraphQL read the server makes of itself, for a page it renders: a visitor who is
 * not signed in, whoever asked for the page, so the page and its answers may be given to anyone.
 */
export function ownRequestContext(request: Request, { config, db, services }: ContextDeps): Context {
  return { ...ownRequestState(), request, prisma: db.prisma, config, services, viewer: null, sessionId: null };
}

/**
 * Builds the request's context (who asks, from where, the cookies to send back) before GraphQL or
 * REST runs, and puts the cookies a handler queued on whatever response comes back, errors included.
 */
export function requestContext({ config, db, services }: ContextDeps): MiddlewareHandler {
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
