import { ApolloProvider } from '@apollo/client/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { createApolloClient } from '../lib/apollo-client';

const client = createApolloClient();

const router = createBrowserRouter([{ path: '/', element: <HomePage /> }]);

export function App() {
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
