// What writing a post changes in Apollo's cache: the one rule for every screen that writes a post
// (the editor's saves, restoring a revision, the posts screen's Publish, Unpublish and Delete, Delete
// under a post), with the eviction helpers of cache-updates.ts. The post's own object is refreshed in
// place by each mutation's answer (normalized by its id); what is evicted here is every answer that
// may hold it, or its old place, without being that object.
import type { ApolloCache } from '@apollo/client';
import { graphql } from '../gql';
import { evictObject, evictRootField } from './cache-updates';

export const DeletePostMutation = graphql(`
  mutation DeletePost($id: ID!) {
    deletePost(id: $id)
  }
`);

/**
 * After a post is created, saved, published, unpublished or restored to a revision: a new post, a
 * new status, category, title or date moves it in or out of the pages of posts, Latest and the
 * author's list, and of the endings of other posts' pages (the posts just before and after one, the
 * related ones), so every list and every `post(slug)` answer (a reader's page) is read again. The
 * `post(id)` answers stay: the editor's, which the answer refreshes in place while the author writes.
 */
export function evictAfterPostWritten(cache: ApolloCache): void {
  evictRootField(cache, 'posts');
  evictRootField(cache, 'latestPosts');
  evictRootField(cache, 'adminPosts');
  // A post's tags: the tags' lists and their counts (issue 36).
  evictRootField(cache, 'tags');
  evictRootField(cache, 'tag');
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      post: (answer, { storeFieldName, DELETE }) => (storeFieldName.startsWith('post({"slug":') ? DELETE : answer),
    },
  });
  cache.gc();
}

/** After deletePost: the post itself and every answer that named it too, by id or by slug. */
export function evictAfterPostDeleted(cache: ApolloCache, id: string): void {
  evictObject(cache, 'Post', id);
  evictRootField(cache, 'post');
  evictAfterPostWritten(cache);
}
