import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { RouterProvider } from 'react-router';
import type { ServerState } from '#kernel/server-render.ts';
import { createApolloClient } from '../lib/apollo-client';
import { confirmStoredUser } from '../lib/session';
import { createAppRouter } from './router';

interface AppParts {
  client: ApolloClient;
  router: ReturnType<typeof createAppRouter>;
}

/** The app's client and router, from the state the server rendered the page in when it did. */
export function createAppParts(serverState?: ServerState): AppParts {
  const client = createApolloClient(serverState?.cache);
  const router = createAppRouter(serverState?.router);
  // A user stored by an earlier visit counts only once the server confirms the session.
  void confirmStoredUser(client);
  return { client, router };
}

export function App({ client, router }: AppParts) {
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
