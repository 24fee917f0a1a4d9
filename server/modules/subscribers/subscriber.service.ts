// Readers who follow by e-mail (issue 40): double opt-in subscriptions, their confirmation and
// unsubscription, and a published post e-mailed once to each confirmed subscriber through the outbox.
// An address never leaves through a public API: nothing here returns one.
// Design: docs/decisions/057-e-mail-to-subscribers.md.
import { createHash, randomBytes } from 'node:crypto';
import { isUuid } from '#kernel/id-rules.ts';
import { postPath } from '#kernel/route-paths.ts';
import {
  SUBSCRIBE_RATE_PER_ADDRESS,
  SUBSCRIBE_RATE_PER_EMAIL,
  SUBSCRIBE_RATE_WINDOW_MS,
  SUBSCRIBE_TOKEN_MS,
  subscriberMessages,
} from '#kernel/subscriber-rules.ts';
import { isValidEmail, normalizeEmail } from '#kernel/user-rules.ts';
import type { Config } from '../../config.ts';
import { AppError, notFound, validationError } from '../../errors.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { enqueueMail, type Outbox } from '../mail/outbox.ts';
import { checkRateLimits } from '../shared/rate-limit.ts';
import type { PublishHook } from '../post/post-writes.ts';
import { POST_NOT_FOUND } from '../post/post-types.ts';
import { renderPostMail } from './post-mail.ts';
import { withdrawWaitingMail } from './withdraw-mail.ts';

export interface SubscribeProof {
  honeypot?: string | null;
  clientAddress: string;
  /** Where the consent was given: 'form' or 'graphql'. */
  source: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A post's e-mails by where they stand in the outbox (issue 40's progress in the editor). */
export interface PostEmailDelivery {
  total: number;
  sent: number;
  pending: number;
  failed: number;
}

