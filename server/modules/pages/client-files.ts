// Serves the built React client (dist/client): hashed assets are cached for a year, other files are
// revalidated, and every page path gets index.html so the client's router takes over. With a page
// resolver, index.html carries that page's own head tags and HTTP status (server/modules/pages/page-head.ts):
// an unknown path is still index.html, so the client's error page shows, but with a 404.
//
// Text goes out compressed when the browser accepts it: files as the build's Brotli or gzip copies
// (client/build/precompress.ts), pages compressed as they are sent. Pages are revalidated on every
// visit (no-cache with an ETag, a 304 when unchanged), so a page cached before a deploy never points
// at hashed assets that the deploy removed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import type { GraphqlFetch } from '../../graphql/own-reads.ts';
import type { PageMeta } from './page-meta.ts';
import { matchPageRoute, type PageRoute } from './page-routes.ts';
import { isServerRendered, ServerRenderer } from './server-render.ts';
import { keywordError } from '#kernel/search-rules.ts';
import { isServerPath, redirectLocation, type RedirectRule } from '#kernel/redirect-rules.ts';
import { searchPath } from '#kernel/route-paths.ts';
import {
  ISLANDS_MANIFEST_FILE,
  SEARCH_FORM_FIELD,
  SERVER_STATE_ID,
  type IslandsManifest,
  type RenderedPage,
} from '#kernel/server-render.ts';
import { acceptedCodings } from '../../http/accept-encoding.ts';
import { projectRoot } from '../../project-root.ts';
import { escapeMarkup, jsonForScript } from '../../http/markup.ts';
import { addVary, carriesSession, readResponse } from '../../http/http-cache.ts';
import { bodyBytes, bytesResponse } from '../../http/response-bytes.ts';
import { InitialResults, NO_INITIAL_DATA, renderInitialTags, type InitialPageData } from './initial-results.ts';
import { headTemplate, renderHeadTags } from './page-head.ts';
import { mountSpeculationRules, SPECULATION_RULES_HEADER } from './speculation-rules.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const defaultClientDir = path.join(projectRoot, 'dist', 'client');

/**
 * What a browser loads from the build: scripts, styles, images, fonts, web manifests and text files,
 * outside any dot-folder. The rest of what the build writes is for the server or for developers, and
 * is never served: .vite/manifest.json and graphql-operations.json (read by initial-results.ts; they
 * name every source module and query), source maps, and the .br/.gz copies, which are only ever sent
 * in place of the file they compress.
 */
const BROWSER_FILE = /\.(?:m?js|css|svg|webp|avif|png|jpe?g|gif|ico|woff2?|ttf|otf|webmanifest|txt)$/i;

export function isBrowserFile(filePath: string): boolean {
  return BROWSER_FILE.test(filePath) && !filePath.split('/').some((segment) => segment.startsWith('.'));
}

/** Where serveStatic is sent for a path it must not answer: the request falls through to the routes below. */
const NO_FILE = '/__no_such_file__';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The types the build keeps compressed copies of: whichever copy is sent, caches must key on it. */
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * A page as the browser accepts it: Brotli at a level that costs well under a millisecond for a
 * page's few kilobytes, else gzip, else as it is. A bodiless answer (304, HEAD) only gets the Vary.
 */
async function compressPage(request: Request, response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  addVary(headers, 'Accept-Encoding');
  const encoding = acceptedCodings(request.headers.get('accept-encoding')).find((coding) => coding !== 'deflate');
  if (response.body === null || request.method === 'HEAD' || encoding === undefined) {
    return new Response(response.body, { status: response.status, headers });
  }
  const body = await bodyBytes(response);
  const compressed =
    encoding === 'br'
      ? await brotli(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : await gzipAsync(body);
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(compressed.length));
  return bytesResponse(new Uint8Array(compressed), { status: response.status, headers });
}

