// The author's list of posts (adminPosts: every post, drafts and scheduled ones included, the last
// edited first) and its Publish and Unpublish; what they and Delete change in Apollo's cache is the
// one rule of lib/post-writes.ts.
import { graphql } from '../../gql';

export const AdminPostsQuery = graphql(`
  query AdminPosts($page: Int!, $status: PostStatus, $category: Category, $search: String) {
    adminPosts(page: $page, status: $status, category: $category, search: $search) {
      page
      pages
      total
      items {
        id
        slug
        title
        status
        category
        publishedAt
        updatedAt
      }
    }
  }
`);

export const SetPostStatusMutation = graphql(`
  mutation StudioSetPostStatus($id: ID!, $status: PostStatus!) {
    setPostStatus(id: $id, status: $status) {
      id
      status
      slug
      publishedAt
      updatedAt
    }
  }
`);
