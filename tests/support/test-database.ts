// A freshly migrated database of its own for the calling test file: an in-memory PGlite loaded from
// the run's migrated template, or a new PostgreSQL database copied from the template database.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseKind } from '../../server/db/database.ts';
import type { PrismaClient } from '../../server/generated/prisma/client.ts';
import { databaseUrlWithName, quoteIdent } from './postgres-url.ts';

export const testDbKind = (process.env.TEST_DB_KIND ?? 'pglite') as DatabaseKind;

export interface TestDatabase {
  db: Database;
  /** Connection string of the PostgreSQL database (undefined on PGlite). */
  url: string | undefined;
  dispose(): Promise<void>;
}

function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('No PostgreSQL server in this run (TEST_DATABASE_URL is not set)');
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates an empty PostgreSQL database (no migrations) or a migrated copy of the template, and
 * returns its URL and a function that drops it.
 */
export async function createPostgresDatabase(options: {
  migrated: boolean;
}): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('postgresTemplate')!;
  const name = uniqueName('blog_test');
  await withAdmin((admin) =>
    admin.query(
      options.migrated
        ? `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.templateName)}`
        : `CREATE DATABASE ${quoteIdent(name)}`,
    ),
  );
  return {
    url: databaseUrlWithName(template!.adminUrl, name),
    drop: () =>
      withAdmin(async (admin) => {
        const left = await connectionsLeftOpen(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
        if (left.length > 0) throw new LeftOpenError(left);
      }),
  };
}

// A server process a test stopped can still show for a moment while PostgreSQL notices its closed
// sockets; a pool or client this process forgot to close stays (a pool's idle connections for 10 s).
const LEFT_OPEN_GRACE_MS = 3_000;

interface OpenConnection {
  application_name: string;
  state: string | null;
  query: string;
}

/**
 * The connections still open to the database once the grace above has passed. The drop ends them
 * WITH (FORCE), and one that belongs to a pool of this process then logs "PostgreSQL pool error:
 * terminating connection due to administrator command" a moment later, failing whatever test the
 * worker runs next, in another file: the caller reports them here instead, against its own file.
 */
async function connectionsLeftOpen(admin: pg.Client, database: string): Promise<OpenConnection[]> {
  const deadline = Date.now() + LEFT_OPEN_GRACE_MS;
  for (;;) {
    const { rows } = await admin.query<OpenConnection>(
      'SELECT application_name, state, query FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    if (rows.length === 0 || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

class LeftOpenError extends Error {
  constructor(left: OpenConnection[]) {
    super(
      `The test left ${left.length} connection(s) open to its PostgreSQL database when it was dropped; ` +
        `close every Database, app and pg client it opened first (db.close(), dispose()):\n` +
        left.map((c) => `  ${c.application_name || '(no application_name)'} ${c.state}: ${c.query}`).join('\n'),
    );
  }
}

export async function loadPgliteTemplate(): Promise<PGlite> {
  const dump = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  return PGlite.create({ loadDataDir: dump });
}

/** A new PGlite database in memory, no migration applied (as `PGlite.create()`, in a third of its time). */
export async function createEmptyPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteEmptyFile'))]) });
}

const WRITES = new Set([
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
]);

/**
 * Tests seed rows through the app's own Prisma client and read them back at once. The app's caches
 * hear of such a write from the database (decision 015), at once on PGlite but a moment later on
 * PostgreSQL, where a test could read a stale answer in between. Here every write through this
 * client tells the caches itself, as the services do for their own writes, so tests read their
 * writes on both databases. Changes from other connections still travel only through the database
 * (tests/integration/public-read-cache.test.ts covers that path).
 */
export function announceOwnWrites(db: Database, prisma: PrismaClient = db.prisma): PrismaClient {
  const changes = db.watchContentChanges();
  return prisma.$extends({
    query: {
      $allModels: {
        async $allOperations({ operation, args, query }) {
          const result = await query(args);
          if (WRITES.has(operation)) changes.changed();
          return result;
        },
      },
    },
  }) as unknown as PrismaClient;
}

export async function createTestDatabase(kind: DatabaseKind = testDbKind): Promise<TestDatabase> {
  if (kind === 'postgres') {
    const { url, drop } = await createPostgresDatabase({ migrated: true });
    const opened = await openDatabase({ databaseUrl: url });
    const db = { ...opened, prisma: announceOwnWrites(opened) };
    return {
      db,
      url,
      async dispose() {
        await db.close();
        await drop();
      },
    };
  }
  const opened = await openDatabase({ pglite: await loadPgliteTemplate() });
  const db = { ...opened, prisma: announceOwnWrites(opened) };
  return { db, url: undefined, dispose: () => db.close() };
}