const MISSING_CLIENT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Client not built</title></head>
<body><h1>The client has not been built</h1><p>Run <code>npm run build</code> (npm start does it for you), then reload.</p></body></html>`;

/** index.html without its <link rel="stylesheet"> to these files. */
function withoutStylesheets(indexHtml: string, hrefs: string[]): string {
  return indexHtml.replace(/[ \t]*<link\b[^>]*>\n?/gi, (tag) => {
    const href = /\bhref="([^"]*)"/i.exec(tag)?.[1];
    return /\brel="stylesheet"/i.test(tag) && href !== undefined && hrefs.includes(href) ? '' : tag;
  });
}

/** The module script index.html loads: the app's loader (client/build/entry-priority.ts). */
const APP_SCRIPT = /<script type="module"[^>]*\bsrc="[^"]*"[^>]*><\/script>/;

/**
 * The page a reader reads without the app (docs/decisions/051): the rendered page's file with the
 * islands' script (client/build/islands-bundle.ts) in place of the app's. Null for a build without
 * islands: every page then gets the app, as before.
 */
function islandsHtml(renderedHtml: string, clientDir: string): string | null {
  const file = path.join(clientDir, ISLANDS_MANIFEST_FILE);
  if (!existsSync(file) || !APP_SCRIPT.test(renderedHtml)) return null;
  const { script } = JSON.parse(readFileSync(file, 'utf8')) as IslandsManifest;
  return renderedHtml.replace(APP_SCRIPT, `<script type="module" src="${escapeMarkup(script)}"></script>`);
}

/**
 * Whether the page goes out without the app: a public page the server rendered, for a request that
 * carries no session cookie. Only the author signs in; their pages (any cookie, valid or not) get
 * the full app, which shows their tools. The response cache stores and answers only requests
 * without a session cookie, and pages vary on Cookie, so no cache hands one kind to the other.
 */
function readsWithoutApp(request: Request, rendered: RenderedPage | null): rendered is RenderedPage {
  return rendered !== null && !carriesSession(request);
}

/** The state the page was rendered in, as a JSON data block (never run) for the browser's hydration. */
function serverStateTag({ state }: RenderedPage): string {
  return `<script type="application/json" id="${escapeMarkup(SERVER_STATE_ID)}">${jsonForScript(state)}</script>`;
}

/** The metadata and status of the page a route shows, at a path (the request's pathname, as sent). */
export type PageResolver = (route: PageRoute, pathname: string) => Promise<PageMeta>;

export interface ClientOptions {
  /** The built client; dist/client unless given. */
  clientDir?: string | undefined;
  /** Without one, every page is the bare index.html. */
  resolvePage?: PageResolver;
  /** Whether the public pages are rendered here (SERVER_RENDERING); on unless given. */
  serverRendering?: boolean;
  /**
   * The app's GraphQL, asked in this process (server/graphql/own-reads.ts): the pages' queries and
   * first answers. Without it, no page is rendered here and none carries answers.
   */
  graphql?: GraphqlFetch;
  /** The author's redirect for a path the site would answer 404 (issue 36), if any. */
  redirectFor?: (pathname: string) => Promise<RedirectRule | null>;
}

export function mountClient(
  app: Hono,
  { clientDir = defaultClientDir, resolvePage, serverRendering = true, graphql, redirectFor }: ClientOptions = {},
): void {
  const indexFile = path.join(clientDir, 'index.html');
  // Read once: index.html only changes with a new build, which means a restart.
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const template = indexHtml === null ? null : headTemplate(indexHtml);
  const initialResults = InitialResults.fromClientBuild(clientDir);
  // A page the server rendered carries its styles itself (InitialResults.renderedPageData): the same
  // file without its links to them.
  const renderedHtml = indexHtml === null ? null : withoutStylesheets(indexHtml, initialResults.entryStylesheets());
  const renderedTemplate = renderedHtml === null ? null : headTemplate(renderedHtml);
  const islandsFile = renderedHtml === null ? null : islandsHtml(renderedHtml, clientDir);
  const islandsTemplate = islandsFile === null ? null : headTemplate(islandsFile);
  const renderer = graphql ? new ServerRenderer(clientDir, graphql) : null;

  // serveStatic builds its response before any hook could add headers, so they are set afterwards.
  // It adds Vary only when it sends a compressed copy; the uncompressed answer needs it as much.
  const fileHeaders =
    (cacheControl: string): MiddlewareHandler =>
    async (c, next) => {
      await next();
      if (!c.res.ok) return;
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', cacheControl);
      if (COMPRESSIBLE_TYPE.test(c.res.headers.get('Content-Type') ?? '')) addVary(c.res.headers, 'Accept-Encoding');
    };

  if (existsSync(clientDir)) {
    app.use(
      '/assets/*',
      fileHeaders(IMMUTABLE),
      serveStatic({
        root: clientDir,
        precompressed: true,
        rewriteRequestPath: (requestPath) => (isBrowserFile(requestPath) ? requestPath : NO_FILE),
      }),
    );
    app.use(
      '*',
      fileHeaders(REVALIDATE),
      serveStatic({
        root: clientDir,
        precompressed: true,
        // index.html itself is answered below, with the same headers as every client route.
        rewriteRequestPath: (requestPath) => (isBrowserFile(requestPath) ? requestPath : NO_FILE),
      }),
    );
  }
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // Browsers ask for /favicon.ico wherever a page names no icon (a feed, robots.txt, an image opened
  // on its own); the site's icon is a PNG, so they are sent to it instead of a 404 page. A PNG, not an
  // SVG: a browser makes a document of its own for an SVG icon and lays it out on the page's main
  // thread, one task of 40 to 50 ms on every page load in Chromium's trace on this project's machine.
  app.get('/favicon.ico', (c) => c.redirect('/favicon.png', 301));
  mountSpeculationRules(app);

  app.get('*', async (c) => {
    const requestPath = c.req.path;
    // Paths owned by the server: an unknown one under these is a real 404, never the client's page.
    if (isServerPath(requestPath)) return c.notFound();
    if (template === null) return c.html(MISSING_CLIENT_HTML, 503, { 'Cache-Control': 'no-store' });
    if (!resolvePage) {
      c.header('Cache-Control', REVALIDATE);
      return compressPage(c.req.raw, c.html(indexHtml!));
    }
    const url = new URL(c.req.url);
    // Matched once: the page's head, its render, its first answers and its chunks all take this.
    const route = matchPageRoute(url.pathname);
    // The search box without JavaScript: a keyword the API takes goes on to its results; any other
    // is the blog with the box's message (rendered below).
    if (route.kind === 'searchForm') {
      const keyword = url.searchParams.get(SEARCH_FORM_FIELD) ?? '';
      if (keywordError(keyword) === null) return c.redirect(searchPath(keyword.trim()), 303);
    }
    // WordPress's plain permalinks (/?p=123, /?page_id=7) are the home page's address with a query:
    // an import records them as redirects (issue 39), asked here since the home page is live.
    const wordpressId = url.pathname === '/' ? /^\?(p|page_id)=(\d+)$/.exec(url.search) : null;
    if (wordpressId && redirectFor) {
      const redirect = await redirectFor(`/?${wordpressId[1]}=${wordpressId[2]}`).catch(() => null);
      if (redirect) {
        c.header('Cache-Control', 'no-cache');
        return c.redirect(redirectLocation(redirect.to, ''), redirect.permanent ? 301 : 302);
      }
    }
    let page: PageMeta;
    try {
      // The path as sent (still percent-encoded), as the client's location.pathname will have it.
      page = await resolvePage(route, url.pathname);
    } catch (error) {
      // The database is unreachable: the bare client still loads and shows its own error states,
      // and the 503 tells crawlers to come back rather than index an empty page.
      console.error(`Could not build the head of ${requestPath}:`, error);
      return compressPage(c.req.raw, c.html(indexHtml!, 503, { 'Cache-Control': 'no-store', 'Retry-After': '60' }));
    }
    // A post's id or former slug: readers and search engines go on to its address now, for good.
    if (page.redirect) return c.redirect(`${page.redirect}${url.search}`, 301);
    // An address the site does not have: the author's redirect, if one leads on from it. Asked only
    // here, so a redirect never hides a live page; no-cache, so a deleted one stops at once. For the
    // signed-in author too (every unknown one-segment address is a page's, which a session would
    // otherwise open as a draft's preview): a draft at a redirected address is previewed from the
    // studio once the redirect goes, and a published one is live, which the redirect never hides.
    if (page.status === 404 && redirectFor) {
      let redirect: RedirectRule | null = null;
      try {
        redirect = await redirectFor(url.pathname);
      } catch (error) {
        // The 404 page is still the right answer to show while the table cannot be read.
        console.error(`Could not read the redirects for ${requestPath}:`, error);
      }
      if (redirect) {
        c.header('Cache-Control', 'no-cache');
        return c.redirect(redirectLocation(redirect.to, url.search), redirect.permanent ? 301 : 302);
      }
    }
    // A post or page readers cannot see, asked for by someone signed in: perhaps the author previewing a
    // draft or a scheduled post. The browser renders it with the author's session; the answer is
    // theirs alone (never stored, never indexed), and the same 404 for anyone else.
    if ((route.kind === 'post' || route.kind === 'page') && page.status === 404 && carriesSession(c.req.raw)) {
      const response = readResponse(c.req.raw, template.render(renderHeadTags(page), '', '', '', page.language), {
        status: 404,
        contentType: 'text/html; charset=UTF-8',
        private: true,
      });
      return compressPage(c.req.raw, response);
    }
    // A public screen is rendered here, from public data only (asked without the caller's session),
    // so the HTML is the same for every visitor; forms and the admin are the browser's to render.
    let rendered: RenderedPage | null = null;
    if (renderer && serverRendering && isServerRendered(route)) {
      try {
        rendered = await renderer.render(`${url.pathname}${url.search}`);
      } catch (error) {
        // The page still works without it: the browser renders it, as it does a form's.
        console.error(`Could not render ${requestPath} on the server:`, error);
      }
    }
    // A rendered page carries its data, pictures and styles itself. Its chunks are not preloaded:
    // the app is asked for only once the page has loaded (client/build/entry-priority.ts), and a
    // preload would put their bytes beside the pictures in view again; the app imports them then.
    // Otherwise: the page's first answers and the preload of its picture; a form's page gets them
    // too, so its header needs no request.
    let initial: InitialPageData = NO_INITIAL_DATA;
    if (rendered) {
      initial = { ...initialResults.renderedPageData(route), preloadScripts: [] };
    } else if (page.status === 200 && graphql) {
      try {
        initial = await initialResults.load(graphql, route);
      } catch (error) {
        // The page still works without them: the client asks for its data itself.
        console.error(`Could not answer the first queries of ${requestPath}:`, error);
      }
    }
    // For a reader without a session, the rendered page with its islands and nothing to hydrate.
    const withoutApp = islandsTemplate !== null && readsWithoutApp(c.req.raw, rendered);
    const html = (withoutApp ? islandsTemplate : rendered ? renderedTemplate! : template).render(
      renderHeadTags(page),
      renderInitialTags(initial),
      rendered?.html,
      rendered && !withoutApp ? serverStateTag(rendered) : undefined,
      page.language,
    );
    const response = readResponse(c.req.raw, html, {
      status: page.status,
      contentType: 'text/html; charset=UTF-8',
      private: page.private,
      // Its links lead to more such pages: the browser fetches them ahead (speculation-rules.ts).
      headers: withoutApp ? { 'Speculation-Rules': SPECULATION_RULES_HEADER } : undefined,
    });
    // readResponse validates it on every visit (no-cache): a page names the build's hashed files, and
    // a page kept past a deploy would load files that no longer exist.
    return compressPage(c.req.raw, response);
  });
}
