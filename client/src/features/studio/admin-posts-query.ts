// The author's list of posts (adminPosts: every post, drafts and scheduled ones included, the last
// edited first) and what its row actions change in Apollo's cache.
import type { ApolloCache } from '@apollo/client';
import { graphql } from '../../gql';
import { evictObject, evictRootField } from '../../lib/cache-updates';

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

export const DeletePostMutation = graphql(`
  mutation StudioDeletePost($id: ID!) {
    deletePost(id: $id)
  }
`);

/**
 * After a post is published or unpublished: it moves in or out of every reader's list (the pages
 * of posts, Latest) and of this list's status filters, so those are read again.
 */
export function evictAfterStatusChanged(cache: ApolloCache): void {
  evictRootField(cache, 'posts');
  evictRootField(cache, 'latestPosts');
  evictRootField(cache, 'adminPosts');
  cache.gc();
}

/** After deletePost: the post, the answers that named it, and every list it was in. */
export function evictAfterDeleted(cache: ApolloCache, id: string): void {
  evictObject(cache, 'Post', id);
  evictRootField(cache, 'post');
  evictAfterStatusChanged(cache);
}
