// An in-memory cache of public reads (pages of posts, a post, the "Currently" cards): the rows a
// query returned, kept until anything visitors read changes (ContentChanges), then all forgotten at
// once. Whole-cache invalidation is coarse, but on a blog writes are rare and reads are nearly all
// the traffic; per-key invalidation would have to know which pages a post appears on, a rule easy
// to get wrong (docs/decisions/015-cached-public-reads.md).
//
// Values are shared by every request that reads them: callers must never modify one.
import type { ContentChanges } from './content-changes.ts';

export interface ReadCacheOptions<V> {
  /** Rough memory budget: the least recently used entries go when the sizes add up to more. */
  maxBytes: number;
  /** An estimate of a value's memory, in bytes. */
  sizeOf(value: V): number;
}

interface Entry<V> {
  value: V;
  size: number;
}

export class ReadCache<V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private bytes = 0;
  // Bumped by every change: a load that started before a change must not store what it read.
  private generation = 0;

  constructor(
    private readonly changes: ContentChanges,
    private readonly options: ReadCacheOptions<V>,
  ) {
    changes.subscribe(() => this.clear());
  }

  /**
   * The cached value for key, or load()'s, stored for the next caller. Concurrent callers of a key
   * that is not cached share one load, so a burst of visitors on a new page costs one query.
   */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.lookup(key);
    if (hit) return hit.value;
    const ticket = this.ticket();
    if (ticket === null) return load();
    const pending = this.loading.get(key);
    if (pending) return pending;

    const promise = load().then((value) => {
      this.put(key, value, ticket);
      return value;
    });
    this.loading.set(key, promise);
    // Settled either way: a failed load is not remembered, the next caller tries again.
    const forget = () => {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** The entry for key, if cached (and the cache may be trusted), as the most recently used. */
  lookup(key: string): { value: V } | undefined {
    if (!this.changes.trustworthy) return undefined;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /**
   * Take one before reading what will be stored, and hand it to put(): a change in between voids
   * it. null when the cache may not be trusted at all now.
   */
  ticket(): number | null {
    return this.changes.trustworthy ? this.generation : null;
  }

  /** Stores value under key, unless something changed since the ticket was taken. */
  put(key: string, value: V, ticket: number): void {
    if (ticket === this.generation && this.changes.trustworthy) this.store(key, value);
  }

  /** Forgets every entry, and every load under way. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  /** Entries held, for tests and diagnostics. */
  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: V): void {
    const size = this.options.sizeOf(value);
    // A value larger than the whole budget would evict everything and then itself: not kept.
    if (size > this.options.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.size;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, size });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.size;
    }
  }
}
