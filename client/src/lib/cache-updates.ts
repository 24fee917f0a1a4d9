// How a successful write changes Apollo's cache. Each feature's effects (features/*/...-cache.ts)
// evict exactly the fields or objects its write made stale, then garbage-collect what nothing refers
// to any more: the screens showing them read again (from the cache, or the server for what was
// evicted) without a reload, and everything else (other lists, the site query) stays cached. Never
// a whole-cache reset.
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