export class SubscriberService implements PublishHook {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly config: Pick<Config, 'siteUrl' | 'siteName'>,
    private readonly outbox: Outbox,
  ) {
    // An address refused for good is sent no more posts (it can subscribe again, and confirm).
    outbox.onRecipientRefused(async (address) => {
      await this.prisma.$transaction(async (tx) => {
        const bounced = await tx.subscriber.updateManyAndReturn({
          where: { email: address, status: 'confirmed' },
          data: { status: 'bounced' },
          select: { id: true },
        });
        // The rest of a send in progress would be refused the same way.
        for (const { id } of bounced) await withdrawWaitingMail(tx, id);
      });
    });
  }

  /**
   * A reader asks to follow by e-mail. The answer is the same whatever the address's history; a
   * confirmed address gets no e-mail, any other a fresh link valid 48 hours. Every request counts
   * towards the rate limits (stored, then counted, in one transaction).
   */
  async subscribe(emailInput: string, proof: SubscribeProof, now = Date.now()): Promise<{ message: string }> {
    if (proof.honeypot) throw new AppError('BAD_USER_INPUT', subscriberMessages.honeypot);
    const email = normalizeEmail(emailInput ?? '');
    if (!isValidEmail(email)) throw validationError({ email: subscriberMessages.emailInvalid });
    const token = randomBytes(32).toString('base64url');
    await this.prisma.$transaction(async (tx) => {
      await tx.subscribeAttempt.deleteMany({ where: { createdAt: { lt: new Date(now - SUBSCRIBE_RATE_WINDOW_MS) } } });
      await tx.subscribeAttempt.create({
        data: { email, clientAddress: proof.clientAddress, createdAt: new Date(now) },
      });
      const window = { gte: new Date(now - SUBSCRIBE_RATE_WINDOW_MS) };
      const counted = (where: Prisma.SubscribeAttemptWhereInput, limit: number) => async () => ({
        count: await tx.subscribeAttempt.count({ where: { ...where, createdAt: window } }),
        limit,
        nthOldest: async (skip: number) =>
          (
            await tx.subscribeAttempt.findFirst({
              where: { ...where, createdAt: window },
              orderBy: { createdAt: 'asc' },
              skip,
              select: { createdAt: true },
            })
          )?.createdAt ?? null,
      });
      const counts = await Promise.all([
        counted({ email }, SUBSCRIBE_RATE_PER_EMAIL)(),
        counted({ clientAddress: proof.clientAddress }, SUBSCRIBE_RATE_PER_ADDRESS)(),
      ]);
      await checkRateLimits(counts, SUBSCRIBE_RATE_WINDOW_MS, now, subscriberMessages.tooMany);

      const known = await tx.subscriber.findUnique({ where: { email }, select: { status: true } });
      if (known?.status === 'confirmed') return;
      const link = {
        status: 'pending' as const,
        tokenHash: hashOf(token),
        tokenExpiresAt: new Date(now + SUBSCRIBE_TOKEN_MS),
        consentSource: proof.source,
      };
      await tx.subscriber.upsert({
        where: { email },
        create: { email, unsubscribeKey: randomBytes(24).toString('base64url'), ...link },
        update: link,
      });
      const confirmUrl = `${this.config.siteUrl}/subscribe/confirm?token=${encodeURIComponent(token)}`;
      await enqueueMail(tx, {
        kind: 'subscribe-confirm',
        to: email,
        subject: `Confirm that you want ${this.config.siteName}'s new posts by e-mail`,
        text:
          `Someone, hopefully you, asked to receive ${this.config.siteName}'s new posts at this address. ` +
          `To confirm, open this link within 48 hours:\n\n${confirmUrl}\n\n` +
          'If it was not you, ignore this e-mail: nothing will be sent to you.',
      });
    });
    this.outbox.wake();
    return { message: subscriberMessages.checkMailbox };
  }

  /** The e-mailed confirmation link: the subscription starts. */
  async confirm(token: string, now = new Date()): Promise<void> {
    const confirmed = token
      ? await this.prisma.subscriber.updateMany({
          where: { tokenHash: hashOf(token), status: 'pending', tokenExpiresAt: { gt: now } },
          data: { status: 'confirmed', confirmedAt: now, tokenHash: null, tokenExpiresAt: null },
        })
      : { count: 0 };
    if (confirmed.count === 0) throw new AppError('BAD_USER_INPUT', subscriberMessages.linkInvalid);
  }

  /** Every e-mail's unsubscribe link: the subscriber's key (base64url: safe in a URL and in HTML). */
  unsubscribeUrl(token: string): string {
    return `${this.config.siteUrl}/subscribe/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  /** An e-mail's unsubscribe link or its one-click POST (RFC 8058): at once; again is no error. */
  async unsubscribe(token: string, now = new Date()): Promise<void> {
    const found = token ? await this.prisma.subscriber.findUnique({ where: { unsubscribeKey: token } }) : null;
    if (!found) throw new AppError('BAD_USER_INPUT', subscriberMessages.linkInvalid);
    await this.prisma.$transaction(async (tx) => {
      await tx.subscriber.updateMany({
        where: { id: found.id, status: { not: 'unsubscribed' } },
        data: { status: 'unsubscribed', unsubscribedAt: now, tokenHash: null, tokenExpiresAt: null },
      });
      // At once: not one more post, even from a send under way.
      await withdrawWaitingMail(tx, found.id);
    });
  }

  /**
   * In the transaction that publishes the posts: each post still to be e-mailed is marked e-mailed
   * (once, ever); then one statement writes a PostDelivery row for each confirmed subscriber (its key
   * makes it one per post and subscriber) and an outbox message for each row written, the
   * subscriber's unsubscribe address put in by the database: a long list costs one statement.
   */
  async published(tx: Prisma.TransactionClient, postIds: readonly string[]): Promise<void> {
    if (postIds.length === 0) return;
    const posts = await tx.$queryRaw<
      Array<{ id: string; slug: string; title: string; subtitle: string; description: string; content: string }>
    >`
      UPDATE "Post" SET "emailedAt" = now()
      WHERE "id" = ANY(${[...postIds]}::uuid[]) AND "status" = 'PUBLISHED' AND "sendByEmail" AND "emailedAt" IS NULL
      RETURNING "id"::text AS "id", "slug", "title", "subtitle", "description", "content"`;
    for (const post of posts) {
      // Stands for the subscriber's address in the rendered message; no post contains it.
      const mark = `--unsubscribe-${randomBytes(12).toString('hex')}--`;
      const mail = renderPostMail(
        { ...post, url: `${this.config.siteUrl}${postPath(post.slug)}` },
        this.config.siteUrl,
        this.config.siteName,
        mark,
      );
      const base = this.unsubscribeUrl('');
      await tx.$executeRaw`
        WITH "written" AS (
          INSERT INTO "PostDelivery" ("postId", "subscriberId", "messageId")
          SELECT ${post.id}::uuid, "id", gen_random_uuid() FROM "Subscriber" WHERE "status" = 'confirmed'
          ON CONFLICT DO NOTHING
          RETURNING "subscriberId", "messageId")
        INSERT INTO "OutboxMessage" ("id", "kind", "bulk", "to", "subject", "text", "html", "headers")
        SELECT "w"."messageId", 'post', true, "s"."email", ${mail.subject},
          replace(${mail.text}, ${mark}, ${base} || "s"."unsubscribeKey"),
          replace(${mail.html}, ${mark}, ${base} || "s"."unsubscribeKey"),
          jsonb_build_object(
            'List-Unsubscribe', '<' || ${base} || "s"."unsubscribeKey" || '>',
            'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
        FROM "Subscriber" "s" JOIN "written" "w" ON "w"."subscriberId" = "s"."id"`;
    }
  }

  /**
   * How far the post's e-mails have gone: its deliveries by their outbox message's state, one query on
   * the deliveries' primary key and the messages'. A delivery without a message (recorded before the
   * link existed, or restored from a backup) counts as sent. null when it was e-mailed to nobody.
   */
  async emailDelivery(postId: string): Promise<PostEmailDelivery | null> {
    const [row] = await this.prisma.$queryRaw<Array<{ total: number; pending: number; failed: number }>>`
      SELECT count(*)::int AS "total",
        count(*) FILTER (WHERE "m"."state" = 'pending')::int AS "pending",
        count(*) FILTER (WHERE "m"."state" = 'failed')::int AS "failed"
      FROM "PostDelivery" "d" LEFT JOIN "OutboxMessage" "m" ON "m"."id" = "d"."messageId"
      WHERE "d"."postId" = ${postId}::uuid`;
    if (!row || row.total === 0) return null;
    return { ...row, sent: row.total - row.pending - row.failed };
  }

  /** The editor's "Send by e-mail", saved on its own; the post's updatedAt stays (no conflict for the form). */
  async setSendByEmail(postId: string, send: boolean): Promise<boolean> {
    const count = isUuid(postId)
      ? await this.prisma.$executeRaw`UPDATE "Post" SET "sendByEmail" = ${send} WHERE "id" = ${postId}::uuid`
      : 0;
    if (count === 0) throw notFound(POST_NOT_FOUND);
    return send;
  }

  committed(): void {
    this.outbox.wake();
  }
}
