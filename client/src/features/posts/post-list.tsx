// A page of posts as the blog list and the category lists show it: the loading indicator, what went
// wrong with Try again, NOTHING FOUND with a way on, or the grid of cards; then the
// paginator when there is more than one page.
import { Link, useNavigate } from 'react-router';
import { LoadFailure } from '../../components/load-failure';
import { Paginator } from '../../components/paginator';
import { PostCard } from '../../components/post-card';
import { SearchBox } from '../../components/search-box';
import { Spinner } from '../../components/spinner';
import { graphql, type FragmentType, getFragmentData } from '../../gql';
import './post-list.css';

export const PostListFragment = graphql(`
  fragment PostList_PostPage on PostPage {
    pages
    items {
      id
      ...PostCard_Post
    }
  }
`);

interface PostListProps {
  /** The query's page of posts; undefined while it loads. */
  postPage: FragmentType<typeof PostListFragment> | undefined;
  error: unknown;
  /** Asks the server for this page again (Try again after a failure). */
  refetch: () => Promise<unknown>;
  /** The page shown, one-based. */
  page: number;
  /** The address of a page of this list. */
  pageHref: (page: number) => string;
  /** The screen has no search box of its own: NOTHING FOUND offers one. */
  offerSearch?: boolean;
  /** The list is all posts (the blog): NOTHING FOUND has no 'all posts' to lead to. */
  allPosts?: boolean;
}

export function PostList({
  postPage,
  error,
  refetch,
  page,
  pageHref,
  offerSearch = false,
  allPosts = false,
}: PostListProps) {
  const navigate = useNavigate();
  if (error) {
    return <LoadFailure error={error} what="the posts" onRetry={refetch} />;
  }
  if (!postPage) return <Spinner label="Loading posts" />;

  const { pages, items } = getFragmentData(PostListFragment, postPage);
  return (
    <>
      {items.length === 0 ? (
        <div className="nothing-found-block">
          <p className="nothing-found">NOTHING FOUND</p>
          {page > Math.max(1, pages) ? (
            // Past the last page, on every list alike: say so, and lead back to the first.
            <p>
              There is no page {page} here. <Link to={pageHref(1)}>Go to the first page</Link>
            </p>
          ) : (
            !allPosts && (
              <p>
                <Link to="/blog">See all posts</Link>
                {offerSearch ? ', or search for something else:' : ''}
              </p>
            )
          )}
          {offerSearch && <SearchBox />}
        </div>
      ) : (
        <div className="post-card-grid">
          {items.map((post, index) => (
            // The first card's picture is in view on arrival: fetched first; the rest lazily.
            <PostCard key={post.id} post={post} priority={index === 0} />
          ))}
        </div>
      )}
      {/* Its own navigation landmark ('Pagination'); nothing at all for a single page. */}
      <Paginator page={page} pages={pages} pageHref={pageHref} onPageChange={(to) => navigate(pageHref(to))} />
    </>
  );
}
