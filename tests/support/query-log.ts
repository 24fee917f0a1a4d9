// The real application whose Prisma client reports every SQL statement it sends, to count the
// queries a request costs. The client is a second one over the same test database, built with
// Prisma's query events on (the app's own client is built without them).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { createApp, type App } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { PrismaClient } from '../../server/generated/prisma/client.ts';
import type { GraphqlResult } from './test-app.ts';
import { createPostgresDatabase, loadPgliteTemplate, testDbKind } from './test-database.ts';

export interface QueryLoggingApp {
  app: App;
  prisma: PrismaClient;
  /** SQL statements sent while fn ran (transaction control included, as the driver sees it). */
  queriesDuring(fn: () => Promise<unknown>): Promise<string[]>;
  graphql(query: string, variables?: Record<string, unknown>): Promise<GraphqlResult>;
  dispose(): Promise<void>;
}

export async function createQueryLoggingApp(): Promise<QueryLoggingApp> {
  const log = [{ emit: 'event', level: 'query' }] as const;
  let db: Database;
  let prisma: PrismaClient<'query'>;
  let drop = async () => {};
  if (testDbKind === 'postgres') {
    const created = await createPostgresDatabase({ migrated: true });
    drop = created.drop;
    db = await openDatabase({ databaseUrl: created.url });
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: created.url }), log: [...log] });
  } else {
    const pglite = await loadPgliteTemplate();
    db = await openDatabase({ pglite });
    prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), log: [...log] });
  }
  let recording: string[] | null = null;
  prisma.$on('query', (event) => recording?.push(event.query));

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'blog-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SITE_URL: 'http://blog.test' });
  const app = createApp({ config, db: { ...db, prisma: prisma as unknown as PrismaClient } });

  return {
    app,
    prisma: prisma as unknown as PrismaClient,
    async queriesDuring(fn) {
      recording = [];
      try {
        await fn();
        return recording;
      } finally {
        recording = null;
      }
    },
    async graphql(query, variables) {
      const response = await app.fetch(
        new Request('http://blog.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        }),
      );
      return (await response.json()) as GraphqlResult;
    },
    async dispose() {
      await prisma.$disconnect();
      await db.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
