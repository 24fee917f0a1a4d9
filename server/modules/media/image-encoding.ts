// The background encoding of images' smaller variants (issue 37). An upload stores its picture's
// largest variant, quickly, and answers; pages name only the variants an Image row lists, so until
// the others exist they show that one (srcset, og:image, feeds, the API alike). The job to make the
// others is a row (ImageEncodingJob) created in the transaction that creates the image, and deleted
// with it: it outlives a restart, and a deleted post or picture takes its job along.
//
// One worker per process encodes one job at a time (and through the store's limiter, one variant
// at a time), so readers always keep a core. A job is claimed by one statement that skips rows
// another worker has locked (FOR UPDATE SKIP LOCKED) and names the claiming process: two servers on
// one PostgreSQL never take the same job, and a job whose process stopped (not among the connected
// ones, decision 019) or that was claimed too long ago is taken over. The claim counts the attempt,
// so a picture that crashes the process is given up like one that fails. A failed attempt waits a
// little longer each time; the last one marks the job failed, and the image keeps its one variant.
//
// When the variants are written, the same transaction records them on the Image row and deletes the
// job. That update is announced by the database's triggers like any change to an image (server/cache/),
// so every server's cached answers and rendered pages that show the image are made again with them.
// If the image was deleted meanwhile, the update finds no row, and the files just written are removed.
import type { Database } from '../../db/database.ts';
import type { ImageFiles } from './image-files.ts';
import type { ImageStore } from './image-store.ts';
import { SerialWorker } from '../shared/serial-worker.ts';

export interface ImageEncodingOptions {
  /** Attempts before a job is marked failed. */
  maxAttempts?: number;
  /** How long the job waits after its nth failed attempt (n from 1). */
  retryDelayMs?: (attempt: number) => number;
  /** How often the worker looks for jobs it was not told about (another server's, a retry's). */
  pollMs?: number;
  /** A claim older than this is taken over even if its process still runs (a stuck encoding). */
  claimExpiresMs?: number;
}

const DEFAULTS: Required<ImageEncodingOptions> = {
  maxAttempts: 3,
  retryDelayMs: (attempt) => 30_000 * 2 ** (attempt - 1),
  pollMs: 30_000,
  claimExpiresMs: 15 * 60 * 1000,
};

interface Claimed {
  storageKey: string;
  attempts: number;
}

export class ImageEncodingQueue {
  private readonly options: Required<ImageEncodingOptions>;
  private readonly worker: SerialWorker;

  constructor(
    private readonly db: Pick<Database, 'prisma' | 'instanceId' | 'connectedInstances'>,
    private readonly store: ImageStore,
    private readonly files: ImageFiles,
    options: ImageEncodingOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.worker = new SerialWorker(() => this.runOne(), this.options.pollMs, 'The image encoding worker');
  }

  private get stopped(): boolean {
    return this.worker.isStopped;
  }

  /** Starts the worker: at once (jobs left by a previous run), on every upload, and every pollMs. */
  start(): void {
    if (!this.stopped) return;
    this.files.onQueued = () => this.wake();
    this.worker.start();
  }

  /** Stops taking jobs; resolves once the one being encoded is finished. */
  async stop(): Promise<void> {
    this.files.onQueued = () => {};
    await this.worker.stop();
  }

  /** Runs the jobs that are ready, unless the worker is already at it (then it looks again after). */
  wake(): void {
    this.worker.wake();
  }

  /** Claims a job that is ready and does it; false when there was none. */
  async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    if (job.attempts > this.options.maxAttempts) {
      // Its attempts ended without a word (the process stopped during each): it is given up.
      await this.fail(job, 'The process stopped while encoding it');
      return true;
    }
    try {
      await this.encode(job.storageKey);
    } catch (error) {
      console.error(`Could not encode the variants of image ${job.storageKey} (attempt ${job.attempts}):`, error);
      await this.fail(job, (error as Error)?.message ?? String(error));
    }
    return true;
  }

  private async claim(): Promise<Claimed | null> {
    const running = [...(await this.db.connectedInstances())];
    const expired = new Date(Date.now() - this.options.claimExpiresMs);
    const [job] = await this.db.prisma.$queryRaw<Claimed[]>`
      UPDATE "ImageEncodingJob" SET "worker" = ${this.db.instanceId}, "claimedAt" = now(), "attempts" = "attempts" + 1
      WHERE "storageKey" = (
        SELECT "storageKey" FROM "ImageEncodingJob"
        WHERE "state" = 'queued' AND "runAfter" <= now()
          AND ("worker" IS NULL OR NOT ("worker" = ANY(${running}::text[])) OR "claimedAt" < ${expired})
        ORDER BY "runAfter", "createdAt" LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING "storageKey", "attempts"`;
    return job ?? null;
  }

  private async encode(storageKey: string): Promise<void> {
    const image = await this.db.prisma.image.findUnique({
      where: { storageKey },
      select: { id: true, storageKey: true, variantWidths: true, width: true },
    });
    // Deleted since the claim: its job went with it.
    if (!image) return;
    const variants = await this.store.encodeLater(image);
    await this.store.writeLater(storageKey, variants);
    const widths = [...new Set([...image.variantWidths, ...variants.map((variant) => variant.width)])].sort(
      (a, b) => a - b,
    );
    const recorded = await this.db.prisma.$transaction(async (tx) => {
      const { count } = await tx.image.updateMany({ where: { storageKey }, data: { variantWidths: widths } });
      await tx.imageEncodingJob.deleteMany({ where: { storageKey } });
      // The site's avatar and banner are shown by every page: their row's notice makes them all again
      // (images' own notices name the posts and cards that show them). Asked first: the row's trigger
      // is a statement's, so an update of no row still announces the settings, and every server then
      // forgot every cached answer at each post's cover (migration *_site_setup).
      const showsSite =
        count === 1 &&
        (await tx.siteSetting.count({ where: { OR: [{ avatarId: image.id }, { bannerId: image.id }] } })) > 0;
      if (showsSite) {
        await tx.$executeRaw`UPDATE "SiteSetting" SET "id" = "id" WHERE "avatarId" = ${image.id}::uuid OR "bannerId" = ${image.id}::uuid`;
      }
      return count === 1;
    });
    if (!recorded) {
      // Deleted while it was encoded: the delete removed the files there were then; these go now.
      await this.store.remove({ storageKey, variantWidths: variants.map((variant) => variant.width) });
    }
  }

  private async fail(job: Claimed, message: string): Promise<void> {
    const last = job.attempts >= this.options.maxAttempts;
    await this.db.prisma.imageEncodingJob.updateMany({
      where: { storageKey: job.storageKey, worker: this.db.instanceId },
      data: {
        worker: null,
        claimedAt: null,
        lastError: message.slice(0, 1000),
        ...(last ? { state: 'failed' } : { runAfter: new Date(Date.now() + this.options.retryDelayMs(job.attempts)) }),
      },
    });
    if (!last && !this.stopped) {
      // Woken when its retry is due, rather than at the next poll.
      setTimeout(() => this.wake(), this.options.retryDelayMs(job.attempts)).unref();
    }
  }
}
