// What every start does before it serves: open the database, bring it up to date, make sure an
// admin exists; and once it serves, the upkeep: finish what a stopped process left of image files,
// delete files that nothing refers to, refresh the planner's statistics. Shared by server/index.ts,
// the scripts and the tests.
import { ConfigError, loadConfig, loadDotEnv, type Config } from './config.ts';
import { openDatabase, pgliteDirFor, type Database } from './db/database.ts';
import { applyPendingMigrations, readMigrations, withMigrationLock } from './db/migrate.ts';
import type { ImageFiles } from './modules/media/image-files.ts';
import { reportSweep, sweepOrphanImages } from './modules/media/orphan-sweep.ts';
import { applySiteSettings, seedSiteSettings } from './modules/site/site-settings.service.ts';
import { bootstrapAdmin } from './modules/user/admin-bootstrap.ts';

export type Log = (message: string) => void;

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
}

export async function prepareDatabase(db: Database, config: Config, log: Log = console.log): Promise<void> {
  await withMigrationLock(db.sql, async (conn) => {
    const { applied, warnings } = await applyPendingMigrations(conn, readMigrations(), (count) =>
      log(`Bringing the database up to date (${count} migration(s) to apply)…`),
    );
    for (const warning of warnings) log(`Warning: ${warning}`);
    if (applied.length > 0) log(`Applied ${applied.length} migration(s): ${applied.join(', ')}`);
    await bootstrapAdmin(db.prisma, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      siteUrl: config.siteUrl,
      log,
    });
    // The environment's site settings go into the database once, on the first start (README).
    await seedSiteSettings(db.prisma, config);
  });
  await applySiteSettings(db.prisma, config);
}

/**
 * What a start does once it serves (docs/decisions/049): finish what a stopped process left of image
 * files, delete files that nothing refers to, and gather the planner's statistics. Each step lets
 * requests through; once signal is aborted (the server stops) it ends at the next pause.
 */
export async function upkeepAfterStart(
  db: Database,
  files: ImageFiles,
  log: Log = console.log,
  signal?: AbortSignal,
): Promise<void> {
  reportSweep(await sweepOrphanImages(db.prisma, files, signal), files.store.storage.location, log);
  signal?.throwIfAborted();
  await refreshStatistics(db);
}

/**
 * PGlite has no autovacuum, so nothing else gathers the statistics the planner reads; a search's plan
 * depends on them (a common word walks the date index, a rare one the text index: decision 013), and
 * without them common words cost 10 to 100 times more. Once per start keeps them as current as a
 * blog's growth needs (an import into PGlite runs with the server stopped, so a start follows it);
 * once it serves, since the database keeps the last ones meanwhile.
 * A PostgreSQL server's autovacuum does this itself.
 *
 * Not on a small blog: statistics of a nearly empty table make the planner check each new post's
 * image with a scan of the whole Image table, and PGlite keeps that plan until the next ANALYZE, so
 * every post written after costs more than the last (measured: loading 60 000 posts took 122 s
 * instead of 25). Below this size no plan needs statistics.
 */
export const ANALYZE_FROM_POSTS = 1000;

export async function refreshStatistics(db: Database): Promise<void> {
  if (db.kind !== 'pglite') return;
  const [row] = await db.sql.query<{ posts: number }>('SELECT count(*)::int AS "posts" FROM "Post"');
  if ((row?.posts ?? 0) >= ANALYZE_FROM_POSTS) await db.sql.exec('ANALYZE');
}

/** For command-line scripts: the configuration (with .env), or null after printing what setting is wrong. */
export function configForScript(): Config | null {
  loadDotEnv();
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return null;
  }
}

/**
 * For command-line scripts: the configuration (with .env) and its database, or null after printing
 * why not (a bad setting, or an embedded database that a running server holds).
 */
export async function openForScript(): Promise<{ config: Config; db: Database } | null> {
  const config = configForScript();
  if (!config) return null;
  try {
    return { config, db: await openConfiguredDatabase(config) };
  } catch (error) {
    console.error(`Could not open the database: ${(error as Error).message}`);
    return null;
  }
}
