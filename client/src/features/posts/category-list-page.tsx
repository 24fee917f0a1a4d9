// One category's posts, at /{category} and /{category}/page/{n}, 15 a page, newest first.
import { useLocation, useParams } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { graphql } from '../../gql';
import { parsePageNumber, type CategoryScreen } from '#kernel/page-meta-rules.ts';
import { toApiCategory } from '#kernel/post-rules.ts';
import { useFreshQuery } from '../../lib/query-freshness';
import { PostList } from './post-list';
import { listPagePath } from '#kernel/route-paths.ts';

const CategoryListQuery = graphql(`
  query CategoryList($page: Int!, $category: Category!) {
    posts(page: $page, category: $category) {
      ...PostList_PostPage
    }
  }
`);

interface CategoryListPageProps {
  category: CategoryScreen;
}

export function CategoryListPage({ category }: CategoryListPageProps) {
  const { pageNumber } = useParams();
  const { pathname } = useLocation();
  // The route's loader has refused any page number that is not one (route-checks.ts).
  const page = parsePageNumber(pageNumber) ?? 1;
  const { data, error, refetch } = useFreshQuery(CategoryListQuery, {
    page,
    category: toApiCategory(category.category),
  });

  return (
    <div className="container">
      <PageMeta title={category.heading} description={category.description} path={pathname} />
      <header className="page-header">
        <h1>{category.heading}</h1>
        <p className="page-lead">{category.description}</p>
        <p className="category-feed">
          <a href={`/${category.path}/rss.xml`} type="application/rss+xml">
            RSS feed of {category.heading}
          </a>
        </p>
      </header>
      <PostList
        postPage={data?.posts}
        error={error}
        refetch={refetch}
        page={page}
        pageHref={(to) => listPagePath(`/${category.path}`, to)}
        offerSearch
      />
    </div>
  );
}
