// Expected failures: a stable code, a human message and an HTTP status, thrown by the services and
// turned into GraphQL errors (extensions.code) or REST answers ({ message }) by the two doors.
// Anything else is a bug: masked as 'Unexpected error.' and logged with the request id.
import type { ErrorCode, FieldErrors } from '#kernel/api-errors.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '#kernel/text-rules.ts';

const STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  STORAGE_FAILED: 500,
};

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: {
      fieldErrors?: FieldErrors;
      retryAfterSeconds?: number;
      /** A more precise HTTP status than the code's own, e.g. 413 or 415 for a refused upload. */
      status?: number;
    } = {},
  ) {
    super(message);
    this.status = details.status ?? STATUS[code];
  }
}

/** A validation failure: the first field's message is the error's message (as the spec's forms show it). */
export function validationError(fieldErrors: FieldErrors): AppError {
  const first = Object.values(fieldErrors)[0] ?? 'Invalid input';
  return new AppError('BAD_USER_INPUT', first, { fieldErrors });
}

/**
 * A write based on an older copy than the stored one (another tab's or another device's save came
 * between) is refused with CONFLICT, never applied over it; `expected` absent: no check.
 */
export function checkVersion(current: { updatedAt: Date }, expected: Date | null | undefined, message: string): void {
  if (expected && expected.getTime() !== current.updatedAt.getTime()) throw new AppError('CONFLICT', message);
}

export const NOT_AUTHORIZED_MESSAGE = 'Not authorized';
export const FORBIDDEN_MESSAGE = 'Admin access required';

// SQLSTATEs of text the database cannot hold (a NUL, an invalid byte sequence, a character the
// encoding lacks): only the caller's input can cause them.
const UNSTORABLE_TEXT_STATES = new Set(['22021', '22P05']);

/** The SQLSTATE of a database error: on pg's and PGlite's own errors, or inside Prisma's. */
function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, meta } = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { code?: unknown } } } };
  const state = meta?.driverAdapterError?.cause?.code ?? code;
  return typeof state === 'string' ? state : undefined;
}

/**
 * What the two doors answer as an expected error: an AppError, or the database refusing a text that
 * the rules did not check (kernel/text-rules.ts catches it first for every field they know),
 * which is the caller's fault and nothing to log. Null for anything else: that is a bug.
 */
export function asExpectedError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const state = sqlStateOf(error);
  if (state !== undefined && UNSTORABLE_TEXT_STATES.has(state)) {
    return new AppError('BAD_USER_INPUT', UNSTORABLE_TEXT_MESSAGE);
  }
  return null;
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', NOT_AUTHORIZED_MESSAGE);
export const forbidden = () => new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
