// The real application whose Prisma client reports every SQL statement it sends, to count the
// queries a request costs. The client is a second one over the same test database, built with
// Prisma's query events on (the app's own client is built without them).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { createApp, type App } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { CONTENT_CHANNEL } from '../../server/cache/content-changes.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { hashPassword } from '../../server/modules/auth/password.ts';
import { PrismaClient } from '../../server/generated/prisma/client.ts';
import { documentText, noticesHeard, standInClient, type AnyDocument, type GraphqlResult } from './test-app.ts';
import { announceOwnWrites, createPostgresDatabase, loadPgliteTemplate, testDbKind } from './test-database.ts';

export interface QueryLoggingApp {
  app: App;
  /** The app's database (its hub of content changes included). */
  db: Database;
  /** Announces each of its writes as changing everything (test-database.ts: announceOwnWrites). */
  prisma: PrismaClient;
  /** The client the app's services use. */
  appPrisma: PrismaClient;
  /** SQL statements sent while fn ran (transaction control included, as the driver sees it). */
  queriesDuring(fn: () => Promise<unknown>): Promise<string[]>;
  graphql(query: AnyDocument, variables?: Record<string, unknown>): Promise<GraphqlResult>;
  /** A GET as a visitor's browser sends it, to http://blog.test{url}. */
  get(url: string, headers?: Record<string, string>): Promise<Response>;
  /**
   * A GraphQL POST as a browser sends it: JSON with its length (the response cache reads no body of
   * unknown length); the response as it comes.
   */
  graphqlResponse(
    query: AnyDocument,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** Waits until the app's read caches are on: on PostgreSQL, once it has heard the change channel. */
  cachesOn(): Promise<void>;
  /** Creates an admin and a session; returns its Cookie header value. */
  signIn(): Promise<string>;
  /**
   * Runs SQL outside the app's Prisma client, as another server or psql would: on its own
   * connection on PostgreSQL, straight on the PGlite instance otherwise.
   */
  otherConnection(sql: string): Promise<void>;
  /**
   * Waits until the app has heard every change committed so far. On PostgreSQL the database's
   * announcement of a write arrives a moment after it, and empties the caches again: a test that
   * counts cache hits waits for it first. Announcements arrive in commit order, so once a marker
   * sent now is heard, every earlier one has been.
   */
  settle(): Promise<void>;
  dispose(): Promise<void>;
}

export interface QueryLoggingOptions {
  /**
   * Whether every write through the app's Prisma client also says "everything changed" (the test
   * database's default, so seeds are seen at once). Off, the app's caches hear only what the app's
   * services and the database's triggers say a write touched, as in production.
   */
  announceWrites?: boolean;
  /** The client build it serves: a stand-in index.html unless given. */
  clientDir?: string;
}

export async function createQueryLoggingApp({
  announceWrites = true,
  clientDir = standInClient(),
}: QueryLoggingOptions = {}): Promise<QueryLoggingApp> {
  const log = [{ emit: 'event', level: 'query' }] as const;
  let db: Database;
  let prisma: PrismaClient<'query'>;
  let drop = async () => {};
  let otherConnection: (sql: string) => Promise<void>;
  if (testDbKind === 'postgres') {
    const created = await createPostgresDatabase({ migrated: true });
    drop = created.drop;
    otherConnection = async (sql) => {
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    db = await openDatabase({ databaseUrl: created.url });
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: created.url }), log: [...log] });
  } else {
    const pglite = await loadPgliteTemplate();
    db = await openDatabase({ pglite });
    otherConnection = async (sql) => {
      await pglite.exec(sql);
    };
    prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), log: [...log] });
  }
  let recording: string[] | null = null;
  prisma.$on('query', (event) => recording?.push(event.query));

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'blog-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SITE_URL: 'http://blog.test' });
  const announcing = announceOwnWrites(db, prisma as unknown as PrismaClient);
  const appPrisma = announceWrites ? announcing : (prisma as unknown as PrismaClient);
  const app = createApp({ config, db: { ...db, prisma: appPrisma }, clientDir });

  const t: QueryLoggingApp = {
    app,
    db,
    prisma: announcing,
    appPrisma,
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
          body: JSON.stringify({ query: documentText(query), variables }),
        }),
      );
      return (await response.json()) as GraphqlResult;
    },
    get: (url, headers = {}) => app.fetch(new Request(`http://blog.test${url}`, { headers })),
    graphqlResponse(query, variables = {}, headers = {}) {
      const body = JSON.stringify({ query: documentText(query), variables });
      return app.fetch(
        new Request('http://blog.test/graphql', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            ...headers,
          },
          body,
        }),
      );
    },
    async cachesOn() {
      for (let waited = 0; !app.changes.trustworthy && waited < 10_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async signIn() {
      const user = await prisma.user.create({
        data: {
          email: `admin-${randomUUID()}@example.com`,
          name: 'Admin',
          isAdmin: true,
          passwordHash: await hashPassword('a good long password'),
        },
      });
      const { cookie } = await app.services.sessions.create(user.id);
      return cookie.split(';')[0]!;
    },
    otherConnection,
    async settle() {
      // Notices arrive in the order their writes committed, so once this one is heard every earlier
      // one has been. It names a post no write can name (a fresh id): hearing any other notice, one
      // of the writes before it still on its way, must not end the wait, or that notice would come
      // during the test and void what the test expects to be kept.
      const marker = `post:${randomUUID()}`;
      let heard = false;
      const stop = app.changes.subscribe((change) => {
        if (change.tags.has(marker)) heard = true;
      });
      try {
        const notice = JSON.stringify({ t: 'Image', p: [marker.slice('post:'.length)] });
        await otherConnection(`NOTIFY ${CONTENT_CHANNEL}, '${notice}'`);
        for (let waited = 0; !heard && waited < 5000; waited += 10) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } finally {
        stop();
      }
    },
    async dispose() {
      await prisma.$disconnect();
      await db.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // Given once the app hears the change channel and has done what hearing it starts (the first
  // hearing reads the site's settings again): that read, a moment after the app is made, must not
  // land among the statements a test counts (it did, on a busy CI worker).
  await t.cachesOn();
  await t.settle();
  return t;
}

/**
 * Waits until the app has heard the database's own announcement of a write (on PostgreSQL it comes
 * a moment later), with a marker that touches nothing: the views still cached after it were left
 * alone by both the app's signal and the database's.
 */
export async function settleQuietly(t: QueryLoggingApp): Promise<void> {
  // Sent from the other connection: the app's own statements are the ones a test counts.
  await noticesHeard(t, (sql) => t.otherConnection(sql));
}
