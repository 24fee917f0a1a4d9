// Opens the database the configuration asks for: a PostgreSQL server when DATABASE_URL is set,
// otherwise the embedded PGlite database under DATA_DIR. Both speak PostgreSQL 15+ SQL, so one
// Prisma schema and one migration history serve both (docs/decisions/001-one-schema-two-databases.md).
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { CONTENT_CHANNEL, type ContentChanges } from '../cache/content-changes.ts';
import { type ContentListener, listenOnPglite, listenOnPostgres } from './content-listener.ts';
import { acquireDirectoryLock } from './directory-lock.ts';
import { createPgliteRunner, createPgPoolRunner, type SqlRunner } from './sql-runner.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  sql: SqlRunner;
  /**
   * Starts hearing the database's content-change channel (once; later calls return the same hub).
   * The server's read caches need it; scripts never call it, so they open no extra connection.
   */
  watchContentChanges(): ContentChanges;
  /**
   * Hears the channel (as watchContentChanges) and resolves true once every change committed
   * before the call has reached its hub, false after timeoutMs (ContentChanges.whenCaughtUp).
   */
  contentChangesCaughtUp(timeoutMs: number): Promise<boolean>;
  /**
   * Names this process among those using the database. A PostgreSQL server shows it as the
   * application name of the process's connections, so other processes can tell whether it runs.
   */
  instanceId: string;
  /** The instances connected to the database now: this one, and on PostgreSQL any other server process. */
  connectedInstances(): Promise<Set<string>>;
  /**
   * Bytes of this process's memory the database itself holds: the embedded database's WebAssembly
   * memory (which grows and is never given back). null for a PostgreSQL server, whose memory is its own.
   */
  memoryBytes(): number | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgresql://... ; when absent, the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database's files; ignored with databaseUrl. */
  pgliteDir?: string | undefined;
  /** An already open PGlite (tests load a migrated copy into memory). */
  pglite?: PGlite;
}

export function pgliteDirFor(dataDir: string): string {
  return path.join(dataDir, 'db');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

const INSTANCE_PREFIX = 'blog-cms ';

/**
 * The connection string without an application_name of its own: pg lets the string's win over the
 * one we give, and connectedInstances() tells the running processes apart by ours.
 */
function withoutApplicationName(connectionString: string): string {
  const url = new URL(connectionString);
  if (!url.searchParams.has('application_name')) return connectionString;
  url.searchParams.delete('application_name');
  return url.toString();
}

/** The database's change listener, started by the first watchContentChanges(), closed with the database. */
function lazyListener(sql: SqlRunner, start: () => ContentListener) {
  let listener: ContentListener | null = null;
  const changes = () => (listener ??= start()).changes;
  return {
    changes,
    caughtUp: (timeoutMs: number) =>
      changes().whenCaughtUp(timeoutMs, (marker) => sql.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, marker])),
    close: async () => {
      await listener?.close();
    },
  };
}

async function openPostgres(configuredUrl: string): Promise<Database> {
  const connectionString = withoutApplicationName(configuredUrl);
  const instanceId = randomUUID();
  const applicationName = `${INSTANCE_PREFIX}${instanceId}`;
  const pool = new pg.Pool({ connectionString, max: 10, application_name: applicationName });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const endPool = poolEnder(pool);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const sql = createPgPoolRunner(pool);
  const listener = lazyListener(sql, () => listenOnPostgres(connectionString, applicationName));
  return {
    kind: 'postgres',
    prisma,
    sql,
    watchContentChanges: listener.changes,
    contentChangesCaughtUp: listener.caughtUp,
    instanceId,
    async connectedInstances() {
      // The server's own view: a process killed by any means drops its connections at once.
      const rows = await pool.query<{ name: string }>(
        `SELECT DISTINCT substr(application_name, $1) AS "name" FROM pg_stat_activity
          WHERE datname = current_database() AND starts_with(application_name, $2)`,
        [INSTANCE_PREFIX.length + 1, INSTANCE_PREFIX],
      );
      return new Set([instanceId, ...rows.rows.map((row) => row.name)]);
    },
    memoryBytes: () => null,
    async close() {
      await listener.close();
      await prisma.$disconnect();
      await endPool();
    },
  };
}

/**
 * Ends the pool and resolves once each of its connections has closed. pool.end() resolves as soon
 * as it has asked them to close: a server that ends such a connection meanwhile (a database dropped
 * WITH (FORCE), a restart) sends it an error the pool still reports as its own, after close() said
 * the database was closed.
 */
function poolEnder(pool: pg.Pool): () => Promise<void> {
  const open = new Set<pg.PoolClient>();
  let allClosed = () => {};
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => {
    open.delete(client);
    if (open.size === 0) allClosed();
  });
  return async () => {
    const closed = new Promise<void>((resolve) => (allClosed = resolve));
    await pool.end();
    if (open.size > 0) await closed;
  };
}

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters. Its
 * WebAssembly memory grows to hold what PostgreSQL allocates and is never given back, so these bound
 * the process's memory: PostgreSQL's default 128 MB of shared buffers alone grew it from 128 to
 * 189 MiB and made 100 MiB more of it resident at start, on 10 000 posts (bench/RESULTS.md, the
 * memory scenario). 32 MB caches the pages the server reads often (its own read caches keep the rest
 * off the database: server/cache/read-caches.ts); a page not in them is read from the operating
 * system's file cache. The working memories are PostgreSQL's defaults made explicit, lower for
 * maintenance (VACUUM, CREATE INDEX), which a small server can afford to run slower.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '32MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
} as const;

function pgliteStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let client = options.pglite;
  let releaseLock = () => {};
  if (!client) {
    if (!options.pgliteDir) throw new Error('The embedded database needs a folder (pgliteDir)');
    mkdirSync(options.pgliteDir, { recursive: true });
    // PGlite's files must never be opened by two processes at once: that corrupts them.
    releaseLock = acquireDirectoryLock(options.pgliteDir);
    try {
      client = await PGlite.create(options.pgliteDir, { startParams: pgliteStartParams() });
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  const pglite = client;
  const instanceId = randomUUID();
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const sql = createPgliteRunner(pglite);
  const listener = lazyListener(sql, () => listenOnPglite(pglite));
  return {
    kind: 'pglite',
    prisma,
    sql,
    watchContentChanges: listener.changes,
    contentChangesCaughtUp: listener.caughtUp,
    instanceId,
    // Only one process ever opens the embedded database (the folder lock above).
    connectedInstances: async () => new Set([instanceId]),
    memoryBytes: () => (pglite.closed ? null : pglite.Module.HEAPU8.byteLength),
    async close() {
      await listener.close();
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
      releaseLock();
    },
  };
}
