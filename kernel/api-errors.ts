// The failures the API names, as both sides read them: the server throws them (server/errors.ts)
// and the client's forms read them back from extensions.code and extensions.fieldErrors.

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  /** A write based on a version of the record that is no longer the stored one (HTTP 409). */
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  /** The server failed to keep what was sent (its disk): not the caller's fault, and logged. */
  | 'STORAGE_FAILED';

/** A BAD_USER_INPUT answer's messages, one per field ({ title: 'Title is required' }). */
export type FieldErrors = Record<string, string>;
