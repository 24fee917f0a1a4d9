// Applies the committed migrations (prisma/migrations/*/migration.sql) in order, as `prisma migrate
// deploy` does, and records them in Prisma's own _prisma_migrations table so that Prisma's tools
// agree about what is applied. Needs no schema engine (docs/decisions/002-migrations-without-the-cli.md).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../project-root.ts';
import type { SqlRunner } from './sql-runner.ts';

export const defaultMigrationsDir = path.join(projectRoot, 'prisma', 'migrations');

// Any fixed number works, as long as every process of this app uses the same one.
const MIGRATION_LOCK_KEY = 72_707_369;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export interface MigrateResult {
  applied: string[];
  warnings: string[];
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export function readMigrations(dir = defaultMigrationsDir): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Brings the database up to date. Safe to run from several processes at once (they queue on an
 * advisory lock) and on every start (applied migrations are skipped). Each migration runs in a
 * transaction: one that fails leaves no trace, and the error names it.
 */
export async function migrate(sql: SqlRunner, migrations = readMigrations()): Promise<MigrateResult> {
  return withMigrationLock(sql, (conn) => applyPendingMigrations(conn, migrations));
}

/**
 * Runs fn while holding the database-wide lock that migrations take, so that several processes
 * starting together do their start-up work (migrations, the first admin) one after the other.
 */
export async function withMigrationLock<T>(sql: SqlRunner, fn: (conn: SqlRunner) => Promise<T>): Promise<T> {
  return sql.session(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await fn(conn);
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}

export async function applyPendingMigrations(
  conn: SqlRunner,
  migrations: MigrationFile[],
  /** Told how many will be applied, before the first (a first start says what it is doing). */
  onPending?: (count: number) => void,
): Promise<MigrateResult> {
  await conn.exec(CREATE_MIGRATIONS_TABLE);
  const rows = await conn.query<AppliedRow>(
    'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
  );
  const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed) {
    throw new MigrationError(
      `Migration ${failed.migration_name} was started but never finished (recorded in _prisma_migrations). ` +
        'Repair the database by hand, then delete that row.',
    );
  }
  const applied = new Map(rows.filter((row) => row.rolled_back_at === null).map((row) => [row.migration_name, row]));
  const warnings: string[] = [];
  for (const row of applied.values()) {
    const file = migrations.find((m) => m.name === row.migration_name);
    if (!file) warnings.push(`Migration ${row.migration_name} is applied but its folder is missing.`);
    else if (file.checksum !== row.checksum)
      warnings.push(`Migration ${row.migration_name} was edited after it was applied; the edit is not applied.`);
  }

  const pending = migrations.filter((migration) => !applied.has(migration.name)).length;
  if (pending > 0) onPending?.(pending);
  const newlyApplied: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    try {
      await conn.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
      });
    } catch (error) {
      throw new MigrationError(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`);
    }
    newlyApplied.push(migration.name);
  }
  return { applied: newlyApplied, warnings };
}
