// Checking a password someone types: at sign-in, and when a signed-in user confirms their current
// password to change their e-mail or password. Both are guesses an attacker could repeat, so both
// count against the same login limits (attempt-throttle.ts): per email and per caller address.
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { AttemptThrottle } from './attempt-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';

// An unknown email is checked against this hash, made with the same parameters as real ones, so both
// failures cost the same argon2 work and take about as long. Made once per process.
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('base64url')));

export class PasswordCheck {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly throttle: AttemptThrottle,
  ) {
    // Made now rather than on the first unknown email, which would otherwise take twice as long.
    void dummyPasswordHash();
  }

  /**
   * The id of the account with this (normalized) email when the password is its own; null for a
   * wrong password or an unknown email, alike. Throws TOO_MANY_REQUESTS past the login limits.
   */
  async verify(email: string, password: string, clientAddress: string): Promise<string | null> {
    const attemptId = await this.throttle.begin(email, clientAddress);
    const account = await this.prisma.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
    const valid = account
      ? await verifyPassword(account.passwordHash, password)
      : await verifyPassword(await dummyPasswordHash(), password).then(() => false);
    if (!account || !valid) return null;
    await this.throttle.succeeded(attemptId);
    return account.id;
  }
}
