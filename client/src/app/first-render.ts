// What a screen needs before its first render, where that render is of a page the server rendered:
// the server renders the page in one pass, and the browser's first render must produce the same
// markup (it hydrates it). So the lazily loaded screens of the matched routes, and the chunks a
// screen would otherwise fetch after it has rendered (the home page's carousel, the post page's
// sanitizer: a route's `handle.beforeFirstRender`), are loaded first, on both sides.
import { matchRoutes, type RouteObject } from 'react-router';

export interface FirstRenderHandle {
  beforeFirstRender: () => Promise<unknown>;
}

/** The chunks a matched route's screen fetches after its render otherwise (its handle's). */
export async function beforeFirstRender(route: { handle?: unknown }): Promise<void> {
  await (route.handle as Partial<FirstRenderHandle> | undefined)?.beforeFirstRender?.();
}

/**
 * The browser's: loads the matched routes' lazy screens into the routes themselves, and their
 * handles' chunks. (The server's render does the same as its static handler loads the page's
 * data, from the one match it makes: client/src/entry-server.tsx.)
 */
export async function loadFirstRender(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === 'function') {
        // As if the route had been written with what its lazy() returns (react-router's own advice
        // for lazy routes under server rendering); done before the router is created from them.
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }
      await beforeFirstRender(route);
    }),
  );
}
