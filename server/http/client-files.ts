// Serves the built React client (dist/client): hashed assets are cached for a year, other files are
// revalidated, and every page path gets index.html so the client's router takes over. With a page
// resolver, index.html carries that page's own head tags and HTTP status (server/http/page-head.ts):
// an unknown path is still index.html, so the client's error page shows, but with a 404.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import type { PageMeta } from '../modules/seo/page-meta.ts';
import { readResponse } from './http-cache.ts';
import { headTemplate, renderHeadTags } from './page-head.ts';

export const defaultClientDir = path.resolve(import.meta.dirname, '../../dist/client');

// Paths owned by the server: an unknown one under these is a real 404, never the client's page.
const SERVER_PREFIXES = ['/api/', '/graphql', '/uploads/', '/healthz', '/assets/'];

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const MISSING_CLIENT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Client not built</title></head>
<body><h1>The client has not been built</h1><p>Run <code>npm run build</code> (npm start does it for you), then reload.</p></body></html>`;

/** The metadata and status of the page at a path (the request's pathname, as sent). */
export type PageResolver = (pathname: string) => Promise<PageMeta>;

export function mountClient(app: Hono, clientDir = defaultClientDir, resolvePage?: PageResolver): void {
  const indexFile = path.join(clientDir, 'index.html');
  // Read once: index.html only changes with a new build, which means a restart.
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const template = indexHtml === null ? null : headTemplate(indexHtml);

  // serveStatic builds its response before any hook could add headers, so they are set afterwards.
  const cacheControl =
    (value: string): MiddlewareHandler =>
    async (c, next) => {
      await next();
      if (c.res.ok && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
    };

  if (existsSync(clientDir)) {
    app.use('/assets/*', cacheControl(IMMUTABLE), serveStatic({ root: clientDir }));
    app.use(
      '*',
      cacheControl(REVALIDATE),
      serveStatic({
        root: clientDir,
        // index.html itself is answered below, with the same headers as every client route.
        rewriteRequestPath: (requestPath) =>
          requestPath === '/' || requestPath === '/index.html' ? '/__no_such_file__' : requestPath,
      }),
    );
  }
  app.get('/assets/*', (c) => c.text('Not found', 404));

  app.get('*', async (c) => {
    const requestPath = c.req.path;
    if (SERVER_PREFIXES.some((prefix) => requestPath === prefix.replace(/\/$/, '') || requestPath.startsWith(prefix))) {
      return c.notFound();
    }
    if (template === null) return c.html(MISSING_CLIENT_HTML, 503, { 'Cache-Control': 'no-store' });
    if (!resolvePage) {
      c.header('Cache-Control', REVALIDATE);
      return c.html(indexHtml!);
    }
    let page: PageMeta;
    try {
      // The path as sent (still percent-encoded), as the client's location.pathname will have it.
      page = await resolvePage(new URL(c.req.url).pathname);
    } catch (error) {
      // The database is unreachable: the bare client still loads and shows its own error states,
      // and the 503 tells crawlers to come back rather than index an empty page.
      console.error(`Could not build the head of ${requestPath}:`, error);
      return c.html(indexHtml!, 503, { 'Cache-Control': 'no-store', 'Retry-After': '60' });
    }
    return readResponse(c.req.raw, template.render(renderHeadTags(page)), {
      status: page.status,
      contentType: 'text/html; charset=UTF-8',
      private: page.private,
    });
  });
}
