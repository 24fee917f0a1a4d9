// What a successful write changes in Apollo's cache. Each helper evicts exactly the fields or
// objects the write made stale, then garbage-collects what nothing refers to any more: the screens
// showing them read again (from the cache, or the server for what was evicted) without a reload,
// and everything else (other lists, the site query) stays cached. Never a whole-cache reset.
import type { ApolloCache } from '@apollo/client';

/** Drops a root query field, with every set of arguments it was read with. */
export function evictRootField(cache: ApolloCache, fieldName: string): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName });
}

/** Drops one normalized object (`Typename:id`); lists that held it read on without it. */
export function evictObject(cache: ApolloCache, typename: string, id: string): void {
  const cacheId = cache.identify({ __typename: typename, id });
  if (cacheId) cache.evict({ id: cacheId });
}

/** After signing out (or a 401): nobody is signed in any more. */
export function evictCurrentUser(cache: ApolloCache): void {
  evictRootField(cache, 'me');
  cache.gc();
}

/** After createUpcomingCard: the carousel and the admin list fetch the cards again, new one included. */
export function evictUpcomingCards(cache: ApolloCache): void {
  evictRootField(cache, 'upcomingCards');
  cache.gc();
}

/** After deleteUpcomingCard: the card leaves the carousel and the admin list at once, no request needed. */
export function evictUpcomingCard(cache: ApolloCache, id: string): void {
  evictObject(cache, 'UpcomingCard', id);
  cache.gc();
}

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
