// `npm run import -- backup.tar.gz [--replace]`: restores an archive written by `npm run export` into
// an empty site (a new database and uploads folder), or over the current site with --replace.
import { migrate } from '../server/db/migrate.ts';
import { runBackupCommand } from './lib/backup-cli.ts';
import { describeCounts, importSite } from '../server/modules/backup/site-backup.ts';

const USAGE = 'Usage: npm run import -- <backup.tar.gz> [--replace]';

const code = await runBackupCommand(
  process.argv.slice(2),
  { usage: USAGE, flags: ['--replace'] },
  async (context, flags) => {
    // A new database gets its tables here; the first admin is not created, since the backup brings its users.
    const { applied, warnings } = await migrate(context.db.sql);
    for (const warning of warnings) console.warn(`Warning: ${warning}`);
    if (applied.length) console.log(`Applied ${applied.length} migration(s).`);
    const counts = await importSite({
      db: context.db,
      storage: context.storage,
      archivePath: context.archivePath,
      replace: flags.has('--replace'),
    });
    console.log(`Restored ${describeCounts(counts)} (${counts.files} image files) from ${context.archivePath}.`);
  },
);
process.exit(code);
