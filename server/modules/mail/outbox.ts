// The site's e-mail (issue 38; issue 40's newsletters reuse it): a message is a row of the outbox,
// written in the same transaction as what decided it (a comment held, a reply), and sent by a worker,
// so a restart loses none (docs/decisions/052-comments-and-outbox.md).
//
// A worker claims one row at a time with a lease: one statement that skips rows another worker has
// locked (FOR UPDATE SKIP LOCKED), counts the attempt and sets `leaseUntil`; a row whose lease ran
// out, or whose process is no longer connected to the database (it died mid-send, kill -9), is
// claimed again. Once the SMTP server has accepted the message, the row is marked sent by one UPDATE
// that also checks the lease is still this worker's.
//
// Delivery is AT LEAST ONCE: the only window for a duplicate is between the SMTP server's "250 OK"
// after the message and that UPDATE (a few milliseconds); a process killed before the "250" leaves
// an incomplete transaction that the SMTP server discards, and the row is sent again by the next
// worker. Every attempt carries the same Message-ID (the row's id), so a receiving system that
// deduplicates does. A lost notification is worse than a rare duplicate, so this side is chosen.
import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { SerialWorker } from '../shared/serial-worker.ts';

export interface OutgoingMail {
  /** What it is about, for the log and the studio: 'comment-held', 'comment-reply'... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** An HTML part besides the text (issue 40's posts). */
  html?: string | null;
  headers?: Record<string, string>;
}

export interface OutboxOptions {
  maxAttempts?: number;
  /** How long the row waits after its nth failed attempt (n from 1). */
  retryDelayMs?: (attempt: number) => number;
  /** How long a claim holds: a send taking longer is assumed dead and taken over. */
  leaseMs?: number;
  /** How often the worker looks for rows it was not told about (another server's, a retry's). */
  pollMs?: number;
}

const DEFAULTS: Required<OutboxOptions> = {
  maxAttempts: 8,
  // 30 s, 1 min, 2 min... about two hours in all before giving up.
  retryDelayMs: (attempt) => 30_000 * 2 ** (attempt - 1),
  leaseMs: 2 * 60 * 1000,
  pollMs: 30_000,
};

interface Claimed {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Prisma.JsonValue;
  attempts: number;
  leaseUntil: Date;
}

type OutboxDb = Pick<PrismaClient, 'outboxMessage'>;

/** Writes a message to send; pass the transaction the decision is made in. */
export async function enqueueMail(db: OutboxDb, mail: OutgoingMail): Promise<void> {
  await db.outboxMessage.create({
    data: outboxRow(mail),
  });
}

const outboxRow = (mail: OutgoingMail) => ({
  kind: mail.kind,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? null,
  headers: mail.headers ?? {},
});

export class Outbox {
  private readonly options: Required<OutboxOptions>;
  private readonly transport: Transporter | null;
  private readonly worker: SerialWorker;

  constructor(
    private readonly db: Pick<Database, 'prisma' | 'instanceId' | 'connectedInstances'>,
    private readonly config: Pick<Config, 'smtp' | 'siteUrl'>,
    options: OutboxOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.transport = config.smtp ? createTransport(config.smtp.url) : null;
    this.worker = new SerialWorker(() => this.sendOne(), this.options.pollMs, 'The outbox');
  }

  private get stopped(): boolean {
    return this.worker.isStopped;
  }

  /** Whether e-mail can be sent (SMTP_URL is set): the studio says so when it is not. */
  get configured(): boolean {
    return this.transport !== null;
  }

  /** Starts the worker: at once (rows left by a previous run), when told of a new row, and every pollMs. */
  start(): void {
    if (this.transport) this.worker.start();
  }

  /** Stops taking rows; resolves once the one being sent is done. */
  async stop(): Promise<void> {
    await this.worker.stop();
    this.transport?.close();
  }

  /** Sends what is due, unless already at it (then it looks again after). */
  wake(): void {
    this.worker.wake();
  }

  /** Claims a due message and sends it; false when there was none. */
  async sendOne(): Promise<boolean> {
    if (!this.transport) return false;
    const row = await this.claim();
    if (!row) return false;
    if (row.attempts > this.options.maxAttempts) {
      await this.release(row, 'Its process stopped while sending it', true);
      return true;
    }
    try {
      const headers = (row.headers ?? {}) as Record<string, string>;
      await this.transport.sendMail({
        from: this.config.smtp?.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        headers,
        // The same on every attempt: a duplicate (a crash right after the server accepted it) is recognisable.
        messageId: `<${row.id}@${new URL(this.config.siteUrl).hostname}>`,
      });
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      const last = row.attempts >= this.options.maxAttempts;
      // A refusal that will be tried again is a warning (servers are busy at times); giving up is an error.
      if (last) console.error(`Gave up sending e-mail ${row.id} after ${row.attempts} attempts: ${message}`);
      else
        console.warn(`Could not send e-mail ${row.id} (attempt ${row.attempts}); it is tried again later: ${message}`);
      await this.release(row, message, last);
      return true;
    }
    // Sent: recorded at once, and only while the lease is still ours (a row taken over is the other's).
    await this.db.prisma.outboxMessage.updateMany({
      where: { id: row.id, worker: this.db.instanceId, leaseUntil: row.leaseUntil },
      data: { state: 'sent', sentAt: new Date(), worker: null, leaseUntil: null, lastError: null },
    });
    return true;
  }

  private async claim(): Promise<Claimed | null> {
    // A claim of a process that is no longer connected (killed mid-send) is taken over at once, as
    // the image encoding's are (decision 019); one of a live process, once its lease has run out.
    const running = [...(await this.db.connectedInstances())];
    const leaseUntil = new Date(Date.now() + this.options.leaseMs);
    const [row] = await this.db.prisma.$queryRaw<Claimed[]>`
      UPDATE "OutboxMessage" SET "worker" = ${this.db.instanceId}, "leaseUntil" = ${leaseUntil},
        "attempts" = "attempts" + 1
      WHERE "id" = (
        SELECT "id" FROM "OutboxMessage"
        WHERE "state" = 'pending' AND "runAfter" <= now()
          AND ("leaseUntil" IS NULL OR "leaseUntil" < now() OR NOT ("worker" = ANY(${running}::text[])))
        ORDER BY "runAfter", "createdAt" LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING "id", "to", "subject", "text", "html", "headers", "attempts", "leaseUntil"`;
    return row ?? null;
  }

  private async release(row: Claimed, error: string, last: boolean): Promise<void> {
    const delay = this.options.retryDelayMs(row.attempts);
    await this.db.prisma.outboxMessage.updateMany({
      where: { id: row.id, worker: this.db.instanceId, leaseUntil: row.leaseUntil },
      data: {
        worker: null,
        leaseUntil: null,
        lastError: error.slice(0, 1000),
        ...(last ? { state: 'failed' } : { runAfter: new Date(Date.now() + delay) }),
      },
    });
    if (!last && !this.stopped) setTimeout(() => this.wake(), delay).unref();
  }
}
