// What `npm run export` and `npm run import` share: the archive argument, the configuration, the
// database (whose lock refuses a second process on the embedded one) and the messages they print.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { BACKUP_PATH } from '#kernel/route-paths.ts';
import type { Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { DirectoryLockedError } from '../../server/db/directory-lock.ts';
import type { RunningServer } from '../../server/modules/backup/running-server.ts';
import { BackupError, checkBackup, type BackupCounts } from '../../server/modules/backup/site-backup.ts';
import { imageStorageOf, type ImageStorage } from '../../server/modules/media/image-storage.ts';
import { configForScript, openConfiguredDatabase } from '../../server/startup.ts';

export interface CliContext {
  config: Config;
  db: Database;
  /** The site's image files: DATA_DIR/uploads, or the bucket UPLOADS_S3_BUCKET names. */
  storage: ImageStorage;
  archivePath: string;
}

export interface CommandOptions {
  usage: string;
  flags: string[];
  /**
   * When a running process holds the embedded database (PID holder): does the work another way
   * and returns true, or returns false for the lock's message.
   */
  whenLocked?: (context: { config: Config; archivePath: string; holder: number }) => Promise<boolean>;
}

/**
 * Parses `<archive> [flags]`, opens the configured database and runs the command; returns the exit
 * code. Expected failures (bad arguments or configuration, a locked database, a refused backup) are
 * printed as one clear message.
 */
export async function runBackupCommand(
  args: string[],
  options: CommandOptions,
  command: (context: CliContext, flags: Set<string>) => Promise<void>,
): Promise<number> {
  const flags = new Set(args.filter((arg) => arg.startsWith('--')));
  const unknown = [...flags].filter((flag) => !options.flags.includes(flag));
  const positional = args.filter((arg) => !arg.startsWith('--'));
  if (unknown.length || positional.length !== 1) {
    console.error(unknown.length ? `Unknown option: ${unknown.join(' ')}\n${options.usage}` : options.usage);
    return 2;
  }
  // npm runs scripts from the project folder; a relative path means where the command was typed.
  const archivePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), positional[0]!);

  const config = configForScript();
  if (!config) return 1;
  const reportFailure = (error: unknown) => {
    if (error instanceof BackupError) console.error(error.message);
    else console.error(error);
    return 1;
  };

  let db: Database;
  try {
    db = await openConfiguredDatabase(config);
  } catch (error) {
    // On the embedded database this fails at once while a server holds it, saying which process does.
    if (error instanceof DirectoryLockedError && options.whenLocked) {
      try {
        if (await options.whenLocked({ config, archivePath, holder: error.pid })) return 0;
      } catch (failure) {
        return reportFailure(failure);
      }
    }
    console.error(`Could not open the database: ${(error as Error).message}`);
    return 1;
  }
  try {
    await command({ config, db, storage: imageStorageOf(config), archivePath }, flags);
    return 0;
  } catch (error) {
    return reportFailure(error);
  } finally {
    await db.close();
  }
}

/**
 * Asks a running server for its backup (GET /api/backup with its token) and writes it to
 * archivePath, which appears only once the whole archive has arrived and reads back complete.
 */
export async function downloadBackup(server: RunningServer, archivePath: string): Promise<BackupCounts> {
  const partial = `${archivePath}.${process.pid}.partial`;
  try {
    let response: Response;
    try {
      response = await fetch(new URL(BACKUP_PATH, server.url), {
        headers: { Authorization: `Bearer ${server.token}` },
      });
    } catch (error) {
      throw new BackupError(`Could not reach the running site at ${server.url}: ${(error as Error).message}`);
    }
    if (!response.ok || !response.body) {
      const message = await response.text().catch(() => '');
      throw new BackupError(`The running site refused the backup (HTTP ${response.status}): ${message}`);
    }
    try {
      await pipeline(Readable.fromWeb(response.body as NodeReadableStream), createWriteStream(partial));
    } catch (error) {
      throw new BackupError(`The backup from the running site was cut short: ${(error as Error).message}`);
    }
    const counts = await checkBackup(partial);
    await rename(partial, archivePath);
    return counts;
  } finally {
    await rm(partial, { force: true });
  }
}

export function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
