// A page of posts as the blog list and the category lists show it: the loading indicator, the server's message, NOTHING FOUND, or the grid of cards; then the
// paginator when there is more than one page.
import { useNavigate } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { Paginator } from '../../components/paginator';
import { PostCard } from '../../components/post-card';
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
  /** The page shown, one-based. */
  page: number;
  /** The address of a page of this list. */
  pageHref: (page: number) => string;
}

export function PostList({ postPage, error, page, pageHref }: PostListProps) {
  const navigate = useNavigate();
  if (error) {
    return <ErrorMessage error={error} />;
  }
  if (!postPage) return <Spinner label="Loading posts" />;

  const { pages, items } = getFragmentData(PostListFragment, postPage);
  return (
    <>
      {items.length === 0 ? (
        <p className="nothing-found">NOTHING FOUND</p>
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
