// Serves the built React client (dist/client): hashed assets are cached for a year, everything else
// is revalidated, and any unknown page path gets index.html so the client's router (and its error
// page) takes over.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';

export const defaultClientDir = path.resolve(import.meta.dirname, '../../dist/client');

// Paths owned by the server: an unknown one under these is a real 404, never the client's page.
const SERVER_PREFIXES = ['/api/', '/graphql', '/uploads/', '/healthz', '/assets/'];

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const MISSING_CLIENT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Client not built</title></head>
<body><h1>The client has not been built</h1><p>Run <code>npm run build</code> (npm start does it for you), then reload.</p></body></html>`;

export function mountClient(app: Hono, clientDir = defaultClientDir): void {
  const indexFile = path.join(clientDir, 'index.html');
  // Read once: index.html only changes with a new build, which means a restart.
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

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

  app.get('*', (c) => {
    const requestPath = c.req.path;
    if (SERVER_PREFIXES.some((prefix) => requestPath === prefix.replace(/\/$/, '') || requestPath.startsWith(prefix))) {
      return c.notFound();
    }
    c.header('Cache-Control', REVALIDATE);
    if (indexHtml === null) return c.html(MISSING_CLIENT_HTML, 503);
    return c.html(indexHtml);
  });
}
