// An in-memory cache of public reads (pages of posts, a post, the "Currently" cards, whole
// responses): each entry kept with what it was read from (its tags and timeline spans, gathered by
// server/cache/dependencies.ts), until a change touches it (ContentChanges). A change that says
// nothing precise empties the whole cache, as every change did before
// (docs/decisions/032-writes-cool-what-they-change.md, 015-cached-public-reads.md).
//
// Values are shared by every request that reads them: callers must never modify one.
import { type Change, type ContentChanges, type Dependencies, EVERYTHING, touches } from './content-changes.ts';
import { collect, dependOn } from './dependencies.ts';

export interface ReadCacheOptions<V> {
  /** Rough memory budget: entries not read lately go when the sizes add up to more (second chance, below). */
  maxBytes: number;
  /** An estimate of a value's memory, in bytes. */
  sizeOf(value: V): number;
}

export interface CacheUsage {
  entries: number;
  bytes: number;
  maxBytes: number;
}

interface Entry<V> {
  value: V;
  size: number;
  deps: Dependencies;
  /** Read since it was stored, or since the budget last spared it. */
  used: boolean;
}

// The changes a ticket is checked against. A load that outlives this many changes is not stored
// (it could not be told apart from one a change touched): writes are rare, loads take milliseconds.
const CHANGES_KEPT = 256;

/** Taken before a read whose answer will be stored: the changes after it are checked at put(). */
export type Ticket = number;

export class ReadCache<V> {
  // A Map iterates in insertion order, oldest first. The budget spares an entry read since it was
  // stored (or last spared) by moving it to the end, once ("second chance", a cheap stand-in for
  // least recently used): a hit only marks its entry. Moving it on every hit was a tenth of a hit's
  // time on a Map of 20 000 entries (bench scenario 11's CPU profile).
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<{ value: V; deps: Dependencies }>>();
  private bytes = 0;
  // Which keys each tag could touch; which each timeline could, by the day their stretch ends (a
  // point falls only in stretches that end at or after it, and a new post's point is the newest of
  // all); and those whose reads reported nothing, which every change touches. A change then looks at
  // the entries it may touch, not at all of them: with 20 000 entries a scan held the server for 20
  // to 30 ms on every write, and every post page looks at the timeline.
  private readonly byTag = new Map<string, Set<string>>();
  private readonly byLine = new Map<string, Map<number, Set<string>>>();
  private readonly unspecific = new Set<string>();
  // Every change, numbered: a load that started before one that touches what it read must not
  // store it. Only the last CHANGES_KEPT are kept.
  private sequence = 0;
  private recent: Change[] = [];
  // Entries a change took out whose places in the indexes above are still to be cleared (forget()).
  private unindexed: Array<[string, Dependencies]> = [];
  private unindexing = false;

  constructor(
    private readonly changes: ContentChanges,
    private readonly options: ReadCacheOptions<V>,
  ) {
    changes.subscribe((change) => this.forget(change));
  }

  /**
   * The cached value for key, or load()'s, stored for the next caller with what the load read.
   * Concurrent callers of a key that is not cached share one load, so a burst of visitors on a new
   * page costs one query. Either way the value's dependencies are reported to the caller's
   * collection.
   */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.lookup(key);
    if (hit) return hit.value;
    const ticket = this.ticket();
    if (ticket === null) return load();
    const pending = this.loading.get(key);
    if (pending) {
      const { value, deps } = await pending;
      dependOn(deps);
      return value;
    }

