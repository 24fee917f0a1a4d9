// The process's read caches, each with its memory budget, made in one place so that the budgets are
// read from one table and the memory report (server/cache/server-memory.ts) can count every cache.
// Each cache is emptied by the same content changes (server/cache/content-changes.ts).
import type { ContentChanges } from './content-changes.ts';
import { type CacheUsage, ReadCache } from './read-cache.ts';

/**
 * Every read cache the server keeps:
 * - posts: single posts and each list's order, its pages' source (PostService), READ_CACHE_MB;
 * - cards: the "Currently" cards, one entry of a few KB;
 * - pageHeads: the author's name and the lists' sizes every page head shows, a few entries;
 * - responses: whole public answers as sent, often compressed, RESPONSE_CACHE_MB.
 */
export type CacheName = 'posts' | 'cards' | 'pageHeads' | 'responses';

export type CacheBudgets = Record<CacheName, number>;

/** The two small caches hold a handful of entries each: a fixed budget, no setting. */
export const FIXED_BUDGETS = { cards: 1024 * 1024, pageHeads: 64 * 1024 } as const;

export class ReadCaches {
  private readonly made = new Map<CacheName, { usage(): CacheUsage }>();

  constructor(
    /** What empties the caches; the services also announce their own writes on it. */
    readonly changes: ContentChanges,
    private readonly budgets: CacheBudgets,
  ) {}

  /** The cache called name, with its budget; sizeOf estimates a value's memory in bytes. */
  create<V>(name: CacheName, sizeOf: (value: V) => number): ReadCache<V> {
    if (this.made.has(name)) throw new Error(`The ${name} cache is made once`);
    const cache = new ReadCache<V>(this.changes, { maxBytes: this.budgets[name], sizeOf });
    this.made.set(name, cache);
    return cache;
  }

  /** Every cache made so far, with what it holds against its budget. */
  usage(): Array<CacheUsage & { name: CacheName }> {
    return [...this.made].map(([name, cache]) => ({ name, ...cache.usage() }));
  }
}
