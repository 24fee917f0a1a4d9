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

/**
 * What a list screen says when its request failed, in plain words: a request that never reached the
 * site ("Failed to fetch") and a failure of the server itself (masked as 'Unexpected error.', or a
 * 5xx page from a proxy) each get a sentence a reader understands; a message the server chose for
 * the reader (too many requests, say) is shown as it came ("List screens show that message").
 */
export function loadFailureWords(error: unknown, what: string): string {
  if (isServerFault(error)) return `Something went wrong on our side while loading ${what}. Please try again.`;
  if (CombinedGraphQLErrors.is(error) || ServerError.is(error)) return errorMessage(error);
  return `Could not reach the site to load ${what}. Check your connection, then try again.`;
}

function isServerFault(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.some(
      (entry) => entry.extensions?.code === 'INTERNAL_SERVER_ERROR' || entry.message === 'Unexpected error.',
    );
  }
  if (ServerError.is(error)) {
    const message = serverBodyMessage(error.bodyText);
    return error.statusCode >= 500 && (message === undefined || message === 'Unexpected error.');
  }
  return false;
}
