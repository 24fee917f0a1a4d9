// Limits password guessing: at most 5 failed sign-ins for one email and 20 from one address in any
// 15 minutes. Attempts are rows in the database, so the limits hold across restarts and across
// several server processes sharing it.
import { AppError } from '../../errors.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';

export interface LoginLimits {
  perEmail: number;
  perAddress: number;
  windowMs: number;
}

export const LOGIN_LIMITS: LoginLimits = { perEmail: 5, perAddress: 20, windowMs: 15 * 60 * 1000 };

// Rows older than the window count for nothing; deleting them is cheap but need not happen on every try.
const PRUNE_INTERVAL_MS = 60 * 1000;

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many login attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retryAfterSeconds },
  );
}

export class LoginThrottle {
  private lastPrunedAt = 0;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
  ) {}

  /**
   * Records an attempt before the password is checked and returns its id; throws TOO_MANY_REQUESTS
   * when it would go over a limit. Recording first, then counting, means parallel requests cannot
   * all slip in under the limit: the k-th row to land always counts at least k rows.
   * The attempt counts as a failure until succeeded() is called with its id.
   */
  async begin(email: string, clientAddress: string): Promise<string> {
    const now = new Date();
    await this.pruneIfDue(now);
    const { id } = await this.prisma.loginAttempt.create({
      data: { email, clientAddress, createdAt: now },
      select: { id: true },
    });

    const byEmail = await this.emailFailures(email, now);
    const byAddress = this.addressFailures(clientAddress, now);
    const [emailCount, addressCount] = await Promise.all([
      this.prisma.loginAttempt.count({ where: byEmail }),
      this.prisma.loginAttempt.count({ where: byAddress }),
    ]);
    if (emailCount <= this.limits.perEmail && addressCount <= this.limits.perAddress) return id;

    // A refused attempt never reached the password check, so it must not lengthen the lock-out.
    await this.prisma.loginAttempt.delete({ where: { id } });
    const waits = await Promise.all([
      emailCount > this.limits.perEmail ? this.waitUntilUnder(byEmail, emailCount - 1, this.limits.perEmail, now) : 0,
      addressCount > this.limits.perAddress
        ? this.waitUntilUnder(byAddress, addressCount - 1, this.limits.perAddress, now)
        : 0,
    ]);
    throw tooManyAttempts(Math.max(...waits));
  }

  /**
   * Marks the attempt as a success. It stops counting against the address, and the email's earlier
   * failures are forgiven (the owner has proved the password); the address's failures are not, so
   * one good account cannot be used to reset a spraying run from the same address.
   */
  async succeeded(attemptId: string): Promise<void> {
    await this.prisma.loginAttempt.updateMany({ where: { id: attemptId }, data: { succeeded: true } });
  }

  private windowStart(now: Date): Date {
    return new Date(now.getTime() - this.limits.windowMs);
  }

  /** The email's failures in the window since its last successful sign-in. */
  private async emailFailures(email: string, now: Date): Promise<Prisma.LoginAttemptWhereInput> {
    const windowStart = this.windowStart(now);
    const lastSuccess = await this.prisma.loginAttempt.findFirst({
      where: { email, succeeded: true, createdAt: { gte: windowStart } },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true },
    });
    return {
      email,
      succeeded: false,
      createdAt: lastSuccess ? { gt: lastSuccess.createdAt } : { gte: windowStart },
    };
  }

  private addressFailures(clientAddress: string, now: Date): Prisma.LoginAttemptWhereInput {
    return { clientAddress, succeeded: false, createdAt: { gte: this.windowStart(now) } };
  }

  /** Seconds until fewer than `limit` of the `count` matching rows remain in the window. */
  private async waitUntilUnder(
    where: Prisma.LoginAttemptWhereInput,
    count: number,
    limit: number,
    now: Date,
  ): Promise<number> {
    // Rows leave the window oldest first: once the (count - limit + 1) oldest have gone, one more try fits.
    const row = await this.prisma.loginAttempt.findFirst({
      where,
      orderBy: { createdAt: 'asc' },
      skip: Math.max(0, count - limit),
      select: { createdAt: true },
    });
    const expiresAt = (row?.createdAt.getTime() ?? now.getTime()) + this.limits.windowMs;
    return Math.max(1, Math.ceil((expiresAt - now.getTime()) / 1000));
  }

  private async pruneIfDue(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrunedAt < PRUNE_INTERVAL_MS) return;
    this.lastPrunedAt = now.getTime();
    await this.prisma.loginAttempt.deleteMany({ where: { createdAt: { lt: this.windowStart(now) } } });
  }
}
