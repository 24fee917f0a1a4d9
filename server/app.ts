// Builds the HTTP application: GraphQL at /graphql, health at /healthz, the built client for every
// other GET. Exported without listening, so tests call app.fetch() directly (server/index.ts listens).
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { createYoga } from 'graphql-yoga';
import type { Config } from './config.ts';
import type { Context } from './context.ts';
import type { Database } from './db/database.ts';
import { mountClient } from './http/client-files.ts';
import { schema } from './schema.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Folder of the built client; defaults to dist/client. */
  clientDir?: string;
}

export interface App {
  fetch: (request: Request) => Promise<Response>;
  hono: Hono;
}

export function createApp({ config, db, clientDir }: AppOptions): App {
  const yoga = createYoga<Record<string, never>, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.graphqlIntrospection,
    landingPage: false,
    context: (): Context => ({
      prisma: db.prisma,
      config,
      viewer: null,
      requestId: randomUUID(),
    }),
  });

  const hono = new Hono();

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

  hono.on(['GET', 'POST', 'OPTIONS'], '/graphql', (c) => yoga.fetch(c.req.raw, {}));

  mountClient(hono, clientDir);

  return { hono, fetch: async (request) => hono.fetch(request) };
}
