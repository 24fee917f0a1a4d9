// The upkeep of image files (docs/decisions/019-image-files-after-a-crash.md). At every start, and
// every few minutes while the server runs, it finishes what a stopped process left: the files of
// uploads that never committed and of deletes that did. At start it also looks through the folder
// or bucket for files that neither a row nor a record names (left by versions before the records,
// or put there by hand).
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { ImageFiles } from './image-files.ts';
import { deleteUnsavedPictures } from './image-uses.ts';

/** How often a running server finishes what other, stopped, processes left. */
export const UPKEEP_INTERVAL_MS = 5 * 60 * 1000;

export type SweepResult = {
  /** Images whose files were removed because their upload or delete was interrupted. */
  recovered: number;
  /** Pictures uploaded into the editor whose post was never saved with them (image-uses.ts). */
  unsaved: number;
  /** Files that nothing named, relative to the uploads folder or bucket. */
  removed: string[];
  /** True when the scan was skipped (a database without images beside a folder or bucket of them). */
  skipped: boolean;
};

export async function sweepOrphanImages(prisma: PrismaClient, files: ImageFiles): Promise<SweepResult> {
  const recovered = await files.recover();
  const unsaved = await deleteUnsavedPictures(prisma, files);
  const rows = await prisma.image.findMany({ select: { storageKey: true } });
  if (rows.length === 0) {
    // A database without a single image beside a folder full of them is far more likely the wrong
    // database (a new DATABASE_URL, a test) than a site whose every image is orphaned: keep the files.
    return { recovered, unsaved, removed: [], skipped: !(await files.store.isEmpty()) };
  }
  const known = new Set([...rows.map((row) => row.storageKey), ...(await files.pendingKeys())]);
  return {
    recovered,
    unsaved,
    removed: await files.store.sweepOrphans((key) => known.has(key)),
    skipped: false,
  };
}

/** Runs the upkeep every UPKEEP_INTERVAL_MS; returns what stops it. */
export function keepImageFilesInStep(
  prisma: PrismaClient,
  files: ImageFiles,
  intervalMs = UPKEEP_INTERVAL_MS,
): () => void {
  const timer = setInterval(() => {
    files
      .recover()
      .then(async (count) => {
        if (count > 0) console.log(`Removed the files of ${count} image(s) whose upload or delete was interrupted.`);
        const unsaved = await deleteUnsavedPictures(prisma, files);
        if (unsaved > 0) console.log(`Removed ${unsaved} picture(s) uploaded into a post that was never saved.`);
      })
      .catch((error: unknown) => console.error('The image file upkeep failed; it runs again later:', error));
  }, intervalMs);
  // The upkeep never keeps a stopping process alive.
  timer.unref();
  return () => clearInterval(timer);
}
