// What the import and export commands share (issue 39): the configuration (with .env) and its
// database, opened for the command and closed after it, with one clear message when either fails.
import type { Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { configForScript, openConfiguredDatabase } from '../../server/startup.ts';

/** Runs the command on the configured database; returns its exit code (1 when the database cannot be opened). */
export async function withScriptDatabase(command: (config: Config, db: Database) => Promise<number>): Promise<number> {
  const config = configForScript();
  if (!config) return 1;
  let db: Database;
  try {
    db = await openConfiguredDatabase(config);
  } catch (error) {
    console.error(`Could not open the database: ${(error as Error).message}`);
    return 1;
  }
  try {
    return await command(config, db);
  } catch (error) {
    console.error(error);
    return 1;
  } finally {
    await db.close();
  }
}
