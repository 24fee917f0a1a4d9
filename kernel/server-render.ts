// What the server and the client's server-rendering entry (client/src/entry-server.tsx, built into
// the client build's .server/ folder) say to each other. The server never imports the client's code:
// it loads the built entry and calls its renderPage with what the page needs from the server.

/** The search box's form without JavaScript: GET SEARCH_FORM_PATH?q=keyword. */
export const SEARCH_FORM_PATH = '/blog/search';
export const SEARCH_FORM_FIELD = 'q';

/** The id of the JSON data block that carries the server's state to the client's hydration. */
export const SERVER_STATE_ID = 'server-state';

/**
 * Every query of the client by name, as Apollo Client sends it, written into the client build by
 * client/build/graphql-documents.ts and read by the server (server/modules/pages/initial-results.ts)
 * to answer a page's first queries inside the page. Never served (client-files.ts).
 */
export const OPERATIONS_FILE = 'graphql-operations.json';

/** Where the built entry is, inside the client build's folder (a dot-folder: never served). */
export const SERVER_ENTRY_FILE = '.server/entry-server.js';

export interface RenderRequest {
  /** The page's path and query, as requested. */
  url: string;
  /**
   * Answers POST /graphql as the app's /graphql would, for a visitor who is not signed in: inside
   * the server's process (no HTTP request), from and into the server's response cache.
   */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** The server's content sanitizer, which cuts a post's HTML down as the browser's would. */
  sanitizeContent: (html: string) => string;
}

/** One query the page's data answered, so the client counts it as just fetched. */
export interface AnsweredQuery {
  operationName: string;
  variables: Record<string, unknown>;
}

/** What the client hydrates from: the same data, and the router's state, the server rendered with. */
export interface ServerState {
  /** Apollo Client's cache (client.extract()). */
  cache: Record<string, unknown>;
  answered: AnsweredQuery[];
  /** React Router's hydration data: what each matched route's loader returned or threw. */
  router: {
    loaderData: Record<string, unknown>;
    actionData: Record<string, unknown> | null;
    errors: Record<string, unknown> | null;
  };
}

export interface RenderedPage {
  /** The markup of everything inside <div id="root">. */
  html: string;
  state: ServerState;
}

export type RenderPage = (request: RenderRequest) => Promise<RenderedPage>;

/**
 * Where the client build names the islands' script (client/build/islands-bundle.ts): the one script
 * of a page read without the app (docs/decisions/051). A dot-file: never served.
 */
export const ISLANDS_MANIFEST_FILE = '.islands.json';

export interface IslandsManifest {
  /** The script's address, /assets/islands-<hash>.js. */
  script: string;
}
