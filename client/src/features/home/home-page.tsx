import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';

const HomePageQuery = graphql(`
  query HomePage {
    site {
      name
      url
    }
  }
`);

export function HomePage() {
  const { data, loading, error } = useQuery(HomePageQuery);
  if (loading) return <p role="status">Loading…</p>;
  if (error) return <p role="alert">{error.message}</p>;
  return (
    <main>
      <h1>{data?.site.name}</h1>
      <p>Opinions on games, anime, TV shows and books.</p>
    </main>
  );
}
