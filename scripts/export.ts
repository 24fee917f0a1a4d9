// `npm run export -- backup.tar.gz`: writes the whole site (users with their password hashes, posts,
// cards, image rows and image files) into one archive that `npm run import` restores.
import { stat } from 'node:fs/promises';
import { formatBytes, runBackupCommand } from './lib/backup-cli.ts';
import { describeCounts, exportSite } from './lib/site-backup.ts';

const USAGE = 'Usage: npm run export -- <backup.tar.gz>';

const code = await runBackupCommand(process.argv.slice(2), { usage: USAGE, flags: [] }, async (context) => {
  const counts = await exportSite({ db: context.db, storage: context.storage, archivePath: context.archivePath });
  const size = (await stat(context.archivePath)).size;
  console.log(
    `Exported ${describeCounts(counts)} (${counts.files} image files) to ${context.archivePath} (${formatBytes(size)}).`,
  );
});
// Exits explicitly: an idle database pool must not keep a finished script alive.
process.exit(code);
