// "What visitors read has changed": the one signal every read cache listens to. It comes from two
// places: this process, right after one of its own writes (so the author sees the post they just
// saved at once), and the database, whose triggers announce every committed change to posts, cards
// and images on a channel (prisma/migrations/*_content_change_notifications and *_tagged_content_changes),
// whoever made it: another server on the same PostgreSQL database, the import script, psql.
//
// A change says what it touched (docs/decisions/032-writes-cool-what-they-change.md): tags such as
// `post:{id}` or `list:game`, and points on the timelines answers look at (the public timeline, a
// category's posts) where it added, removed or reworded a post.
// A cached answer records what it was read from the same way (server/cache/dependencies.ts), and
// only the answers a change touches are forgotten. A change that cannot say what it touched (a
// TRUNCATE, a bulk statement, the channel lost) touches everything.
// docs/decisions/015-cached-public-reads.md explains why caches may be trusted only while that
// channel is heard.
import { randomUUID } from 'node:crypto';

/** The channel the database triggers notify on. */
export const CONTENT_CHANNEL = 'blog_content_changed';

/** How a marker of ContentChanges.whenCaughtUp() starts: a notice that announces no change. */
export const CAUGHT_UP_PREFIX = 'caught-up:';

/** Where a change touched one of the timelines (server/cache/post-changes.ts names them): a publication time, ms. */
export interface TimelinePoint {
  readonly line: string;
  readonly at: number;
  /**
   * The words the change there was about, when it is a rewording that can matter only to answers
   * that looked for them (a related-posts ranking, decision 054); absent: any answer in a span
   * holding the point.
   */
  readonly words?: readonly string[];
  /** A post entered the line here (its words are all of its own): see TimelineSpan.newcomersNeedWords. */
  readonly entering?: boolean;
  /** A post left the line here: see TimelineSpan.full. */
  readonly leaving?: boolean;
}

/** The stretch of one timeline an answer looked at: inclusive, ms; -Infinity and Infinity for open ends. */
export interface TimelineSpan {
  readonly line: string;
  readonly from: number;
  readonly to: number;
  /** The only words a point's change of words can matter by (a ranking's query); absent: any word. */
  readonly words?: readonly string[];
  /**
   * Whether a post entering the span can matter only by its words too. Not when the answer's last
   * pick shares none of them (a newcomer sharing none could outrank it by its time), nor when a
   * pick sits at the edge of a full window (a newcomer pushes it out).
   */
  readonly newcomersNeedWords?: boolean;
  /**
   * Whether the answer's window held as many posts as it takes (absent: as if it did). One that did
   * not took every post of its line: a post leaving it lets no other in, and matters only if the
   * answer named it (its `post:` tag).
   */
  readonly full?: boolean;
  /**
   * The known posts past a full window's far end (its oldest candidate), none of which would be
   * picked (decision 054): each post leaving the window lets the next of them in. Counted by the
   * changes themselves (touches()).
   */
  readonly spare?: Spare;
}

/** TimelineSpan.spare: what the posts past a full window can make up for. */
export interface Spare {
  /** Their publication times, nearest the window first. */
  readonly times: readonly number[];
  /** How many more posts may leave the window before one nobody knows comes in. */
  left: number;
  /** How many came in (at most): the window now reaches the time of the last of them. */
  used: number;
  /**
   * The departures already counted: one span is shared by every answer made from the same read
   * (the ending, the pages built on it, in every cache), and each looks at the same change.
   */
  readonly counted: WeakSet<TimelinePoint>;
}

export interface Change {
  /** True: every cached answer may be stale. */
  everything: boolean;
  tags: ReadonlySet<string>;
  points: readonly TimelinePoint[];
}

/** What a cached answer was read from: tags, and the stretches of timelines it looked at. */
export interface Dependencies {
  tags: ReadonlySet<string>;
  /** The answer depends on every point a change makes inside one of them. */
  spans: readonly TimelineSpan[];
}

export const EVERYTHING: Change = { everything: true, tags: new Set(), points: [] };

/**
 * Everything, and also what a process keeps beside its caches (the site's settings, applied to its
 * configuration): the settings row changed (its notice), or the channel was lost or heard again
 * (a change to them may have gone unannounced). Those keepers read again on this tag alone, not at
 * every "everything" (a page or a menu saved, a test emptying the caches).
 */
export const SETTINGS_TAG = 'settings';
export const SETTINGS_CHANGE: Change = { everything: true, tags: new Set([SETTINGS_TAG]), points: [] };

export function changeOf(tags: Iterable<string>, points: readonly TimelinePoint[] = []): Change {
  return { everything: false, tags: new Set(tags), points };
}

