// Moves a site's image files from one storage to another (the uploads folder to a bucket, or back),
// as `npm run uploads:move` does. Every file an Image row names is copied, read back and compared
// byte for byte; only when all of them are in place does the source lose its copies. A second run
// finds the files already there (and checks them) and changes nothing, so an interrupted move is
// finished by running it again.
import pLimit from 'p-limit';
import type { Database } from '../../server/db/database.ts';
import type { ImageStorage } from '../../server/modules/media/image-storage.ts';
import { imageFilePath } from '../../server/modules/media/image-urls.ts';

/** Something the person running the command must fix: printed as it is, without a stack. */
export class MoveError extends Error {
  override name = 'MoveError';
}

export interface MoveResult {
  /** Files copied to the destination (and checked there). */
  copied: number;
  /** Files the destination already had, identical (an earlier run moved them). */
  alreadyThere: number;
  /** Copies removed from the source once every file was in place. */
  removedFromSource: number;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;

export async function moveImageFiles({
  db,
  from,
  to,
}: {
  db: Pick<Database, 'prisma' | 'connectedInstances' | 'instanceId'>;
  from: ImageStorage;
  to: ImageStorage;
}): Promise<MoveResult> {
  if (from.location === to.location) throw new MoveError(`The images are already in ${to.location}.`);
  // A running server would keep writing new images where the move takes them from.
  const others = [...(await db.connectedInstances())].filter((id) => id !== db.instanceId);
  if (others.length > 0) {
    throw new MoveError('A server is running on this database: stop it, move the images, then start it again.');
  }
  const images = await db.prisma.image.findMany({ select: { storageKey: true, variantWidths: true } });
  const files = images.flatMap((image) => image.variantWidths.map((width) => imageFilePath(image.storageKey, width)));

  const missing: string[] = [];
  const moved: string[] = [];
  let copied = 0;
  let alreadyThere = 0;
  // A few at a time: a bucket answers each request in tens of milliseconds, a folder at once.
  const limit = pLimit(8);
  await Promise.all(
    files.map((file) =>
      limit(async () => {
        const [source, existing] = await Promise.all([from.get(file), to.get(file)]);
        if (!source) {
          if (existing) alreadyThere++;
          else missing.push(file);
          return;
        }
        moved.push(file);
        if (existing && sameBytes(existing, source)) {
          alreadyThere++;
          return;
        }
        await to.put(file, source);
        const written = await to.get(file);
        if (!written || !sameBytes(written, source)) {
          throw new MoveError(
            `${file} did not arrive intact in ${to.location}; nothing was removed from ${from.location}.`,
          );
        }
        copied++;
      }),
    ),
  );
  if (missing.length > 0) {
    throw new MoveError(
      `${missing.length} image file(s) are in neither ${from.location} nor ${to.location} ` +
        `(${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}); nothing was removed.`,
    );
  }
  for (let i = 0; i < moved.length; i += 100) await from.remove(moved.slice(i, i + 100));
  return { copied, alreadyThere, removedFromSource: moved.length };
}
