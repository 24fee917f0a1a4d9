// Limits costly or guessable attempts, counted per email and per caller address in a sliding window:
// password checks (sign-in, and confirming the current password on a profile change) and registrations.
// Attempts are rows in the database, so the limits hold across restarts and across several server
// processes sharing it. Each kind of attempt is counted apart from the others, with its own limits.
import { AppError } from '../../errors.ts';
import type { AttemptKind, Prisma, PrismaClient } from '../../generated/prisma/client.ts';

export interface AttemptLimits {
  kind: AttemptKind;
  /** Failures per email since its last success; null for no per-email limit. */
  perEmail: number | null;
  perAddress: number;
  windowMs: number;
  /** Names the attempts in the 429 message: "Too many <noun>. Try again in N minutes." */
  noun: string;
}

/** Password guessing: 5 failures for one email, 20 from one address, in any 15 minutes. */
export const LOGIN_LIMITS: AttemptLimits = {
  kind: 'login',
  perEmail: 5,
  perAddress: 20,
  windowMs: 15 * 60 * 1000,
  noun: 'login attempts',
};

/**
 * Registrations: 5 from one address in an hour. Every one costs an argon2 hash and may create an
 * account, so each counts, whatever its outcome (which the caller is never told anyway).
 */
export const REGISTRATION_LIMITS: AttemptLimits = {
  kind: 'registration',
  perEmail: null,
  perAddress: 5,
  windowMs: 60 * 60 * 1000,
  noun: 'registrations',
};

// Rows older than the window count for nothing; deleting them is cheap but need not happen on every try.
const PRUNE_INTERVAL_MS = 60 * 1000;

export function tooManyAttempts(retryAfterSeconds: number, noun = LOGIN_LIMITS.noun): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many ${noun}. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { retryAfterSeconds },
  );
}

export class AttemptThrottle {
  private lastPrunedAt = 0;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly limits: AttemptLimits = LOGIN_LIMITS,
  ) {}

  /**
   * Records an attempt before it is made and returns its id; throws TOO_MANY_REQUESTS when it would
   * go over a limit. Recording first, then counting, means parallel requests cannot all slip in
   * under the limit: the k-th row to land always counts at least k rows.
   * The attempt counts as a failure until succeeded() is called with its id.
   */
  async begin(email: string, clientAddress: string): Promise<string> {
    const { kind, perEmail, perAddress } = this.limits;
    const now = new Date();
    await this.pruneIfDue(now);
    const { id } = await this.prisma.loginAttempt.create({
      data: { kind, email, clientAddress, createdAt: now },
      select: { id: true },
    });

    const byEmail = perEmail === null ? null : await this.emailFailures(email, now);
    const byAddress = this.addressFailures(clientAddress, now);
    const [emailCount, addressCount] = await Promise.all([
      byEmail ? this.prisma.loginAttempt.count({ where: byEmail }) : 0,
      this.prisma.loginAttempt.count({ where: byAddress }),
    ]);
    const emailOver = perEmail !== null && emailCount > perEmail;
    const addressOver = addressCount > perAddress;
    if (!emailOver && !addressOver) return id;

    // A refused attempt was never made, so it must not lengthen the lock-out.
    await this.prisma.loginAttempt.delete({ where: { id } });
    const waits = await Promise.all([
      emailOver && byEmail ? this.waitUntilUnder(byEmail, emailCount - 1, perEmail, now) : 0,
      addressOver ? this.waitUntilUnder(byAddress, addressCount - 1, perAddress, now) : 0,
    ]);
    throw tooManyAttempts(Math.max(...waits), this.limits.noun);
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

  /** The email's failures in the window since its last success. */
  private async emailFailures(email: string, now: Date): Promise<Prisma.LoginAttemptWhereInput> {
    const { kind } = this.limits;
    const windowStart = this.windowStart(now);
    const lastSuccess = await this.prisma.loginAttempt.findFirst({
      where: { kind, email, succeeded: true, createdAt: { gte: windowStart } },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true },
    });
    return {
      kind,
      email,
      succeeded: false,
      createdAt: lastSuccess ? { gt: lastSuccess.createdAt } : { gte: windowStart },
    };
  }

  private addressFailures(clientAddress: string, now: Date): Prisma.LoginAttemptWhereInput {
    return { kind: this.limits.kind, clientAddress, succeeded: false, createdAt: { gte: this.windowStart(now) } };
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
    await this.prisma.loginAttempt.deleteMany({
      where: { kind: this.limits.kind, createdAt: { lt: this.windowStart(now) } },
    });
  }
}
