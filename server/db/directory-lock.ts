// An exclusive lock on a folder, held by this process through a lock file with its PID.
// A lock left behind by a process that no longer runs (a crash, a kill -9) is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DirectoryLockedError extends Error {
  constructor(
    dir: string,
    /** The process that holds the folder. */
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is already in use by another process (PID ${pid}). ` +
        'Stop that process first, or point DATA_DIR somewhere else.',
    );
    this.name = 'DirectoryLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Locks this process holds: a lock file with our own PID that is not in here was left by an earlier
// process that had the same PID (common in containers, where the server is always PID 1).
const heldByThisProcess = new Set<string>();

/** Takes the lock or throws DirectoryLockedError; returns the function that releases it. */
export function acquireDirectoryLock(dir: string): () => void {
  const file = path.join(path.resolve(dir), '.lock');
  if (heldByThisProcess.has(file)) throw new DirectoryLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldByThisProcess.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) {
        throw new DirectoryLockedError(dir, pid);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
