// `npm run export -- backup.tar.gz`: writes the whole site (users with their password hashes, posts,
// cards, image rows and image files) into one archive that `npm run import` restores. It works while
// the site runs: on a PostgreSQL server it reads the database itself, in one snapshot; the embedded
// database, which only the running server may open, it asks that server for (GET /api/backup).
import { stat } from 'node:fs/promises';
import { runningServer } from '../server/modules/backup/running-server.ts';
import { describeCounts, exportSite, type BackupCounts } from '../server/modules/backup/site-backup.ts';
import { downloadBackup, formatBytes, runBackupCommand } from './lib/backup-cli.ts';

const USAGE = 'Usage: npm run export -- <backup.tar.gz>';

async function report(counts: BackupCounts, archivePath: string): Promise<void> {
  const size = (await stat(archivePath)).size;
  console.log(
    `Exported ${describeCounts(counts)} (${counts.files} image files) to ${archivePath} (${formatBytes(size)}).`,
  );
}

const code = await runBackupCommand(
  process.argv.slice(2),
  {
    usage: USAGE,
    flags: [],
    async whenLocked({ config, archivePath, holder }) {
      // Another script (an import, the demo seed) holds it, or a server that wrote no record.
      const server = runningServer(config.dataDir, holder);
      if (!server) return false;
      console.log(`The site is running (PID ${holder}): the backup comes from it.`);
      await report(await downloadBackup(server, archivePath), archivePath);
      return true;
    },
  },
  async (context) => {
    const counts = await exportSite({ db: context.db, storage: context.storage, archivePath: context.archivePath });
    await report(counts, context.archivePath);
  },
);
// Exits explicitly: an idle database pool must not keep a finished script alive.
process.exit(code);
