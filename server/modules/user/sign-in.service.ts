// Signing in and out. Every sign-in starts a brand-new session (an id the server chose), so a
// session id planted in a browser before sign-in can never become an authenticated one.
// (Signing up is UserService.register: it never signs anyone in.)
import { AppError, validationError } from '../../errors.ts';
import { normalizeEmail, userMessages, validateLogin } from '#kernel/user-rules.ts';
import type { PublicUser, UserService } from './user.service.ts';
import type { PasswordCheck } from '../auth/password-check.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { FirstRunService } from '../site/first-run.service.ts';

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
// The client signs out on any 401 ("Any 401 response: user logged out"), which is harmless on the
// login screen, where the user is not signed in anyway. The same message for an unknown email and a wrong password.
export const invalidCredentials = () => new AppError('UNAUTHENTICATED', userMessages.invalidCredentials);

export class SignInService {
  constructor(
    private readonly sessions: SessionService,
    private readonly passwords: PasswordCheck,
    private readonly users: UserService,
    private readonly firstRun: FirstRunService,
  ) {}

  /**
   * Checks the credentials under the login limits (attempt-throttle.ts) and starts a new session.
   * Throws BAD_USER_INPUT (fieldErrors), TOO_MANY_REQUESTS (retryAfterSeconds) or UNAUTHENTICATED.
   */
  async login(email: string, password: string, clientAddress: string, options: SignInOptions = {}): Promise<SignedIn> {
    const errors = validateLogin({ email, password });
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const userId = await this.passwords.verify(normalizeEmail(email), password, clientAddress);
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw invalidCredentials();
    // The admin signed in with what the first start printed: the account is theirs, the setup is over.
    if (user.isAdmin) await this.firstRun.close();
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
