// Builds the HTTP application: GraphQL at /graphql, REST at /api, uploaded images at /uploads, health
// at /healthz, feeds, /sitemap.xml and /robots.txt, the built client for every other GET. Exported
// without listening, so tests call app.fetch() directly (server/index.ts listens).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { HTTPException } from 'hono/http-exception';
import type { ContentChanges } from './cache/content-changes.ts';
import type { Config } from './config.ts';
import { ownRequestContext, requestContext, type Context } from './context.ts';
import type { Database } from './db/database.ts';
import { mountGraphiqlAssets } from './graphql/graphiql.ts';
import { ownGraphqlReads } from './graphql/own-reads.ts';
import { createGraphqlHandler } from './graphql/yoga.ts';
import { bodyLimit } from './http/body-limit.ts';
import { addVary, cacheAnonymousReads } from './http/http-cache.ts';
import { openApiDocument } from './http/openapi.ts';
import { grantCors, originPolicy } from './http/origin-policy.ts';
import { asPlatformResponse } from './http/response-bytes.ts';
import { PublicResponseCache } from './http/response-cache.ts';
import { closeApiRouter, createApiRouter, errorResponse } from './http/rest-router.ts';
import { securityHeaderSetter, securityHeaders } from './http/security-headers.ts';
import { registerBackupRoutes } from './modules/backup/backup.rest.ts';
import { registerMarkdownExportRoute } from './modules/import/markdown-export.rest.ts';
import { registerImportRoutes } from './modules/import/import.rest.ts';
import { registerSubscriberAdminRoutes } from './modules/subscribers/subscribers-admin.rest.ts';
import { IMPORT_UPLOAD_MAX_BYTES, importMessages } from '#kernel/import-rules.ts';
import { IMPORT_PATH } from '#kernel/route-paths.ts';
import { SERVER_ENTRY_FILE } from '#kernel/server-render.ts';
import {
  SUBSCRIBERS_CSV_MAX_BYTES,
  SUBSCRIBERS_IMPORT_PATH,
  subscriberAdminMessages,
} from '#kernel/subscriber-admin-rules.ts';
import { mountCommentForm } from './modules/comments/comment-form.route.ts';
import { mountSubscribeForm } from './modules/subscribers/subscribe-form.route.ts';
import { registerCommentRoutes } from './modules/comments/comment.rest.ts';
import { mountSocialImages } from './modules/media/social-image.ts';
import { mountUploads } from './modules/media/uploads.route.ts';
import { defaultClientDir, mountClient } from './modules/pages/client-files.ts';
import { PageMetaResolver } from './modules/pages/page-meta.ts';
import { registerSeoRoutes } from './modules/pages/seo.routes.ts';
import { registerPostRoutes } from './modules/post/post.rest.ts';
import { registerUpcomingRoutes } from './modules/upcoming/upcoming.rest.ts';
import { registerUserRoutes } from './modules/user/user.rest.ts';
import { registerShelfRoutes } from './modules/shelf/shelf.rest.ts';
import { registerShelfFeed } from './modules/shelf/shelf.routes.ts';
import { registerCommentsFeed } from './modules/comments/comment-feed.ts';
import { createServices, type Services } from './services.ts';
import { SETUP_PATH } from '#kernel/setup-rules.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Folder of the built client; defaults to dist/client. */
  clientDir?: string;
  /**
   * What lets `npm run export` on this machine ask for a backup (modules/backup/running-server.ts);
   * without it, only the admin's session does.
   */
  backupToken?: string;
}

export interface App {
  fetch: (request: Request, env?: unknown) => Promise<Response>;
  hono: Hono;
  services: Services;
  /** What empties the public read caches; tests read whether they may be trusted. */
  changes: ContentChanges;
}

