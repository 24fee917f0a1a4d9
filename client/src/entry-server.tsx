// The server's render of a public page, with the components, routes and queries the browser uses.
// Built on its own (vite.config.ts) into the client build's .server/ folder; the server loads that
// file and calls renderPage (kernel/server-render.ts says what passes between the two).
//
//   react-router's static handler matches the path (the one match of it in the render) and runs the
//   routes' loaders (a page number that is not one is the 404 screen), loading with them the lazy
//   screens and the chunks each matched screen needs before its first render, Apollo's prerenderStatic renders the tree until every query
//   it asks has its answer (from the app's GraphQL, asked in the server's process as a visitor who
//   is not signed in), and
//   the markup, the cache and the router's state go back to the server, which writes them into
//   the page for the browser to hydrate (main.tsx).
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { ApolloProvider } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type DataStrategyFunction,
  type DataStrategyResult,
} from 'react-router';
import { tap } from 'rxjs';
import type { AnsweredQuery, RenderPage } from '#kernel/server-render.ts';
import { beforeFirstRender } from './app/first-render';
import { routes } from './app/router';
import { ServerSanitizerContext } from './lib/server-sanitizer';

const handler = createStaticHandler(routes);

/**
 * React Router's own (each matched route's lazy screen and loader, as it needs them), and with it
 * what each matched screen needs before its first render (first-render.ts), so the path is matched
 * once, by the static handler, for both.
 */
const loadFirstRender: DataStrategyFunction = async ({ matches }) => {
  const results = await Promise.all(
    matches.map(async (match): Promise<[string, DataStrategyResult] | null> => {
      const result = match.shouldLoad ? await match.resolve() : null;
      // After resolve(): a lazy route's handle is its once loaded.
      await beforeFirstRender(match.route);
      return result && [match.route.id, result];
    }),
  );
  return Object.fromEntries(results.filter((result) => result !== null));
};

export const renderPage: RenderPage = async ({ url, fetch, sanitizeContent }) => {
  const context = await handler.query(new Request(new URL(url, 'http://localhost')), {
    dataStrategy: loadFirstRender,
  });
  // No route of the site redirects or answers by itself: every path is a screen.
  if (context instanceof Response) throw new Error(`A route answered ${url} with a bare ${context.status}`);

  const answered: AnsweredQuery[] = [];
  const failed: string[] = [];
  const recordAnswers = new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      tap({
        next: (result) => {
          if (result.errors?.length) failed.push(operation.operationName ?? '');
          else answered.push({ operationName: operation.operationName ?? '', variables: operation.variables });
        },
        error: () => failed.push(operation.operationName ?? ''),
      }),
    ),
  );
  const client = new ApolloClient({
    ssrMode: true,
    link: ApolloLink.from([
      recordAnswers,
      new HttpLink({ uri: '/graphql', fetch: (input, init) => fetch(String(input), init) }),
    ]),
    cache: new InMemoryCache(),
  });
  const router = createStaticRouter(handler.dataRoutes, context);

  const { result } = await prerenderStatic({
    tree: (
      <StrictMode>
        <ServerSanitizerContext value={sanitizeContent}>
          <ApolloProvider client={client}>
            {/* The router's state goes into the page as data (the server's JSON block), not as the
                inline script react-router would write: the site's CSP runs no inline script. */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ApolloProvider>
        </ServerSanitizerContext>
      </StrictMode>
    ),
    renderFunction: renderToString,
  });

  // A page whose data failed (the database gone for a moment) would show its error state to every
  // visitor until the next change empties the page caches: the server serves the bare client
  // instead, which asks for its data itself.
  if (failed.length > 0) throw new Error(`The page's queries failed: ${failed.join(', ')}`);

  return {
    html: result,
    state: {
      cache: client.extract() as Record<string, unknown>,
      answered,
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        // A route error is a plain response (status, statusText, data), which JSON keeps whole.
        errors: context.errors,
      },
    },
  };
};
