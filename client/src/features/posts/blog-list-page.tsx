// The blog list, at /blog, /blog/page/{n}, /blog/search/{keyword} and /blog/search/{keyword}/page/{n}:
// the search box, then the page of posts; a search says how many posts it found, and first lists the
// author's pages it found (issue 36). At /blog/search?q=..., where the search box's form lands
// without JavaScript when the server refuses its keyword: the blog, with the box's message.
import { useLocation, useParams, useSearchParams } from 'react-router';
import { keywordError, resultsCount } from '#kernel/search-rules.ts';
import { ErrorMessage } from '../../components/error-message';
import { PageMeta } from '../../components/page-meta';
import { SearchBox } from '../../components/search-box';
import { graphql } from '../../gql';
import { parsePageNumber, SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { useFreshQuery } from '../../lib/query-freshness';
import { PostList } from './post-list';
import { PageSearchResults } from './page-search-results';
import { listPagePath, searchPath } from '#kernel/route-paths.ts';
import { SEARCH_FORM_FIELD } from '#kernel/server-render.ts';

const BlogListQuery = graphql(`
  query BlogList($page: Int!, $search: String) {
    posts(page: $page, search: $search) {
      total
      ...PostList_PostPage
    }
  }
`);

export function BlogListPage({ searchForm = false }: { searchForm?: boolean }) {
  const { keyword, pageNumber } = useParams();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const formKeyword = searchForm ? (searchParams.get(SEARCH_FORM_FIELD) ?? '') : undefined;
  // The route's loader has refused any page number that is not one (route-checks.ts).
  const page = parsePageNumber(pageNumber) ?? 1;
  // A keyword the API would refuse is not sent: the same rule, with the same words, answers here.
  const keywordProblem = keyword === undefined ? null : keywordError(keyword);
  const { data, error, refetch } = useFreshQuery(
    BlogListQuery,
    keyword === undefined ? { page } : { page, search: keyword },
    {
      skip: keywordProblem !== null,
    },
  );

  const pageHref = (to: number) => listPagePath(keyword === undefined ? '/blog' : searchPath(keyword), to);

  return (
    <div className="container">
      <PageMeta
        {...SCREEN_TEXTS.blog}
        path={searchForm ? '/blog' : pathname}
        noindex={keyword !== undefined || searchForm}
      />
      <header className="page-header">
        {/* A refused keyword (' ', 'zelda!') has no results to title: the box's message says why. */}
        <h1>{keyword === undefined || keywordProblem ? 'Blog' : `Search results for “${keyword}”`}</h1>
      </header>
      <SearchBox
        key={keyword ?? formKeyword ?? ''}
        initialKeyword={keyword ?? formKeyword}
        initialError={formKeyword === undefined ? null : keywordError(formKeyword)}
      />
      {keyword !== undefined && !keywordProblem && !error && data && data.posts.total > 0 && (
        <p className="results-count">{resultsCount(data.posts.total)}</p>
      )}
      {keyword !== undefined && !keywordProblem && page === 1 && <PageSearchResults keyword={keyword} />}
      {keywordProblem ? (
        <ErrorMessage>{keywordProblem}</ErrorMessage>
      ) : (
        <PostList
          allPosts={keyword === undefined}
          postPage={data?.posts}
          error={error}
          refetch={refetch}
          page={page}
          pageHref={pageHref}
        />
      )}
    </div>
  );
}