export function createApp({ config, db, clientDir, backupToken }: AppOptions): App {
  const changes = db.watchContentChanges();
  const services = createServices(db, config, changes);
  const yoga = createGraphqlHandler(config);
  // RegExpRouter: one regular expression for every route, 0.04 µs a match against the 0.7 µs and a
  // few hundred bytes of garbage of the TrieRouter that Hono's default falls back to when a route
  // is one RegExpRouter cannot take (it says so on the first request: every test would fail).
  const hono = new Hono({ router: new RegExpRouter() });
  // A new site's first visit to /admin goes to the setup, until someone signs in as the admin
  // (first-run.service.ts). Before the response cache: this answer changes when the setup closes.
  hono.get('/admin', async (c, next) => {
    if (!(await services.firstRun.pending())) return next();
    c.header('Cache-Control', 'no-store');
    return c.redirect(SETUP_PATH, 302);
  });

  // First: a stored answer skips everything below, security headers included (they were stored).
  const responses = new PublicResponseCache(services.caches);
  hono.use('*', responses.middleware());
  const setSecurityHeaders = securityHeaderSetter(config, services.imageUrls.foreignOrigin);
  hono.use('*', securityHeaders(setSecurityHeaders));
  // JSON and XML (feeds, sitemap) shrink 5 to 10 times; the client's files are compressed at build time.
  const compressData = compress();
  hono.use('*', (c, next) =>
    c.req.path.startsWith('/api/') || c.req.path === '/graphql' || c.req.path.endsWith('.xml')
      ? compressData(c, next)
      : next(),
  );

  hono.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await db.prisma.$queryRaw`SELECT 1`;
      return c.json({ status: 'ok', database: db.kind });
    } catch (error) {
      console.error('Health check failed:', (error as Error).message);
      return c.json({ status: 'error', database: db.kind, message: 'The database is not reachable' }, 503);
    }
  });

  // One origin policy for both APIs: preflights, cross-site writes refused, one CORS grant for all.
  const origins = originPolicy(config);
  hono.use('/graphql', origins);
  hono.use('/api/*', origins);

  // Refused before anything is parsed: the largest upload plus room for the other fields.
  const maxBodyBytes = config.maxUploadBytes + 1024 * 1024;
  const tooLarge = `The request is too large (at most ${Math.round(config.maxUploadBytes / 1024 / 1024)} MB of image)`;
  hono.use(
    '/graphql',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) =>
        c.json({ errors: [{ message: tooLarge, extensions: { code: 'PAYLOAD_TOO_LARGE' } }] }, 413, {
          'Cache-Control': 'no-store',
        }),
    }),
  );
  const apiBodyLimit = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => c.json({ message: tooLarge }, 413, { 'Cache-Control': 'no-store' }),
  });
  // The studio's import takes an export and its pictures' zip: a limit of its own (issue 39).
  const importBodyLimit = bodyLimit({
    maxSize: IMPORT_UPLOAD_MAX_BYTES,
    onError: (c) =>
      c.json({ message: importMessages.uploadTooLarge(IMPORT_UPLOAD_MAX_BYTES / 1024 / 1024) }, 413, {
        'Cache-Control': 'no-store',
      }),
  });
  // A list of subscribers to import (issue 40): its own limit, and its own words (a CSV's, not an image's).
  const subscribersCsvLimit = bodyLimit({
    maxSize: SUBSCRIBERS_CSV_MAX_BYTES + 64 * 1024,
    onError: (c) => c.json({ message: subscriberAdminMessages.tooLarge }, 413, { 'Cache-Control': 'no-store' }),
  });
  hono.use('/api/*', (c, next) =>
    (c.req.path === IMPORT_PATH
      ? importBodyLimit
      : c.req.path === SUBSCRIBERS_IMPORT_PATH
        ? subscribersCsvLimit
        : apiBodyLimit)(c, next),
  );

  // Outside the request context, so they see the final response (after its cookies).
  hono.use('/graphql', cacheAnonymousReads());
  hono.use('/api/*', cacheAnonymousReads());
  const context = requestContext({ config, db, services });
  hono.use('/graphql', context);
  hono.use('/api/*', context);

  const answerGraphql = async (request: Request, context: Context) => {
    const response = await asPlatformResponse(await yoga.fetch(request, context));
    // It may go out compressed (compressData, above). Said here, on headers this route owns: when
    // compress() says it, Hono copies the response, and its bytes are read back through a stream.
    addVary(response.headers, 'Accept-Encoding');
    // A GET query anyone may be given is validated like a REST read (cacheAnonymousReads, above).
    if (request.method !== 'GET' || !context.shareable.result) response.headers.set('Cache-Control', 'no-store');
    return response;
  };
  hono.on(['GET', 'POST'], '/graphql', (c) => answerGraphql(c.req.raw, c.get('context')));

  // The queries of the pages the server renders: /graphql's answers, asked in this process as a
  // visitor who is not signed in. What they store in the response cache, an HTTP request with the
  // same body may be given next: they carry what the middlewares above add to /graphql's answers
  // (tests/integration/cache-invalidation-rendered.test.ts compares the two).
  const graphql = ownGraphqlReads({
    responses,
    siteUrl: config.siteUrl,
    answer: async (request) => {
      const context = ownRequestContext(request, { config, db, services });
      const response = await answerGraphql(request, context);
      setSecurityHeaders(response.headers, '/graphql');
      grantCors(response.headers);
      return { response, shareable: context.shareable.result };
    },
  });

  // GraphiQL's scripts and styles, for the page Yoga answers a browser at /graphql with.
  if (config.graphqlIntrospection) mountGraphiqlAssets(hono);

  const api = createApiRouter();
  // Made at each request (rarely asked for): its title is the site's name, which the setup can change.
  api.get('/openapi.json', (c) => c.json(openApiDocument(config)));
  registerUserRoutes(api, services);
  registerPostRoutes(api, services);
  registerUpcomingRoutes(api, services);
  registerCommentRoutes(api, services);
  registerBackupRoutes(api, { db, storage: services.images.storage, backupToken });
  registerShelfRoutes(api, services);
  registerMarkdownExportRoute(api, db.prisma, services);
  registerImportRoutes(api, services);
  registerSubscriberAdminRoutes(api, services);
  closeApiRouter(api);
  hono.route('/api', api);

  mountUploads(hono, services.images.storage);
  mountSocialImages(hono, services.images, db);
  registerSeoRoutes(hono, config, services);
  // The comment form's plain POST and the e-mailed links (issue 38).
  mountCommentForm(hono, config, services);
  // /subscribe in the site's layout when this build renders pages (issue 40); small pages otherwise.
  const pagesRendered =
    config.serverRendering && existsSync(path.join(clientDir ?? defaultClientDir, SERVER_ENTRY_FILE));
  mountSubscribeForm(hono, config, services, pagesRendered);
  registerShelfFeed(hono, config, services);
  registerCommentsFeed(hono, config, services);
  const pages = new PageMetaResolver({
    config,
    posts: services.posts,
    seo: services.seo,
    pages: services.pages,
    comments: services.comments,
    shelf: services.shelf,
  });
  mountClient(hono, {
    clientDir,
    resolvePage: (route, pathname) => pages.resolve(route, pathname),
    serverRendering: config.serverRendering,
    graphql,
    redirectFor: (pathname) => services.redirects.forPath(pathname),
  });
  // Whether an address is live is what this app answers there, for a visitor: every route, the
  // pages and posts of the moment included (a redirect from one would never be used).
  services.redirects.setLiveCheck(
    async (path) => (await hono.fetch(new Request(`${config.siteUrl}${path}`))).status !== 404,
  );

  // What failed before GraphQL or REST could answer (the session check, when the database is down)
  // is answered in that API's own shape; anything else is a plain 500.
  hono.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    if (c.req.path === '/graphql') {
      console.error(
        `Unexpected error before a GraphQL operation (request ${c.get('requestState')?.requestId}):`,
        error,
      );
      return c.json(
        { errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
        500,
        {
          'Cache-Control': 'no-store',
        },
      );
    }
    if (c.req.path.startsWith('/api/')) return errorResponse(error, c.get('requestState')?.requestId);
    console.error('Unexpected error:', error);
    return c.text('Internal Server Error', 500, { 'Cache-Control': 'no-store' });
  });

  return { hono, services, changes, fetch: async (request, env) => hono.fetch(request, env) };
}
