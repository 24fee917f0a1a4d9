// What saving a post changes in Apollo's cache (the eviction rules of lib/cache-updates.ts).
import type { ApolloCache } from '@apollo/client';
import { evictRootField } from '../../lib/cache-updates';

/**
 * After createPost: every page of posts (the blog list, searches, the category lists) and the
 * home page's Latest are read again, with the new post where it belongs.
 */
export function evictAfterPostCreated(cache: ApolloCache): void {
  evictRootField(cache, 'posts');
  evictRootField(cache, 'latestPosts');
  cache.gc();
}

/**
 * After updatePost: the post's own object was refreshed by the mutation's answer (normalized by
 * its id), so its page and the Latest cards already show the change. Only the pages of posts are
 * read again: a new category or title moves the post between category lists and search results.
 * Latest keeps its order (by creation), so it stays.
 */
export function evictAfterPostUpdated(cache: ApolloCache): void {
  evictRootField(cache, 'posts');
  cache.gc();
}
