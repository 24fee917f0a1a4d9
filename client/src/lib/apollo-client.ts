// The one Apollo Client of the app: same-origin /graphql, the session travels in its cookie.
//
//   signOutOnUnauthenticated -> initialResultsLink (answers written into the page)
//     -> split: variables hold a File ? upload link (multipart) : HttpLink (JSON)
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ErrorLink } from '@apollo/client/link/error';
import { isUnauthenticated } from './api-errors';
import { evictCurrentUser } from './cache-updates';
import { initialResultsLink } from './initial-results';
import { createUploadLink, isUploadOperation } from './upload-link';
import { clearUserInfo } from './user-info';

const GRAPHQL_URI = '/graphql';
const CREDENTIALS = 'same-origin';

/**
 * Any 401 / UNAUTHENTICATED answer means the server no longer knows this browser's session, so the
 * client signs out too ("Any 401 response: user logged out"): the guards then leave any screen that
 * needs a session. The error still reaches the screen, which shows its message as usual.
 */
const signOutOnUnauthenticated = new ErrorLink(({ error, operation }) => {
  const { response } = operation.getContext() as { response?: Response };
  if (response?.status !== 401 && !isUnauthenticated(error)) return;
  // The session is gone, not the author's work: unsaved drafts stay for after the next sign-in.
  clearUserInfo();
  evictCurrentUser(operation.client.cache);
});

/** The browser's client; with the cache the server rendered the page from, when it did. */
export function createApolloClient(cacheState?: Record<string, unknown>): ApolloClient {
  const transport = ApolloLink.split(
    isUploadOperation,
    createUploadLink({ uri: GRAPHQL_URI, credentials: CREDENTIALS }),
    new HttpLink({ uri: GRAPHQL_URI, credentials: CREDENTIALS }),
  );
  return new ApolloClient({
    link: ApolloLink.from([signOutOnUnauthenticated, initialResultsLink, transport]),
    cache: cacheState ? new InMemoryCache().restore(cacheState as never) : new InMemoryCache(),
  });
}
