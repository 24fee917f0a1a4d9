// Signing in, out and up. Every sign-in starts a brand-new session (an id the server chose), so a
// session id planted in a browser before sign-in can never become an authenticated one.
import { randomBytes } from 'node:crypto';
import { AppError, validationError } from '../../errors.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { normalizeEmail, userMessages, validateLogin } from '../../rules/user-rules.ts';
import { publicUserSelect, type PublicUser, type RegistrationInput, type UserService } from '../user/user.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { SessionService } from './session.service.ts';

export interface SignedIn {
  user: PublicUser;
  sessionId: string;
  /** The Set-Cookie value that carries the new session. */
  cookie: string;
}

export interface SignInOptions {
  /** The session the request came with, if any: it is ended, never reused. */
  replacesSessionId?: string | null;
}

// Bad credentials are UNAUTHENTICATED (HTTP 401), the status clients expect for a refused sign-in.
// The client logs out on any 401 (SPEC section 4), which is harmless on the login screen, where the
// user is not signed in anyway. The same message for an unknown email and a wrong password.
export const invalidCredentials = () => new AppError('UNAUTHENTICATED', userMessages.invalidCredentials);

// An unknown email is checked against this hash, made with the same parameters as real ones, so both
// failures cost the same argon2 work and take about as long. Made once per process.
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('base64url')));

export class AuthService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
    private readonly users: UserService,
  ) {
    // Made now rather than on the first unknown email, which would otherwise take twice as long.
    void dummyPasswordHash();
  }

  /**
   * Checks the credentials under the login limits (login-throttle.ts) and starts a new session.
   * Throws BAD_USER_INPUT (fieldErrors), TOO_MANY_REQUESTS (retryAfterSeconds) or UNAUTHENTICATED.
   */
  async login(email: string, password: string, clientAddress: string, options: SignInOptions = {}): Promise<SignedIn> {
    const errors = validateLogin({ email, password });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const normalizedEmail = normalizeEmail(email);

    const attemptId = await this.throttle.begin(normalizedEmail, clientAddress);
    const account = await this.prisma.user.findUnique({
      where: { email: normalizedEmail },
      select: { ...publicUserSelect, passwordHash: true },
    });
    const valid = account
      ? await verifyPassword(account.passwordHash, password)
      : await verifyPassword(await dummyPasswordHash(), password).then(() => false);
    if (!account || !valid) throw invalidCredentials();
    await this.throttle.succeeded(attemptId);

    const { passwordHash: _passwordHash, ...user } = account;
    return { user, ...(await this.startSession(user.id, options)) };
  }

  /** Creates a reader account (never an admin) and signs it in. */
  async register(input: RegistrationInput, options: SignInOptions = {}): Promise<SignedIn> {
    const user = await this.users.create(input);
    return { user, ...(await this.startSession(user.id, options)) };
  }

  /** Ends the session on the server (when there is one) and returns the Set-Cookie value that clears it. */
  async logout(sessionId: string | null): Promise<string> {
    if (sessionId) await this.sessions.invalidate(sessionId);
    return this.sessions.clearedCookie();
  }

  private async startSession(userId: string, options: SignInOptions): Promise<{ sessionId: string; cookie: string }> {
    if (options.replacesSessionId) await this.sessions.invalidate(options.replacesSessionId);
    return this.sessions.create(userId);
  }
}
