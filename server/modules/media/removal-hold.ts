// A backup of a running site reads its rows in one snapshot, then the image files those rows name,
// one by one, after the snapshot's transaction has ended. An image deleted meanwhile has its files
// removed after its delete commits (image-files.ts): without this hold, the backup would find them
// gone. So a backup holds removals for as long as it reads (holdingImageFiles), and a removal that
// finds a hold leaves the files to later (removeUnlessHeld): they stay recorded as `removing`, and
// are removed when the last hold in this process ends, or by the next upkeep (docs/decisions/012).
//
// Within one process (the only one on the embedded database) a count says whether a backup reads.
// Across processes on a PostgreSQL server, an advisory lock: a backup takes it exclusively, and
// waits for removals under way; a removal tries it shared, never waiting, so an author's delete is
// never slowed by a backup. The backup takes it before its snapshot: a delete that committed after
// the snapshot (whose image the backup holds) cannot remove a file until the backup lets go, and a
// removal already under way finishes before the snapshot, which then no longer has that image.
import type { Database } from '../../db/database.ts';

/** The database a hold is taken on: its kind, and its raw SQL for the advisory lock. */
export type HoldDatabase = Pick<Database, 'kind' | 'sql'>;

/** Any 64-bit number unique to this use; the migrations' lock has its own (db/migrate.ts). */
const IMAGE_FILES_LOCK_KEY = 7_320_553_811_004_211;

interface ProcessHolds {
  count: number;
  /** What to run once the last hold ends: the removals that found one. */
  afterwards: Array<() => void>;
}

// By the database's SQL runner: one per opened database, shared by the server's services and a
// backup the server answers.
const holdsByDatabase = new WeakMap<object, ProcessHolds>();

function holdsOf(db: HoldDatabase): ProcessHolds {
  let holds = holdsByDatabase.get(db.sql);
  if (!holds) {
    holds = { count: 0, afterwards: [] };
    holdsByDatabase.set(db.sql, holds);
  }
  return holds;
}

/**
 * Runs read while no image file of the database is removed, by this process or another; a removal
 * under way in another process finishes first. read takes the backup's snapshot inside.
 */
export async function holdingImageFiles<T>(db: HoldDatabase, read: () => Promise<T>): Promise<T> {
  const holds = holdsOf(db);
  holds.count++;
  try {
    if (db.kind === 'pglite') return await read();
    return await db.sql.session(async (conn) => {
      await conn.query('SELECT pg_advisory_lock($1)', [IMAGE_FILES_LOCK_KEY]);
      try {
        return await read();
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [IMAGE_FILES_LOCK_KEY]);
      }
    });
  } finally {
    holds.count--;
    if (holds.count === 0) for (const run of holds.afterwards.splice(0)) run();
  }
}

/**
 * Runs remove unless a backup holds the image files; returns whether it ran. When it did not, and
 * the hold is this process's, later is called once the hold ends.
 */
export async function removeUnlessHeld(
  db: HoldDatabase,
  remove: () => Promise<void>,
  later?: () => void,
): Promise<boolean> {
  const holds = holdsOf(db);
  if (holds.count > 0) {
    if (later) holds.afterwards.push(later);
    return false;
  }
  if (db.kind === 'pglite') {
    await remove();
    return true;
  }
  return db.sql.session(async (conn) => {
    const [row] = await conn.query<{ free: boolean }>('SELECT pg_try_advisory_lock_shared($1) AS "free"', [
      IMAGE_FILES_LOCK_KEY,
    ]);
    // Held by a backup in another process: its upkeep, or this one's, removes the files later.
    if (!row?.free) return false;
    try {
      await remove();
      return true;
    } finally {
      await conn.query('SELECT pg_advisory_unlock_shared($1)', [IMAGE_FILES_LOCK_KEY]);
    }
  });
}
