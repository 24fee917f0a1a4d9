// At start-up, image files that no Image row refers to are deleted: left by a process that stopped
// between writing an upload's files and committing its row, or after removing a row but before
// removing its files.
import { readdir } from 'node:fs/promises';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { ImageStore } from './image-store.ts';

export type SweepResult = { removed: string[]; skipped: false } | { removed: []; skipped: true };

export async function sweepOrphanImages(prisma: PrismaClient, store: ImageStore): Promise<SweepResult> {
  const rows = await prisma.image.findMany({ select: { storageKey: true } });
  if (rows.length === 0) {
    // A database without a single image beside a folder full of them is far more likely the wrong
    // database (a new DATABASE_URL, a test) than a site whose every image is orphaned: keep the files.
    const entries = await readdir(store.uploadsDir).catch(() => []);
    return entries.length > 0 ? { removed: [], skipped: true } : { removed: [], skipped: false };
  }
  const known = new Set(rows.map((row) => row.storageKey));
  return { removed: await store.sweepOrphans((key) => known.has(key)), skipped: false };
}
