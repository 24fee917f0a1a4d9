// The GraphQL reads the server makes for its own pages (the queries of a page it renders, a form
// page's first answers): run in this process, without an HTTP request to itself, but answered from
// and stored into the same response cache as /graphql's (server/http/response-cache.ts), as a
// visitor who is not signed in. So a page costs no routing, middleware or session lookup per query,
// and its reads and /graphql's are one set of entries, emptied by the same changes.
import type { OwnAnswer, PublicResponseCache } from '../http/response-cache.ts';
import type { RenderRequest } from '#kernel/server-render.ts';

/** A fetch of POST /graphql only, as the render's Apollo Client and the first answers make them. */
export type GraphqlFetch = RenderRequest['fetch'];

export interface OwnReadsDeps {
  responses: PublicResponseCache;
  /** The site's address, which the requests' paths are resolved against. */
  siteUrl: string;
  /** Answers an anonymous GraphQL request with the headers /graphql's answer has over HTTP. */
  answer: (request: Request) => Promise<OwnAnswer>;
}

export function ownGraphqlReads({ responses, siteUrl, answer }: OwnReadsDeps): GraphqlFetch {
  return async (input, init = {}) => {
    // Apollo's HttpLink and initial-results.ts send JSON text; the cache keys the text itself.
    if (typeof init.body !== 'string') throw new Error('A GraphQL read of the server is a JSON text body');
    const body = init.body;
    const request = new Request(new URL(input, siteUrl), { ...init, body });
    return responses.graphqlRead(request, body, () => answer(request));
  };
}
