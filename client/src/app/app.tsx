import { ApolloProvider } from '@apollo/client/react';
import { RouterProvider } from 'react-router';
import { createApolloClient } from '../lib/apollo-client';
import { createAppRouter } from './router';

const client = createApolloClient();
const router = createAppRouter();

export function App() {
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
