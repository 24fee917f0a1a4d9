// One tag's posts (issue 36), at /tag/{slug} and /tag/{slug}/page/{n}, 15 a page, newest first, as a
// category's list shows them, with the tag's own feeds. An address no tag has is the 404 page (a
// former one is redirected by the server before it gets here).
import { useLocation, useParams } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { graphql } from '../../gql';
import { parsePageNumber } from '#kernel/page-meta-rules.ts';
import { listPagePath, tagPath } from '#kernel/route-paths.ts';
import { tagDescription, tagHeading } from '#kernel/tag-rules.ts';
import { useFreshQuery } from '../../lib/query-freshness';
import { NotFoundPage } from '../../app/error-page';
import { PostList } from './post-list';

const TagListQuery = graphql(`
  query TagList($page: Int!, $slug: String!) {
    tag(slug: $slug) {
      name
      slug
    }
    posts(page: $page, tag: $slug) {
      ...PostList_PostPage
    }
  }
`);

export function TagListPage() {
  const { slug = '', pageNumber } = useParams();
  const { pathname } = useLocation();
  // The route's loader has refused any page number that is not one (route-checks.ts).
  const page = parsePageNumber(pageNumber) ?? 1;
  const { data, error, refetch } = useFreshQuery(TagListQuery, { page, slug });

  if (data && data.tag === null) return <NotFoundPage />;
  const tag = data?.tag;
  return (
    <div className="container">
      {tag && (
        <>
          <PageMeta title={tagHeading(tag.name)} description={tagDescription(tag.name)} path={pathname} />
          <header className="page-header">
            <h1>{tagHeading(tag.name)}</h1>
            <p className="page-lead">{tagDescription(tag.name)}</p>
            <p className="category-feed">
              <a href={`${tagPath(tag.slug)}/rss.xml`} type="application/rss+xml">
                RSS feed of {tagHeading(tag.name)}
              </a>
            </p>
          </header>
        </>
      )}
      <PostList
        postPage={data?.posts}
        error={error}
        refetch={refetch}
        page={page}
        pageHref={(to) => listPagePath(tagPath(slug), to)}
        offerSearch
      />
    </div>
  );
}
