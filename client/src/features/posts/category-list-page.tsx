// One category's posts, at /{category} and /{category}/page/{n} (../shared/SPEC.md section 2).
import { useLocation, useParams } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { graphql } from '../../gql';
import { parsePageNumber } from '../../lib/page-number';
import { useFreshQuery } from '../../lib/query-freshness';
import type { CategoryRoute } from './category-routes';
import { PostList } from './post-list';

const CategoryListQuery = graphql(`
  query CategoryList($page: Int!, $category: Category!) {
    posts(page: $page, category: $category) {
      ...PostList_PostPage
    }
  }
`);

interface CategoryListPageProps {
  category: CategoryRoute;
}

export function CategoryListPage({ category }: CategoryListPageProps) {
  const { pageNumber } = useParams();
  const { pathname } = useLocation();
  // The route's loader has refused any page number that is not one (route-checks.ts).
  const page = parsePageNumber(pageNumber) ?? 1;
  const { data, error } = useFreshQuery(CategoryListQuery, { page, category: category.category });

  return (
    <div className="container">
      <PageMeta title={category.heading} description={category.description} path={pathname} />
      <header className="page-header">
        <h1>{category.heading}</h1>
        <p className="page-lead">{category.description}</p>
      </header>
      <PostList postPage={data?.posts} error={error} page={page} pageHref={(to) => `/${category.path}/page/${to}`} />
    </div>
  );
}
