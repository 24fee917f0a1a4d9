// `npm run db:migrate`: applies pending migrations to the configured database without starting the
// server (start-up does the same on its own; this is for deploy pipelines and checks).
import { migrate } from '../server/db/migrate.ts';
import { openForScript } from '../server/startup.ts';

const opened = await openForScript();
if (!opened) process.exit(1);
const { db } = opened;
try {
  const { applied, warnings } = await migrate(db.sql);
  for (const warning of warnings) console.warn(`Warning: ${warning}`);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
