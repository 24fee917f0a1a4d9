// What the card writes change in Apollo's cache (the eviction rules of lib/cache-updates.ts).
import type { ApolloCache, TypedDocumentNode } from '@apollo/client';
import { evictObject, evictRootField } from '../../lib/cache-updates';

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
 * After moveUpcomingCard, whose answer is every card in the new order: the list is that answer, in
 * the admin list and the carousel alike (one root field), with no request.
 */
export function showCardOrder<Card>(
  cache: ApolloCache,
  query: TypedDocumentNode<{ upcomingCards: Card[] }, Record<string, never>>,
  cards: Card[],
): void {
  cache.writeQuery({ query, data: { upcomingCards: cards } });
}
