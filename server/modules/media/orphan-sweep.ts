// The upkeep of image files (docs/decisions/019-image-files-after-a-crash.md). Once a start serves,
// and every few minutes while the server runs, it finishes what a stopped process left: the files of
// uploads that never committed and of deletes that did. After a start it also looks through the
// folder or bucket for files that neither a row nor a record names (left by versions before the
// records, or put there by hand).
//
// That look runs while readers are served (docs/decisions/049): 40 000 files take seconds. It stays
// correct beside the requests it lets through. The names it keeps are read before the files are
// listed: the rows, then the records (a delete that commits between the two has its record read, and
// its files stay until its own removal, which a backup may hold: removal-hold.ts), and a file no
// name covers is removed only if it is over an hour old, while an upload writes its files within a
// second of recording them (image-files.ts), so a file written since the names were read is never
// taken. A backup reads only files its rows name, which this never removes.
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { ImageFiles } from './image-files.ts';
import { deleteUnsavedPictures } from './image-uses.ts';

/** How often a running server finishes what other, stopped, processes left. */
export const UPKEEP_INTERVAL_MS = 5 * 60 * 1000;

/** Storage keys read per query: each a short turn of the database between readers' queries. */
const KEYS_PER_READ = 2000;

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

/** Finishes what stopped processes left, then removes the files nothing names; stops once signal is aborted. */
export async function sweepOrphanImages(
  prisma: PrismaClient,
  files: ImageFiles,
  signal?: AbortSignal,
): Promise<SweepResult> {
  const recovered = await files.recover();
  const unsaved = await deleteUnsavedPictures(prisma, files);
  const known = await imageKeys(prisma, signal);
  if (known.size === 0) {
    // A database without a single image beside a folder full of them is far more likely the wrong
    // database (a new DATABASE_URL, a test) than a site whose every image is orphaned: keep the files.
    return { recovered, unsaved, removed: [], skipped: !(await files.store.isEmpty()) };
  }
  // After the rows: see the note at the top.
  for (const key of await files.pendingKeys()) known.add(key);
  return {
    recovered,
    unsaved,
    removed: await files.store.sweepOrphans((key) => known.has(key), { signal }),
    skipped: false,
  };
}

/** Every Image row's storage key, a page at a time (in the order of its unique index). */
async function imageKeys(prisma: PrismaClient, signal: AbortSignal | undefined): Promise<Set<string>> {
  const keys = new Set<string>();
  let after: string | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await prisma.image.findMany({
      select: { storageKey: true },
      where: after === undefined ? {} : { storageKey: { gt: after } },
      orderBy: { storageKey: 'asc' },
      take: KEYS_PER_READ,
    });
    for (const row of rows) keys.add(row.storageKey);
    if (rows.length < KEYS_PER_READ) return keys;
    after = rows[rows.length - 1]!.storageKey;
  }
}

/** Says what a sweep did, as the start's log shows it. */
export function reportSweep(sweep: SweepResult, location: string, log: (message: string) => void): void {
  if (sweep.recovered > 0) {
    log(`Removed the files of ${sweep.recovered} image(s) whose upload or delete was interrupted.`);
  }
  if (sweep.unsaved > 0) log(`Removed ${sweep.unsaved} picture(s) uploaded into a post that was never saved.`);
  if (sweep.removed.length > 0) log(`Removed ${sweep.removed.length} image file(s) that no record refers to.`);
  if (sweep.skipped) log(`Warning: the database has no images but ${location} has files; they were left alone.`);
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
      .then(async (recovered) => {
        const unsaved = await deleteUnsavedPictures(prisma, files);
        reportSweep({ recovered, unsaved, removed: [], skipped: false }, files.store.storage.location, console.log);
      })
      .catch((error: unknown) => console.error('The image file upkeep failed; it runs again later:', error));
  }, intervalMs);
  // The upkeep never keeps a stopping process alive.
  timer.unref();
  return () => clearInterval(timer);
}
