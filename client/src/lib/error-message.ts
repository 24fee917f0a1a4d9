// The words to show for a failed request ("a toast shows the server's message field, otherwise the
// client error text"): the server's message when
// it sent one, otherwise the client's own error text.
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

const FALLBACK = 'Something went wrong. Please try again.';

export function errorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const messages = error.errors.map((graphqlError) => graphqlError.message).filter(Boolean);
    return messages.length > 0 ? messages.join(' ') : FALLBACK;
  }
  if (ServerError.is(error)) return serverBodyMessage(error.bodyText) ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return FALLBACK;
}

/** `{ errors: [{ message }] }` (GraphQL) or `{ message }` (REST) from a non-2xx body, if it holds one. */
function serverBodyMessage(bodyText: string): string | undefined {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body !== 'object' || body === null) return undefined;
    const { errors, message } = body as { errors?: Array<{ message?: unknown }>; message?: unknown };
    const first = Array.isArray(errors) ? errors[0]?.message : message;
    return typeof first === 'string' && first !== '' ? first : undefined;
  } catch {
    return undefined;
  }
}
