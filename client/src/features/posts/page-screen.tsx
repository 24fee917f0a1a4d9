// A page the author wrote, at /{slug} (about, hire-me, /now...): its title and its text, sanitized
// once more before it is rendered (as a post's), with the owner's details under the text on the pages
// that show them. The admin also sees drafts here, marked as a preview; anyone else gets the 404 page.
import { Suspense, use, useContext, useEffect, type MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailure } from '../../components/load-failure';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { useFreshQuery } from '../../lib/query-freshness';
import { ServerSanitizerContext } from '../../lib/server-sanitizer';
import { useUserInfo } from '../../lib/user-info';
import { NotFoundPage } from '../../app/error-page';
import { loadSanitizer } from './post-article';
import { decorateContent } from '#kernel/content-display.ts';
import { pagePath } from '#kernel/route-paths.ts';
import { editPagePath } from '../../lib/page-writes';
import { OwnerDetails } from './owner-details';
import '../../components/rich-content.css';

const PageDetailQuery = graphql(`
  query PageDetail($slug: String!) {
    page(slug: $slug) {
      id
      slug
      title
      description
      content
      status
    }
  }
`);

/**
 * A plain click on a link of the text to another address of this site (/games, /hire-me) is followed
 * inside the app, as the site's own links are, not by loading the page again.
 */
function useInAppLinks(): (event: MouseEvent<HTMLDivElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || link.target || !/^\/(?![/\\])/.test(href)) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(href);
  };
}

function PageContent({ content }: { content: string }) {
  const sanitizeContent = useContext(ServerSanitizerContext) ?? use(loadSanitizer()).sanitizeContent;
  const followInApp = useInAppLinks();
  return (
    // Enter on a link is a click too: the keyboard is routed the same way.
    <div
      className="post-content"
      onClick={followInApp}
      dangerouslySetInnerHTML={{ __html: decorateContent(sanitizeContent(content)) }}
    />
  );
}

export function PageScreen() {
  const { pageSlug = '' } = useParams();
  const { data, error, refetch } = useFreshQuery(PageDetailQuery, { slug: pageSlug.toLowerCase() });
  const user = useUserInfo();

  // The sanitizer's chunk downloads alongside the query, not after it.
  useEffect(() => {
    void loadSanitizer();
  }, []);

  if (data?.page === null) return <NotFoundPage />;
  if (error && !data) return <LoadFailure error={error} what="the page" onRetry={() => refetch()} />;
  if (!data?.page) return <Spinner label="Loading the page" />;
  const { page } = data;
  const preview = page.status !== 'PUBLISHED';
  return (
    <article className="container container-narrow prose">
      <PageMeta title={page.title} description={page.description} path={pagePath(page.slug)} noindex={preview} />
      {preview && (
        <p className="post-preview-banner" role="status">
          Preview: a draft. Only you can see this page.
        </p>
      )}
      <h1>{page.title}</h1>
      {user?.isAdmin && (
        <p>
          <Link className="button button-secondary" to={editPagePath(page.id)}>
            Edit page
          </Link>
        </p>
      )}
      <Suspense fallback={<Spinner label="Loading the page" />}>
        <PageContent content={page.content} />
      </Suspense>
      <OwnerDetails slug={page.slug} />
    </article>
  );
}
