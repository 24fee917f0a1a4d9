// The author's pages in the studio: their addresses (the server matches the same:
// server/modules/pages/page-routes.ts) and the GraphQL of the list, the editor and the writes.
import type { ApolloCache } from '@apollo/client';
import { graphql } from '../gql';

/** The list of pages in the studio. */
export const ADMIN_PAGES_PATH = '/admin/pages';

/** The editor of a new page. */
export const NEW_PAGE_PATH = '/admin/pages/new';

/** The editor of page `id`. */
export const editPagePath = (id: string) => `/admin/pages/${id}`;

export const AdminPagesQuery = graphql(`
  query AdminPages {
    pages {
      id
      slug
      title
      status
      updatedAt
    }
  }
`);

export const PageEditorFragment = graphql(`
  fragment PageEditor_Page on Page {
    id
    slug
    title
    description
    content
    status
    updatedAt
  }
`);

export const PageEditorQuery = graphql(`
  query PageEditor($id: ID!) {
    page(id: $id) {
      ...PageEditor_Page
    }
  }
`);

export const CreatePageMutation = graphql(`
  mutation CreatePage($input: PageInput!) {
    createPage(input: $input) {
      ...PageEditor_Page
    }
  }
`);

export const UpdatePageMutation = graphql(`
  mutation UpdatePage($id: ID!, $input: PageInput!) {
    updatePage(id: $id, input: $input) {
      ...PageEditor_Page
    }
  }
`);

export const DeletePageMutation = graphql(`
  mutation DeletePage($id: ID!) {
    deletePage(id: $id)
  }
`);

/**
 * After a write: the lists of pages and every page read by its address are asked again (an address
 * may have moved to another page, a draft may have become public), and the search's pages groups.
 */
export function evictAfterPageWritten(cache: ApolloCache): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'pages' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'page' });
  cache.gc();
}
