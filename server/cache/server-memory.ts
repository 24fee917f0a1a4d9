// Where this process's memory goes, for the admin (the serverMemory query) and the bench: the
// process as the system sees it, the JavaScript heap, the embedded database's WebAssembly memory,
// and what each read cache holds against its budget (server/cache/read-caches.ts).
import type { Database } from '../db/database.ts';
import type { CacheName } from './read-caches.ts';
import type { CacheUsage } from './read-cache.ts';

export interface MemoryReport {
  /** Resident set size: what the system counts against the process. */
  residentBytes: number;
  /** The JavaScript heap in use (objects, strings: the caches' values live here). */
  heapUsedBytes: number;
  /** Memory held outside the heap for JavaScript objects: buffers, and WebAssembly memories. */
  externalBytes: number;
  /** The embedded database's own WebAssembly memory (part of externalBytes); null on PostgreSQL. */
  databaseBytes: number | null;
  caches: Array<CacheUsage & { name: CacheName }>;
}

export class ServerMemory {
  constructor(
    private readonly db: Pick<Database, 'memoryBytes'>,
    private readonly caches: { usage(): Array<CacheUsage & { name: CacheName }> },
  ) {}

  report(): MemoryReport {
    const usage = process.memoryUsage();
    return {
      residentBytes: usage.rss,
      heapUsedBytes: usage.heapUsed,
      externalBytes: usage.external,
      databaseBytes: this.db.memoryBytes(),
      caches: this.caches.usage(),
    };
  }
}
