// The requests the scenarios send, shaped as the site's own clients send them.
import { PAGE_SIZE } from '#kernel/post-rules.ts';
import type { LoadRequest } from './load.ts';
import { between, pick, type Random } from './random.ts';

export function pagesOf(posts: number): number {
  return Math.ceil(posts / PAGE_SIZE);
}

/** GET /api/blogposts?pageNumber=N, N anywhere in the blog: deep pages cost what they cost. */
export function restListPage(random: Random, pages: number): LoadRequest {
  return restListPageNumber(between(random, 1, pages));
}

export function restListPageNumber(page: number): LoadRequest {
  return { label: 'rest-list', path: `/api/blogposts?pageNumber=${page}` };
}

/**
 * A page's HTML as a browser (or a crawler) asks for it: compressed. A server-rendered post page is
 * 5 to 10 times smaller in Brotli, and the response cache keeps what it sent, so an uncompressed
 * request would measure a cache that holds 5 to 10 times fewer pages than readers get.
 */
export const BROWSER_PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

/** GET /blog/{slug}, the post page's HTML. */
export function postPage(slug: string): LoadRequest {
  return { label: 'post-html', path: `/blog/${slug}`, headers: BROWSER_PAGE_HEADERS };
}

/** A query as Apollo Client's HttpLink posts it. */
export function graphqlRequest(label: string, query: string, variables: Record<string, unknown>): LoadRequest {
  return {
    label,
    method: 'POST',
    path: '/graphql',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json,application/json;q=0.9',
    },
    body: JSON.stringify({ operationName: /^(?:query|mutation) (\w+)/.exec(query)?.[1], variables, query }),
  };
}

/** The cached reads of a day on the site, in the mixed scenario's shares (percent of all requests). */
export const CACHED_READS = [
  ['rest-list', 30],
  ['graphql-list', 25],
  ['post-html', 20],
  ['post-graphql', 18],
] as const;

export type CachedReadKind = (typeof CACHED_READS)[number][0];

/** The documents the GraphQL reads send: the client's own blog list and post page queries. */
export interface ReadDocuments {
  listQuery: string;
  postQuery: string;
}

/** What the cached reads choose from: the list's pages, the posts' slugs, the client's documents. */
export interface ReadSources {
  pages: number;
  slugs: readonly string[];
  documents: ReadDocuments;
}

/** One read of each kind: a random list page, or a random post of slugs. */
export function cachedRead(
  kind: CachedReadKind,
  random: Random,
  { pages, slugs, documents }: ReadSources,
): LoadRequest {
  switch (kind) {
    case 'rest-list':
      return restListPage(random, pages);
    case 'graphql-list':
      return graphqlRequest(kind, documents.listQuery, { page: between(random, 1, pages) });
    case 'post-html':
      return postPage(pick(random, slugs));
    case 'post-graphql':
      return graphqlRequest(kind, documents.postQuery, { slug: pick(random, slugs) });
  }
}

/**
 * Every distinct cached read once: sent before a steady-state run, so that it measures the site as
 * readers find it after a while (every page asked for at least once), not its first minutes.
 */
export function everyCachedRead({ pages, slugs, documents }: ReadSources): LoadRequest[] {
  const pageNumbers = Array.from({ length: pages }, (_, i) => i + 1);
  return [
    ...pageNumbers.map(restListPageNumber),
    ...pageNumbers.map((page) => graphqlRequest('graphql-list', documents.listQuery, { page })),
    ...slugs.map(postPage),
    ...slugs.map((slug) => graphqlRequest('post-graphql', documents.postQuery, { slug })),
  ];
}
