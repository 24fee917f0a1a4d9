// The REST facade's router (/api): the same services as GraphQL, answered as the product's original
// clients expect. Every error is JSON { message } (plus fieldErrors) with its HTTP status; the
// request's context (who asks, the cookies to send back) is built in front of it, as for GraphQL
// (server/context.ts). Writes from another site never get here (server/http/origin-policy.ts,
// mounted in front of /api and /graphql).
import { Hono, type Context as HonoContext } from 'hono';
import { AppError, asExpectedError } from '../errors.ts';
import { carriesSession } from './http-cache.ts';
import { SAFE_METHODS } from './origin-policy.ts';

export type Api = Hono;
export type ApiContext = HonoContext;

export function createApiRouter(): Api {
  const api: Api = new Hono();

  // A write's answer, or a read for someone who carries a session, is nobody else's to keep.
  api.use('*', async (c, next) => {
    await next();
    if (!SAFE_METHODS.has(c.req.method) || carriesSession(c.req.raw)) c.res.headers.set('Cache-Control', 'no-store');
  });

  api.onError((error, c) => errorResponse(error, c.get('requestState')?.requestId));

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
