// What `npm run export` and `npm run import` share: the archive argument, the configuration, the
// database (whose lock refuses a second process on the embedded one) and the messages they print.
import path from 'node:path';
import type { Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { imageStorageOf, type ImageStorage } from '../../server/modules/media/image-storage.ts';
import { openForScript } from '../../server/startup.ts';
import { BackupError } from './site-backup.ts';

export interface CliContext {
  config: Config;
  db: Database;
  /** The site's image files: DATA_DIR/uploads, or the bucket UPLOADS_S3_BUCKET names. */
  storage: ImageStorage;
  archivePath: string;
}

/**
 * Parses `<archive> [flags]`, opens the configured database and runs the command; returns the exit
 * code. Expected failures (bad arguments or configuration, a locked database, a refused backup) are
 * printed as one clear message.
 */
export async function runBackupCommand(
  args: string[],
  options: { usage: string; flags: string[] },
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

  // On the embedded database this fails at once while a server holds it, saying which process does.
  const opened = await openForScript();
  if (!opened) return 1;
  const { config, db } = opened;
  try {
    await command({ config, db, storage: imageStorageOf(config), archivePath }, flags);
    return 0;
  } catch (error) {
    if (error instanceof BackupError) console.error(error.message);
    else console.error(error);
    return 1;
  } finally {
    await db.close();
  }
}

export function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
