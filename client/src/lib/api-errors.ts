// What a failed API request means for a screen: the message to show (the server's
// message, otherwise the client's error text), the per-field messages of a
// BAD_USER_INPUT answer, and whether the session is gone. Forms show a failure with showApiError();
// the 401 sign-out happens once, in the Apollo link chain (lib/apollo-client.ts).
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { ErrorCode, FieldErrors } from '#kernel/api-errors.ts';
import { errorMessage } from './error-message';
import { toast } from './toast';

export interface ApiError {
  /** The words for the user: the server's message when it sent one. */
  message: string;
  /** extensions.code of the first error that has one: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN... */
  code: ErrorCode | (string & {}) | undefined;
  /** BAD_USER_INPUT's extensions.fieldErrors ({ field: message }); empty for any other failure. */
  fieldErrors: FieldErrors;
}

interface ErrorEntry {
  message?: unknown;
  extensions?: { code?: unknown; fieldErrors?: unknown };
}

/** The GraphQL errors of a failure: from a GraphQL answer, or from a non-2xx body that holds them. */
function errorEntries(error: unknown): ErrorEntry[] {
  if (CombinedGraphQLErrors.is(error)) return error.errors as ErrorEntry[];
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: unknown };
      if (Array.isArray(body?.errors)) return body.errors as ErrorEntry[];
    } catch {
      // not JSON: no GraphQL errors in it
    }
  }
  return [];
}

function stringRecord(value: unknown): FieldErrors {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Turns whatever a query or mutation failed with (CombinedGraphQLErrors, ServerError, Error) into an ApiError. */
export function apiError(error: unknown): ApiError {
  const entries = errorEntries(error);
  const code = entries.map((entry) => entry.extensions?.code).find((value) => typeof value === 'string');
  const fieldErrors = Object.assign({}, ...entries.map((entry) => stringRecord(entry.extensions?.fieldErrors)));
  return { message: errorMessage(error), code: code as string | undefined, fieldErrors };
}

/** True when the server said the caller is not signed in: UNAUTHENTICATED, or HTTP 401. */
export function isUnauthenticated(error: unknown): boolean {
  if (ServerError.is(error) && error.statusCode === 401) return true;
  return errorEntries(error).some((entry) => entry.extensions?.code === 'UNAUTHENTICATED');
}

/**
 * The one way a form reports a failed request: an error toast with the server's message. Returns
 * the ApiError, so the form can also show its fieldErrors under the fields.
 */
export function showApiError(error: unknown): ApiError {
  const failure = apiError(error);
  toast.error(failure.message);
  return failure;
}

/**
 * Runs a form's request: undefined when it succeeded; when it failed, the failure is shown
 * (showApiError) and the server's field messages come back for the form to put under its fields.
 */
export async function fieldErrorsOf(request: () => Promise<unknown>): Promise<FieldErrors | undefined> {
  try {
    await request();
    return undefined;
  } catch (error) {
    return showApiError(error).fieldErrors;
  }
}
