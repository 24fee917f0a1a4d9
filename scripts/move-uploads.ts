// `npm run uploads:move -- --to s3` moves a site's image files from DATA_DIR/uploads into the bucket
// UPLOADS_S3_BUCKET names; `--to disk` brings them back. Run it with the server stopped, then set
// (or remove) UPLOADS_S3_BUCKET and start the server.
import { uploadsDirOf } from '../server/config.ts';
import { DiskImageStorage, S3ImageStorage } from '../server/modules/media/image-storage.ts';
import { openForScript } from '../server/startup.ts';
import { moveImageFiles, MoveError } from './lib/move-uploads.ts';

const USAGE = 'Usage: npm run uploads:move -- --to s3|disk';

async function main(args: string[]): Promise<number> {
  const target =
    args.length === 2 && args[0] === '--to'
      ? args[1]
      : args.length === 1
        ? /^--to=(.*)$/.exec(args[0]!)?.[1]
        : undefined;
  if (target !== 's3' && target !== 'disk') {
    console.error(USAGE);
    return 2;
  }
  const opened = await openForScript();
  if (!opened) return 1;
  const { config, db } = opened;
  if (!config.uploadsS3) {
    console.error('UPLOADS_S3_BUCKET is not set: name the bucket the images move to or from (see the README).');
    await db.close();
    return 1;
  }
  const disk = new DiskImageStorage(uploadsDirOf(config));
  const bucket = new S3ImageStorage(config.uploadsS3);
  const [from, to] = target === 's3' ? [disk, bucket] : [bucket, disk];
  try {
    const result = await moveImageFiles({ db, from, to });
    console.log(
      `Moved the image files to ${to.location}: ${result.copied} copied, ${result.alreadyThere} already there, ` +
        `${result.removedFromSource} removed from ${from.location}.`,
    );
    console.log(
      target === 's3'
        ? 'Keep UPLOADS_S3_BUCKET set and start the server.'
        : 'Remove UPLOADS_S3_BUCKET from the configuration and start the server.',
    );
    return 0;
  } catch (error) {
    console.error(error instanceof MoveError ? error.message : error);
    return 1;
  } finally {
    await bucket.close();
    await db.close();
  }
}

// Exits explicitly: an idle database pool must not keep a finished script alive.
process.exit(await main(process.argv.slice(2)));
