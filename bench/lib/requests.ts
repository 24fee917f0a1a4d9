// The requests the scenarios send, shaped as the site's own clients send them.
import { PAGE_SIZE } from '#kernel/post-rules.ts';
import type { LoadRequest } from './load.ts';
import { between, type Random } from './random.ts';

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
