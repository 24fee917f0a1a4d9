// Keeps image files and Image rows in step whatever moment a process stops at (kill -9, a power
// cut), as docs/decisions/019-image-files-after-a-crash.md explains. Every file is named at every
// moment by an Image row or by a PendingImageFiles record:
// - an upload records its files as `writing` (with the process that writes them) before writing
//   them; the transaction that creates the Image row deletes that record;
// - a delete records the image's files as `removing` in the transaction that deletes its row; they
//   are removed after the commit, then the record.
// The upkeep finishes what a stopped process left: `writing` records of a process no longer
// running become `removing`, and every `removing` record's files go, then the record.
// While a backup reads the files (removal-hold.ts), removals wait: the records keep naming the files.
import type { Database } from '../../db/database.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { type ImageStore, lacksVariants, plannedWidthsOf, type StoredImage } from './image-store.ts';
import { removeUnlessHeld } from './removal-hold.ts';

type ImageKey = Pick<StoredImage, 'storageKey' | 'variantWidths'>;

/**
 * A `writing` record older than this is given up even if its process still runs: writing one
 * image's files and committing its row takes well under a second, so such an upload is stuck.
 */
export const STUCK_UPLOAD_MS = 60 * 60 * 1000;

/** The upload was given up by the upkeep before its row committed (its files are being removed). */
export class UploadGivenUpError extends Error {
  override name = 'UploadGivenUpError';
}

export interface ImageFilesOptions {
  /**
   * Uploads write their largest variant only and queue the others for the background worker
   * (image-encoding.ts), so the author's save does not wait for them: IMAGE_VARIANTS=background.
   */
  variantsLater?: boolean;
}

export class ImageFiles {
  /** Called after a commit that queued variants to encode (the worker listens, to start at once). */
  onQueued: () => void = () => {};

  constructor(
    readonly store: ImageStore,
    private readonly db: Pick<Database, 'kind' | 'sql' | 'prisma' | 'instanceId' | 'connectedInstances'>,
    readonly options: ImageFilesOptions = {},
  ) {}

  /**
   * Re-encodes the image in memory, records its files as being written, then writes them. The
   * caller creates the Image row in a transaction that calls committed(), or calls abandon().
   * With variantsLater (and unless allVariants), only the largest variant is made now; queueMissing()
   * queues the others in that transaction.
   */
  async write(bytes: Uint8Array, { allVariants = false }: { allVariants?: boolean } = {}): Promise<StoredImage> {
    const encoded = await (this.options.variantsLater && !allVariants
      ? this.store.encodeFirst(bytes)
      : this.store.encode(bytes));
    const { storageKey, variantWidths } = encoded.image;
    // Nothing is written without its record: a database that refuses it stores no file.
    await this.db.prisma.pendingImageFiles.create({
      data: { storageKey, variantWidths, state: 'writing', writer: this.db.instanceId },
    });
    try {
      return await this.store.write(encoded);
    } catch (error) {
      // The store removed what it wrote; the record goes too (or the upkeep removes it).
      await this.abandon(encoded.image);
      throw error;
    }
  }

  /**
   * Inside the transaction that creates the image's row: its files are no longer pending. Throws
   * UploadGivenUpError when the upkeep gave the upload up meanwhile (the row must not commit).
   */
  async committed(tx: Prisma.TransactionClient, image: ImageKey): Promise<void> {
    const { count } = await tx.pendingImageFiles.deleteMany({
      where: { storageKey: image.storageKey, state: 'writing', writer: this.db.instanceId },
    });
    if (count !== 1) throw new UploadGivenUpError(`The upload of image ${image.storageKey} was given up`);
  }

  /**
   * Inside that transaction, once the Image row is created: queues the variants the image still
   * lacks (none when all were written). Returns whether it queued any.
   */
  async queueMissing(tx: Prisma.TransactionClient, image: StoredImage): Promise<boolean> {
    if (!lacksVariants(image)) return false;
    await tx.imageEncodingJob.create({ data: { storageKey: image.storageKey } });
    return true;
  }

  /** The row of a written image will not commit: its files go, then their record. */
  async abandon(image: ImageKey): Promise<void> {
    await this.db.prisma.pendingImageFiles
      .updateMany({ where: { storageKey: image.storageKey }, data: { state: 'removing', writer: null } })
      .then(() => this.forget([image]))
      .catch((error: unknown) => {
        console.error(`Could not remove the files of image ${image.storageKey}; the upkeep will:`, error);
      });
  }

  /** Inside the transaction that deletes Image rows: their files are to be removed. */
  async removeLater(tx: Prisma.TransactionClient, images: ImageKey[]): Promise<void> {
    // Every file the image may have: a variant being encoded meanwhile may be written before its
    // row would name it (image-encoding.ts), and removing a file that is not there succeeds.
    await tx.pendingImageFiles.createMany({
      data: images.map((image) => ({
        storageKey: image.storageKey,
        variantWidths: plannedWidthsOf(image),
        state: 'removing' as const,
      })),
    });
  }

  /**
   * After that transaction committed: removes the files, then their records. A failure is only
   * logged: the write has succeeded, and the upkeep tries again. While a backup reads the files, they
   * are removed once it has finished (or by the upkeep, when the backup runs in another process).
   */
  async removeNow(images: ImageKey[]): Promise<void> {
    try {
      await this.forget(images, () => void this.removeNow(images));
    } catch (error) {
      const keys = images.map((image) => image.storageKey).join(', ');
      console.error(`Could not remove the files of image ${keys}; the upkeep will try again:`, error);
    }
  }

  /**
   * Finishes what stopped processes left: uploads whose process no longer runs (or that are stuck)
   * are given up, and every image whose files are to be removed loses them. Returns how many
   * images' files were removed.
   */
  async recover(now = new Date()): Promise<number> {
    const running = [...(await this.db.connectedInstances())];
    await this.db.prisma.pendingImageFiles.updateMany({
      where: {
        state: 'writing',
        OR: [{ writer: { notIn: running } }, { createdAt: { lt: new Date(now.getTime() - STUCK_UPLOAD_MS) } }],
      },
      data: { state: 'removing', writer: null },
    });
    const removing = await this.db.prisma.pendingImageFiles.findMany({ where: { state: 'removing' } });
    return (await this.forget(removing)) ? removing.length : 0;
  }

  /** Storage keys that a record names, whatever its state. */
  async pendingKeys(): Promise<Set<string>> {
    const rows = await this.db.prisma.pendingImageFiles.findMany({ select: { storageKey: true } });
    return new Set(rows.map((row) => row.storageKey));
  }

  /**
   * Removes the files, then the records that name them: a stop in between leaves the record. Unless
   * a backup holds the files (removal-hold.ts): then nothing changes, later runs once this process's
   * backups end, and false is returned. The records go after the hold is let go, so that a removal
   * holds one database connection at most (the hold's, on PostgreSQL).
   */
  private async forget(images: ImageKey[], later?: () => void): Promise<boolean> {
    if (images.length === 0) return true;
    const removeFiles = async () => {
      await Promise.all(images.map((image) => this.store.remove(image)));
    };
    if (!(await removeUnlessHeld(this.db, removeFiles, later))) return false;
    await this.db.prisma.pendingImageFiles.deleteMany({
      where: { storageKey: { in: images.map((image) => image.storageKey) } },
    });
    return true;
  }
}
