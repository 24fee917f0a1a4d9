// What deleting a post changes in Apollo's cache (the eviction rules of lib/cache-updates.ts).
import type { ApolloCache } from '@apollo/client';
import { evictObject, evictRootField } from '../../lib/cache-updates';

/**
 * After deletePost: the post, the `post(id)` answer that named it, every page of posts (counts and
 * pages change) and Latest (the next newest post moves in).
 */
export function evictAfterPostDeleted(cache: ApolloCache, id: string): void {
  evictObject(cache, 'Post', id);
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'post', args: { id } });
  evictRootField(cache, 'posts');
  evictRootField(cache, 'latestPosts');
  cache.gc();
}
