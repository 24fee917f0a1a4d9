// A reader who stops following (unsubscribes, is removed by the author, or whose address a receiving
// server refused for good) is sent nothing more, even in the middle of a post's send to thousands:
// issue 40 asks that unsubscribing work "at once". Their post e-mails still waiting in the outbox are
// deleted with the deliveries that named them, so the post's progress counts only what goes out.
//
// A message a worker has claimed and is sending right now (its lease still running) is left to it:
// the SMTP exchange may already be under way. The claim and this DELETE lock the same row, so either
// the worker skips a row deleted first (SKIP LOCKED), or the DELETE, waiting on the claim, re-reads
// the row, finds the lease, and leaves it.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';

/** Withdraws the subscriber's post e-mails still waiting; returns how many. */
export async function withdrawWaitingMail(
  db: Pick<PrismaClient | Prisma.TransactionClient, '$executeRaw'>,
  subscriberId: string,
): Promise<number> {
  return db.$executeRaw`
    WITH "withdrawn" AS (
      DELETE FROM "OutboxMessage" "m" USING "PostDelivery" "d"
      WHERE "d"."subscriberId" = ${subscriberId}::uuid AND "m"."id" = "d"."messageId"
        AND "m"."state" = 'pending' AND ("m"."leaseUntil" IS NULL OR "m"."leaseUntil" < now())
      RETURNING "m"."id")
    DELETE FROM "PostDelivery" WHERE "messageId" IN (SELECT "id" FROM "withdrawn")`;
}
