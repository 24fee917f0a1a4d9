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
//
// Issue 40 (docs/decisions/058-mail-delivery.md): the worker keeps to MAIL_RATE messages a second
// (each send starts at least 1/rate s after the previous one began), and a refusal for good (an SMTP
// 5xx to the recipient or to the message) marks the row failed at once, where a temporary one (4xx, a
// lost connection, a 5xx to the login or the sender, which are the setup's and hit every message
// alike) is tried again with the backoff.
import { createTransport, type Transporter } from 'nodemailer';
import { DEFAULT_MAIL_RATE, type Config } from '../../config.ts';
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

/** Told of an address the SMTP server refused for good (a 5xx to RCPT TO), once its message is marked failed. */
export type RecipientRefused = (address: string) => Promise<void>;

/**
 * Whether an SMTP failure is for good: a 5xx answer to the recipient ('recipient': the address does
 * not exist, or takes no mail) or to the message itself ('message': its content or size refused).
 * Anything else is tried again: a 4xx, a lost connection, and a 5xx to the login or to MAIL FROM,
 * which is the setup's (a wrong password, a sender the server does not allow) and would fail every
 * message alike until someone fixes it.
 */
export function refusedForGood(error: unknown): 'recipient' | 'message' | null {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return null;
  if (command === 'RCPT TO') return 'recipient';
  if (command === 'DATA') return 'message';
  return null;
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
  private readonly refusedListeners: RecipientRefused[] = [];
  /** When this process last began a send: the worker starts the next one 1/rate s after it. */
  private lastSendAt = 0;

  constructor(
    private readonly db: Pick<Database, 'prisma' | 'instanceId' | 'connectedInstances'>,
    private readonly config: Pick<Config, 'smtp' | 'siteUrl' | 'mailFrom'>,
    options: OutboxOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    // One connection kept open and reused (nodemailer's pool, at most one connection: the worker sends
    // one message at a time): a new connection for each message cost 100 ms even to this machine's own
    // SMTP server, which capped a send at about ten a second whatever MAIL_RATE said.
    this.transport = config.smtp ? createTransport({ url: config.smtp.url, pool: true, maxConnections: 1 }) : null;
    this.worker = new SerialWorker(() => this.sendAtRate(), this.options.pollMs, 'The outbox');
  }

  /** Calls listener when the SMTP server refuses an address for good (the subscribers mark it bounced). */
  onRecipientRefused(listener: RecipientRefused): void {
    this.refusedListeners.push(listener);
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

  /**
   * The worker's job: waits until 1/rate s has passed since the previous send began (MAIL_RATE), then
   * sends. Spacing rather than a bucket of tokens: the SMTP server never sees a burst, and a restart
   * cannot send faster than the rate either. The rate is each process's: two servers send twice as many.
   */
  private async sendAtRate(): Promise<boolean> {
    const rate = this.config.smtp?.rate ?? DEFAULT_MAIL_RATE;
    const wait = this.lastSendAt + 1000 / rate - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (this.stopped) return false;
    return this.sendOne();
  }

  /** Claims a due message and sends it at once (tests call it; the worker keeps to the rate); false when there was none. */
  async sendOne(): Promise<boolean> {
    if (!this.transport) return false;
    const row = await this.claim();
    if (!row) return false;
    this.lastSendAt = Date.now();
    if (row.attempts > this.options.maxAttempts) {
      await this.release(row, 'Its process stopped while sending it', true);
      return true;
    }
    try {
      const headers = (row.headers ?? {}) as Record<string, string>;
      await this.transport.sendMail({
        // The settings' From, read at each send: a change applies to the next message (issue 40).
        from: this.config.mailFrom || this.config.smtp?.from,
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
      const refused = refusedForGood(error);
      const last = refused !== null || row.attempts >= this.options.maxAttempts;
      // A refusal that will be tried again is a warning (servers are busy at times), and so is an address
      // that does not exist (a newsletter meets them every day); giving up after every retry is an error.
      if (refused) console.warn(`E-mail ${row.id} was refused for good, not tried again: ${message}`);
      else if (last) console.error(`Gave up sending e-mail ${row.id} after ${row.attempts} attempts: ${message}`);
      else
        console.warn(`Could not send e-mail ${row.id} (attempt ${row.attempts}); it is tried again later: ${message}`);
      const released = await this.release(row, message, last);
      if (released && refused === 'recipient') {
        for (const listener of this.refusedListeners) await listener(row.to);
      }
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
    // A post's e-mails to its subscribers (bulk) come after any other due message: a reader's
    // confirmation link does not wait for a 10 000-address send to end.
    const running = [...(await this.db.connectedInstances())];
    const leaseUntil = new Date(Date.now() + this.options.leaseMs);
    const [row] = await this.db.prisma.$queryRaw<Claimed[]>`
      UPDATE "OutboxMessage" SET "worker" = ${this.db.instanceId}, "leaseUntil" = ${leaseUntil},
        "attempts" = "attempts" + 1
      WHERE "id" = (
        SELECT "id" FROM "OutboxMessage"
        WHERE "state" = 'pending' AND "runAfter" <= now()
          AND ("leaseUntil" IS NULL OR "leaseUntil" < now() OR NOT ("worker" = ANY(${running}::text[])))
        ORDER BY "bulk", "runAfter", "createdAt" LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING "id", "to", "subject", "text", "html", "headers", "attempts", "leaseUntil"`;
    return row ?? null;
  }

  /** Gives the row back for a retry, or marks it failed; false when its lease was no longer this worker's. */
  private async release(row: Claimed, error: string, last: boolean): Promise<boolean> {
    const delay = this.options.retryDelayMs(row.attempts);
    const { count } = await this.db.prisma.outboxMessage.updateMany({
      where: { id: row.id, worker: this.db.instanceId, leaseUntil: row.leaseUntil },
      data: {
        worker: null,
        leaseUntil: null,
        lastError: error.slice(0, 1000),
        ...(last ? { state: 'failed' } : { runAfter: new Date(Date.now() + delay) }),
      },
    });
    if (!last && !this.stopped) setTimeout(() => this.wake(), delay).unref();
    return count > 0;
  }
}
