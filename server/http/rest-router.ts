// The REST facade's router (/api): the same services as GraphQL, answered as the product's original
// clients expect. Every error is JSON { message } (plus fieldErrors) with its HTTP status; the
// session cookie is read once and renewed like GraphQL does. Writes from another site never get
// here (server/http/origin-policy.ts, mounted in front of /api and /graphql).
import { Hono, type Context as HonoContext } from 'hono';
import type { Config } from '../config.ts';
import type { RequestState, Viewer } from '../context.ts';
import { AppError, asExpectedError } from '../errors.ts';
import type { Services } from '../services.ts';
import { SAFE_METHODS } from './origin-policy.ts';
import { requestStateOf, withCookies } from './request-state.ts';
import { resolveViewer } from './viewer.ts';

export interface ApiVariables {
  state: RequestState;
  viewer: Viewer | null;
  sessionId: string | null;
}

export type Api = Hono<{ Variables: ApiVariables }>;
export type ApiContext = HonoContext<{ Variables: ApiVariables }>;

export function createApiRouter(config: Config, services: Services): Api {
  const api: Api = new Hono<{ Variables: ApiVariables }>();

  api.use('*', async (c, next) => {
    const state = requestStateOf(c, config);
    const { viewer, sessionId } = await resolveViewer(services, c.req.raw, state);
    c.set('state', state);
    c.set('viewer', viewer);
    c.set('sessionId', sessionId);
    await next();
    if (!SAFE_METHODS.has(c.req.method) || viewer) c.res.headers.set('Cache-Control', 'no-store');
    c.res = withCookies(c.res, state);
  });

  api.onError((error, c) => {
    const state = c.get('state');
    const response = errorResponse(error, state?.requestId);
    return state ? withCookies(response, state) : response;
  });

  return api;
}

/** Call after every module registered its routes: what is left is a JSON 404 (a mounted router's notFound is not used). */
export function closeApiRouter(api: Api): void {
  api.all('*', (c) => c.json({ message: 'Not found' }, 404));
}

export function errorResponse(error: unknown, requestId = 'unknown'): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  const expected = asExpectedError(error);
  if (expected) {
    if (expected.details.retryAfterSeconds) headers['Retry-After'] = String(expected.details.retryAfterSeconds);
    const body = {
      message: expected.message,
      ...(expected.details.fieldErrors ? { fieldErrors: expected.details.fieldErrors } : {}),
    };
    return Response.json(body, { status: expected.status, headers });
  }
  console.error(`Unexpected error in a REST request (request ${requestId}):`, error);
  return Response.json({ message: 'Unexpected error.' }, { status: 500, headers });
}

/** A page number from the query string: missing means 1; anything but a positive whole number is refused. */
export function pageParam(c: ApiContext, name: string): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return 1;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new AppError('BAD_USER_INPUT', `${name} must be a positive whole number`);
  }
  return Number(raw);
}

/** The JSON object a request carries, or a 400 that says what is wrong. */
export async function jsonBody(c: ApiContext): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('BAD_USER_INPUT', 'The request body must be a JSON object');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('BAD_USER_INPUT', 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** The fields of a multipart/form-data request, each name with every value it was sent with. */
export interface FormFields {
  /** The first text value of a field (a file under that name is skipped). */
  text(name: string): string | undefined;
  getAll(name: string): Array<string | File>;
}

export async function formBody(c: ApiContext): Promise<FormFields> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new AppError('BAD_USER_INPUT', 'The request body must be multipart/form-data');
  }
  return {
    text: (name) => form.getAll(name).find((value): value is string => typeof value === 'string'),
    getAll: (name) => form.getAll(name),
  };
}

export function isMultipart(c: ApiContext): boolean {
  return (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
}

/** A text field: strings as they are, anything else (a file, a number in JSON) as absent. */
export function textField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
