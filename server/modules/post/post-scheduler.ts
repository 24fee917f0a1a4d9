// Scheduled posts go public at their time. Each server process keeps one timer, set for the earliest
// scheduled post; it is set again whenever what visitors read changes (a post scheduled, moved or
// published here or by another process: the database announces both, server/cache/content-changes.ts)
// and at start, so a time that passed while no server ran is caught up at once.
//
// Exactly once, however many processes share the database: publishing is one UPDATE of the posts
// still SCHEDULED whose time has come. Processes that fire together each run it; the row locks let
// the first one change the rows and the others find nothing left to change (and a statement that
// changes no row announces nothing, see the migration post_status_slug_and_cover).
import type { ContentChanges } from '../../cache/content-changes.ts';
import { postChange } from '../../cache/post-changes.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { PublishHook } from './post-writes.ts';

// setTimeout's longest delay (about 24.8 days); a later time is simply looked at again then.
const LONGEST_DELAY_MS = 2 ** 31 - 1;
// If a look-up fails (the database is briefly unreachable), the next try comes this much later.
const RETRY_MS = 5_000;

export class PostScheduler {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private unsubscribe: (() => void) | undefined;
  private planning: Promise<void> | null = null;
  private planAgain = false;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly changes: ContentChanges,
    private readonly log: (message: string) => void = (message) => console.error(message),
    /** Told, in the publishing transaction, of the posts going public (issue 40's e-mails). */
    private readonly publishHook?: PublishHook,
  ) {}

  /** Publishes what is due, then keeps doing so until stop(). */
  start(): void {
    this.unsubscribe = this.changes.subscribe(() => void this.plan());
    void this.plan();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
  }

  /**
   * Publishes every scheduled post whose time has come; returns their ids. It tells this process's
   * caches what went public, and the database tells every other process (post-changes.ts).
   */
  async publishDue(now = new Date()): Promise<string[]> {
    const due = await this.prisma.post.findMany({
      where: { status: 'SCHEDULED', publishedAt: { lte: now } },
      select: { id: true },
    });
    if (due.length === 0) return [];
    const published = await this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Array<{ id: string; category: string; slug: string; publishedAt: Date }>>`
        UPDATE "Post" SET "status" = 'PUBLISHED', "updatedAt" = now()
        WHERE "status" = 'SCHEDULED' AND "publishedAt" <= ${now}
        RETURNING "id"::text AS "id", "category"::text AS "category", "slug", "publishedAt"`;
      // Queued with the publication: both happen, or neither (a crash here leaves it scheduled).
      await this.publishHook?.published(
        tx,
        rows.map((row) => row.id),
      );
      return rows;
    });
    if (published.length > 0) this.publishHook?.committed();
    if (published.length > 0) {
      this.changes.changed(
        postChange(
          published.map(({ id, category, slug, publishedAt }) => {
            const facts = { category, slug, publishedAt: publishedAt.getTime() };
            return {
              id,
              before: { status: 'SCHEDULED', ...facts },
              after: { status: 'PUBLISHED', ...facts },
              wordsChanged: false,
            };
          }),
        ),
      );
    }
    return published.map((row) => row.id);
  }

  /** Publishes what is due and sets the timer for the next scheduled post; one run at a time. */
  private plan(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.planning) {
      this.planAgain = true;
      return this.planning;
    }
    this.planning = this.planOnce()
      .catch((error: Error) => {
        if (this.stopped) return;
        this.log(`Could not check the scheduled posts: ${error.message}; trying again shortly.`);
        this.setTimer(RETRY_MS);
      })
      .finally(() => {
        this.planning = null;
        if (this.planAgain) {
          this.planAgain = false;
          void this.plan();
        }
      });
    return this.planning;
  }

  private async planOnce(): Promise<void> {
    await this.publishDue();
    const next = await this.prisma.post.findFirst({
      where: { status: 'SCHEDULED' },
      orderBy: { publishedAt: 'asc' },
      select: { publishedAt: true },
    });
    clearTimeout(this.timer);
    if (next?.publishedAt && !this.stopped) this.setTimer(next.publishedAt.getTime() - Date.now());
  }

  private setTimer(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.plan(), Math.min(Math.max(delayMs, 0), LONGEST_DELAY_MS));
    // The timer alone must not keep a process alive that has nothing else to do.
    this.timer.unref();
  }
}
