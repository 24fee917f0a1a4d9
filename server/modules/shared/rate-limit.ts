// The readers' rate limits (comments, issue 38; subscriptions, issue 40), counted on rows stored in a
// window: the caller inserts its row, then counts, in one transaction, so parallel requests cannot all
// slip under the limit (the login throttle's rule, decision 005); over the limit this throws inside
// that transaction, which rolls the row back.
import { AppError } from '../../errors.ts';

export interface RateCount {
  count: number;
  limit: number;
  /** The createdAt of the row skip rows after the window's oldest (the one whose leaving lets one more in). */
  nthOldest: (skip: number) => Promise<Date | null>;
}

export async function checkRateLimits(
  counts: readonly RateCount[],
  windowMs: number,
  now: number,
  message: (minutes: number) => string,
): Promise<void> {
  const over = counts.find((entry) => entry.count > entry.limit);
  if (!over) return;
  // Rows leave the window oldest first: once enough have, one more fits.
  const leaving = await over.nthOldest(over.count - over.limit - 1);
  const waitMs = Math.max(1000, (leaving?.getTime() ?? now) + windowMs - now);
  throw new AppError('TOO_MANY_REQUESTS', message(Math.ceil(waitMs / 60_000)), {
    retryAfterSeconds: Math.ceil(waitMs / 1000),
  });
}
