// "What visitors read has changed": the one signal every read cache listens to. It comes from two
// places: this process, right after one of its own writes (so the author sees the post they just
// saved at once), and the database, whose triggers announce every committed change to posts, cards
// and images on a channel (prisma/migrations/*_content_change_notifications and *_tagged_content_changes),
// whoever made it: another server on the same PostgreSQL database, the import script, psql.
//
// A change says what it touched (docs/decisions/032-writes-cool-what-they-change.md): tags such as
// `post:{id}` or `list:game`, and the publication times it added or removed on the blog's timeline.
// A cached answer records what it was read from the same way (server/cache/dependencies.ts), and
// only the answers a change touches are forgotten. A change that cannot say what it touched (a
// TRUNCATE, a bulk statement, the channel lost) touches everything.
// docs/decisions/015-cached-public-reads.md explains why caches may be trusted only while that
// channel is heard.

/** The channel the database triggers notify on. */
export const CONTENT_CHANNEL = 'blog_content_changed';

export interface Change {
  /** True: every cached answer may be stale. */
  everything: boolean;
  tags: ReadonlySet<string>;
  /** Publication times (ms) where a post entered or left the public timeline. */
  times: readonly number[];
}

/** What a cached answer was read from: tags, and the spans of the timeline it looked at. */
export interface Dependencies {
  tags: ReadonlySet<string>;
  /** Inclusive [from, to] in ms; an answer depends on every post published inside. */
  spans: ReadonlyArray<readonly [number, number]>;
}

export const EVERYTHING: Change = { everything: true, tags: new Set(), times: [] };

export function changeOf(tags: Iterable<string>, times: readonly number[] = []): Change {
  return { everything: false, tags: new Set(tags), times };
}

/**
 * Whether an answer read from deps may be stale after change. One whose reads reported nothing
 * (robots.txt, the site's settings) is forgotten on any change rather than kept on a guess: a read
 * that forgot to report must not leave a stale answer behind.
 */
export function touches(change: Change, deps: Dependencies): boolean {
  if (change.everything || (deps.tags.size === 0 && deps.spans.length === 0)) return true;
  for (const tag of deps.tags) if (change.tags.has(tag)) return true;
  for (const time of change.times) {
    for (const [from, to] of deps.spans) if (from <= time && time <= to) return true;
  }
  return false;
}

export class ContentChanges {
  private readonly listeners = new Set<(change: Change) => void>();
  private heard: boolean;

  /** @param heard whether the database's announcements already reach this process. */
  constructor(heard = true) {
    this.heard = heard;
  }

  /**
   * True while every change reaches this process. When the database's channel is lost (its
   * connection dropped), a change made elsewhere could go unseen: caches must not answer then.
   */
  get trustworthy(): boolean {
    return this.heard;
  }

  /** Calls listener on every change; returns the function that stops it. */
  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Something visitors read has changed: every cache forgets what the change touches (all, when unsaid). */
  changed(change: Change = EVERYTHING): void {
    for (const listener of this.listeners) listener(change);
  }

  /**
   * The database's channel was lost (false) or is heard again (true). Either way what the caches
   * hold may be stale: while it was lost, changes went unannounced.
   */
  setHeard(heard: boolean): void {
    this.heard = heard;
    this.changed(EVERYTHING);
  }
}
