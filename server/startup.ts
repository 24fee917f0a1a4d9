// What every start does before it serves: open the database, bring it up to date, make sure an
// admin exists. Shared by server/index.ts, the scripts and the tests.
import type { Config } from './config.ts';
import { openDatabase, pgliteDirFor, type Database } from './db/database.ts';
import { applyPendingMigrations, readMigrations, withMigrationLock } from './db/migrate.ts';
import { bootstrapAdmin } from './modules/user/admin-bootstrap.ts';

export type Log = (message: string) => void;

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
}

export async function prepareDatabase(db: Database, config: Config, log: Log = console.log): Promise<void> {
  await withMigrationLock(db.sql, async (conn) => {
    const { applied, warnings } = await applyPendingMigrations(conn, readMigrations());
    for (const warning of warnings) log(`Warning: ${warning}`);
    if (applied.length > 0) log(`Applied ${applied.length} migration(s): ${applied.join(', ')}`);
    await bootstrapAdmin(db.prisma, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, log });
  });
}
