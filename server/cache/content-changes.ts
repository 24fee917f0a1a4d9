// "What visitors read has changed": the one signal every read cache empties itself on. It comes from
// two places: this process, right after one of its own writes (so the author sees the post they just
// saved at once), and the database, whose triggers announce every committed change to posts, cards
// and images on a channel (prisma/migrations/*_content_change_notifications), whoever made it:
// another server on the same PostgreSQL database, the import script, a statement typed in psql.
// docs/decisions/015-cached-public-reads.md explains why caches may be trusted only while that
// channel is heard.

/** The channel the database triggers notify on. */
export const CONTENT_CHANNEL = 'blog_content_changed';

export class ContentChanges {
  private readonly listeners = new Set<() => void>();
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
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Something visitors read has changed: every cache forgets what it holds. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * The database's channel was lost (false) or is heard again (true). Either way what the caches
   * hold may be stale: while it was lost, changes went unannounced.
   */
  setHeard(heard: boolean): void {
    this.heard = heard;
    this.changed();
  }
}