/**
 * Whether an answer read from deps may be stale after change. One whose reads reported nothing
 * (robots.txt, the site's settings) is forgotten on any change rather than kept on a guess: a read
 * that forgot to report must not leave a stale answer behind.
 */
export function touches(change: Change, deps: Dependencies): boolean {
  if (change.everything || (deps.tags.size === 0 && deps.spans.length === 0)) return true;
  for (const tag of deps.tags) if (change.tags.has(tag)) return true;
  for (const point of change.points) {
    for (const span of deps.spans) {
      if (span.line !== point.line || point.at > span.to) continue;
      const { spare } = span;
      if (point.at < span.from) {
        if (!spare || point.at < spare.times.at(-1)!) continue;
        // Among the spares still outside the window: what they can make up for changes.
        if (spare.used === 0 || point.at < spare.times[Math.min(spare.used, spare.times.length) - 1]!) {
          spareChanged(point, span, spare);
          continue;
        }
        // Among those that came into the window.
      }
      if (!pointMatters(point, span)) continue;
      // A departure a spare makes up for: the next known post comes in, and is not picked.
      if (point.leaving && spare && (spare.counted.has(point) || spare.left > 0)) {
        if (!spare.counted.has(point)) {
          spare.counted.add(point);
          spare.left -= 1;
          spare.used += 1;
        }
        continue;
      }
      return true;
    }
  }
  return false;
}

/**
 * A point among a span's spares outside its window changes no answer, only what the spares can
 * make up for: one less for each that leaves (counted as come in too, so that where the window
 * reaches is never placed short of where it does); none once a post enters among them or one is
 * reworded in words the answer looks for (how it would rank is then unknown).
 */
function spareChanged(point: TimelinePoint, span: TimelineSpan, spare: Spare): void {
  if (point.leaving) {
    if (!spare.counted.has(point)) {
      spare.left = Math.max(0, spare.left - 1);
      spare.used += 1;
    }
    spare.counted.add(point);
  } else if (pointMatters(point, span)) {
    spare.left = 0;
  }
}

/**
 * Whether a point inside a span may change its answer: a departure from a window that was not full
 * cannot (unless the answer named it: its `post:` tag); words must meet, when both name them.
 */
function pointMatters(point: TimelinePoint, span: TimelineSpan): boolean {
  if (point.leaving && span.full === false) return false;
  if (point.words === undefined || span.words === undefined) return true;
  if (point.entering && !span.newcomersNeedWords) return true;
  return point.words.some((word) => span.words!.includes(word));
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
    this.changed(SETTINGS_CHANGE);
    if (heard) for (const resolve of this.heardWaiters.splice(0)) resolve(true);
  }

  private readonly heardWaiters: Array<(heard: boolean) => void> = [];
  private readonly markerWaiters = new Map<string, () => void>();

  /**
   * Resolves true once the database's announcements reach this process (at once if they do), or
   * false after timeoutMs.
   */
  whenHeard(timeoutMs: number): Promise<boolean> {
    if (this.heard) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.heardWaiters.splice(this.heardWaiters.indexOf(settle), 1);
        resolve(false);
      }, timeoutMs);
      const settle = (heard: boolean) => {
        clearTimeout(timer);
        resolve(heard);
      };
      this.heardWaiters.push(settle);
    });
  }

  /**
   * Resolves true once every change committed before the call has reached this process, or false
   * after timeoutMs. A server starts serving only then (decision 015): an answer is cached only
   * while the channel is heard, and a change still on its way (a start's own writes, announced a
   * moment after they commit on a PostgreSQL server) would void the first readers' answers as they
   * are stored. announce sends a marker on the channel (CAUGHT_UP_PREFIX and an id, as a notice of
   * its own); the database delivers notices in the order their transactions committed, so the
   * marker arriving means all that came before it has.
   */
  async whenCaughtUp(timeoutMs: number, announce: (marker: string) => Promise<unknown>): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    if (!(await this.whenHeard(timeoutMs))) return false;
    const marker = `${CAUGHT_UP_PREFIX}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.markerWaiters.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    });
    try {
      await announce(marker);
      return await heard;
    } catch {
      // The marker could not be sent: the start serves without cached reads, as when it is not heard.
      return false;
    } finally {
      clearTimeout(timer);
      this.markerWaiters.delete(marker);
    }
  }

  /** A notice from the channel: a marker whenCaughtUp() waits for, or a change. */
  noticed(payload: string | undefined, change: (payload: string | undefined) => Change): void {
    if (payload?.startsWith(CAUGHT_UP_PREFIX)) {
      // Another process's marker is no change either.
      this.markerWaiters.get(payload)?.();
      return;
    }
    this.changed(change(payload));
  }
}
