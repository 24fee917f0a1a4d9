// `npm run db:migrate`: applies pending migrations to the configured database without starting the
// server (start-up does the same on its own; this is for deploy pipelines and checks).
import { ConfigError, loadConfig, loadDotEnv } from '../server/config.ts';
import { migrate } from '../server/db/migrate.ts';
import { openConfiguredDatabase } from '../server/startup.ts';

try {
  loadDotEnv();
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  try {
    const { applied, warnings } = await migrate(db.sql);
    for (const warning of warnings) console.warn(`Warning: ${warning}`);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
