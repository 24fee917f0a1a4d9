// The one Apollo Client of the app: same-origin /graphql, the session travels in its cookie.
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
    cache: new InMemoryCache(),
  });
}
