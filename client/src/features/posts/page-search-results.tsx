// The search page's "Pages" group: the author's published pages that match the keyword (about,
// /now...), above the posts it found. Pages are not posts: they are never in the posts' count or pages.
import { Link } from 'react-router';
import { pagePath } from '#kernel/route-paths.ts';
import { graphql } from '../../gql';
import { useFreshQuery } from '../../lib/query-freshness';

const PageSearchQuery = graphql(`
  query PageSearch($search: String!) {
    pages(search: $search) {
      id
      slug
      title
      description
    }
  }
`);

/** keyword: one the search rules accept. Nothing at all when no page matches (or the search failed). */
export function PageSearchResults({ keyword }: { keyword: string }) {
  const { data } = useFreshQuery(PageSearchQuery, { search: keyword });
  const pages = data?.pages ?? [];
  if (pages.length === 0) return null;
  return (
    <section className="page-search-results" aria-labelledby="page-search-results-heading">
      <h2 id="page-search-results-heading">Pages</h2>
      <ul>
        {pages.map((page) => (
          <li key={page.id}>
            <Link to={pagePath(page.slug)}>{page.title}</Link>
            {page.description && <span>: {page.description}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
