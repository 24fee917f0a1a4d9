import { ApolloProvider } from '@apollo/client/react';
import { RouterProvider } from 'react-router';
import { createApolloClient } from '../lib/apollo-client';
import { confirmStoredUser } from '../lib/session';
import { createAppRouter } from './router';

const client = createApolloClient();
const router = createAppRouter();

// A user stored by an earlier visit counts only once the server confirms the session.
void confirmStoredUser(client);

export function App() {
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