    const promise = collect(load).then((loaded) => {
      this.put(key, loaded.value, ticket, loaded.deps);
      return loaded;
    });
    this.loading.set(key, promise);
    // Settled either way: a failed load is not remembered, the next caller tries again.
    const forget = () => {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    };
    promise.then(forget, forget);
    return (await promise).value;
  }

  /**
   * The entry for key, if cached (and the cache may be trusted), as the most recently used; what it
   * depends on is reported to the caller's collection.
   */
  lookup(key: string): { value: V } | undefined {
    if (!this.changes.trustworthy) return undefined;
    const hit = this.entries.get(key);
    if (hit) {
      hit.used = true;
      dependOn(hit.deps);
    }
    return hit;
  }

  /**
   * Take one before reading what will be stored, and hand it to put(): a change in between that
   * touches what was read voids it. null when the cache may not be trusted at all now.
   */
  ticket(): Ticket | null {
    return this.changes.trustworthy ? this.sequence : null;
  }

  /** Stores value under key with what it was read from, unless a change since the ticket touches that. */
  put(key: string, value: V, ticket: Ticket, deps: Dependencies): void {
    if (!this.changes.trustworthy) return;
    const missed = this.sequence - ticket;
    if (missed > this.recent.length) return;
    for (const change of this.recent.slice(this.recent.length - missed)) if (touches(change, deps)) return;
    this.store(key, { value, size: this.options.sizeOf(value), deps, used: false });
  }

  /** Forgets every entry, and every load under way. */
  clear(): void {
    this.forget(EVERYTHING);
  }

  /** Entries held, for tests and diagnostics. */
  get size(): number {
    return this.entries.size;
  }

  /** What the cache holds now against its budget (estimated bytes, as sizeOf counts them). */
  usage(): CacheUsage {
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.options.maxBytes };
  }

  /** Whether key is cached (without counting as a use): for tests and diagnostics. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  private forget(change: Change): void {
    this.sequence += 1;
    this.recent.push(change);
    if (this.recent.length > CHANGES_KEPT) this.recent = this.recent.slice(-CHANGES_KEPT);
    // A load under way is not shared after a change: it may read what the change touched (it is
    // checked again when it ends, with what it read).
    this.loading.clear();
    if (change.everything) {
      this.unindexed = [];
      this.entries.clear();
      this.byTag.clear();
      this.byLine.clear();
      this.unspecific.clear();
      this.bytes = 0;
      return;
    }
    const candidates = new Set(this.unspecific);
    for (const tag of change.tags) for (const key of this.byTag.get(tag) ?? []) candidates.add(key);
    for (const { line, at } of change.points) {
      const atDay = dayOf(at);
      for (const [endDay, keys] of this.byLine.get(line) ?? []) {
        if (endDay >= atDay) for (const key of keys) candidates.add(key);
      }
    }
    // Taken out at once, so no reader gets them; their places in the indexes are cleared a few
    // hundred at a time after this (a new post takes out every list page: 1 334 of them held the
    // thread 4 to 19 ms, most of it in clearing each page's 17 places).
    for (const key of candidates) {
      const entry = this.entries.get(key);
      if (entry && touches(change, entry.deps)) {
        this.entries.delete(key);
        this.bytes -= entry.size;
        this.unindexed.push([key, entry.deps]);
      }
    }
    if (this.unindexed.length > 0 && !this.unindexing) {
      this.unindexing = true;
      setImmediate(() => this.unindexSome());
    }
  }

  private store(key: string, entry: Entry<V>): void {
    // A value larger than the whole budget would evict everything and then itself: not kept.
    if (entry.size > this.options.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, entry);
    this.bytes += entry.size;
    this.index(key, entry.deps, true);
    // An entry moved to the end is met again only after every other: the loop ends.
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      if (old.used && oldest !== key) {
        old.used = false;
        this.entries.delete(oldest);
        this.entries.set(oldest, old);
      } else {
        this.remove(oldest, old);
      }
    }
  }

  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
    this.index(key, entry.deps, false);
  }

  /**
   * Clears the index places of entries forget() took out, a batch per turn of the event loop. A key
   * stored again since keeps the places its new entry needs: only the others are cleared. Until
   * then a cleared-out key may still be a change's candidate: it is looked up, and skipped or
   * judged by its new entry's reads.
   */
  private unindexSome(): void {
    for (const [key, deps] of this.unindexed.splice(0, UNINDEX_BATCH)) {
      const current = this.entries.get(key);
      this.index(key, current ? without(deps, current.deps) : deps, false);
    }
    if (this.unindexed.length > 0) setImmediate(() => this.unindexSome());
    else this.unindexing = false;
  }

  /** Files key under every tag and timeline it was read from (or takes it out, when add is false). */
  private index(key: string, deps: Dependencies & { keepsUnspecific?: boolean }, add: boolean): void {
    if (deps.tags.size === 0 && deps.spans.length === 0) {
      if (add) this.unspecific.add(key);
      else if (!deps.keepsUnspecific) this.unspecific.delete(key);
    }
    for (const tag of deps.tags) file(this.byTag, tag, key, add);
    for (const { line, to } of deps.spans) {
      let ends = this.byLine.get(line);
      if (!ends) {
        if (!add) continue;
        this.byLine.set(line, (ends = new Map()));
      }
      file(ends, dayOf(to), key, add);
      if (ends.size === 0) this.byLine.delete(line);
    }
  }
}

// Index places cleared per turn of the event loop: a few hundred entries, well under a millisecond.
const UNINDEX_BATCH = 256;

/**
 * What `old` was filed under that `current`, stored since under the same key, is not: the places to
 * clear. When both reported nothing, the key stays among those every change touches.
 */
function without(old: Dependencies, current: Dependencies): Dependencies & { keepsUnspecific?: boolean } {
  const currentUnspecific = current.tags.size === 0 && current.spans.length === 0;
  const placeOf = ({ line, to }: { line: string; to: number }) => `${line} ${dayOf(to)}`;
  const currentPlaces = new Set(current.spans.map(placeOf));
  return {
    tags: new Set([...old.tags].filter((tag) => !current.tags.has(tag))),
    spans: old.spans.filter((span) => !currentPlaces.has(placeOf(span))),
    keepsUnspecific: currentUnspecific,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The day a time falls on, as a number that orders like it (an open end is Infinity). */
const dayOf = (time: number): number => Math.floor(time / DAY_MS);

function file<K>(index: Map<K, Set<string>>, name: K, key: string, add: boolean): void {
  const keys = index.get(name);
  if (add) {
    if (keys) keys.add(key);
    else index.set(name, new Set([key]));
  } else if (keys) {
    keys.delete(key);
    if (keys.size === 0) index.delete(name);
  }
}
