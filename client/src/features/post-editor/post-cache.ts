// What saving a post changes in Apollo's cache (the eviction rules of lib/cache-updates.ts).
import type { ApolloCache } from '@apollo/client';
import { evictRootField } from '../../lib/cache-updates';

/**
 * After createPost or updatePost: the post's own object is refreshed by the mutation's answer
 * (normalized by its id), but which lists hold it may have changed with it: a new post, a new
 * category or title, a draft published or a post unpublished moves it in or out of the pages of
 * posts, Latest and the author's list. Those are read again.
 */
export function evictAfterPostSaved(cache: ApolloCache): void {
  evictRootField(cache, 'posts');
  evictRootField(cache, 'latestPosts');
  evictRootField(cache, 'adminPosts');
  cache.gc();
}
