// Accounts: creating one (registration) and a user's changes to their own profile.
// Why credential changes and registration work as they do: docs/decisions/017-credential-changes-and-registration.md.
import type { Config } from '../../config.ts';
import type { Viewer } from '../auth/viewer.ts';
import { AppError, validationError } from '../../errors.ts';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import {
  changesCredentials,
  normalizeEmail,
  RECENT_SIGN_IN_MS,
  userMessages,
  validateProfile,
  validateRegistration,
  type UserFieldErrors,
} from '#kernel/user-rules.ts';
import type { AttemptThrottle } from '../auth/attempt-throttle.ts';
import { hashPassword } from '../auth/password.ts';
import type { PasswordCheck } from '../auth/password-check.ts';
import type { SessionService } from '../auth/session.service.ts';

/** The columns a user may be shown of an account; never the password hash. */
export const publicUserSelect = { id: true, name: true, email: true, isAdmin: true } as const;
export type PublicUser = Prisma.UserGetPayload<{ select: typeof publicUserSelect }>;

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
}

export interface ProfileInput {
  name?: string | null;
  email?: string | null;
  password?: string | null;
  /** Needed to change the e-mail or password, unless the session's sign-in is recent. */
  currentPassword?: string | null;
}

/** The request a profile change comes with: whose session, and from which address (for the login limits). */
export interface ProfileRequest {
  sessionId: string | null;
  clientAddress: string;
}

const emailTaken = () => validationError({ email: userMessages.userExists });

function throwIfInvalid(errors: UserFieldErrors): void {
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** Two requests can pass the "is it free" check together; the unique index decides, with the same message. */
async function mapEmailConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw emailTaken();
    throw error;
  }
}

export class UserService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly sessions: SessionService,
    private readonly passwords: PasswordCheck,
    private readonly registrationThrottle: AttemptThrottle,
    private readonly config: Pick<Config, 'registrationOpen'>,
  ) {}

  async findById(id: string): Promise<PublicUser | null> {
    return this.prisma.user.findUnique({ where: { id }, select: publicUserSelect });
  }

  /**
   * Registers a reader account (never an admin: the first admin comes from admin-bootstrap.ts) and
   * returns the message to show. Nobody is signed in: the person signs in with their password.
   * Whether the e-mail already had an account changes nothing the caller can see: the same answer,
   * the same argon2 work, the same single INSERT (which adds nothing when the e-mail is taken).
   * Throws FORBIDDEN when registration is closed, BAD_USER_INPUT, or TOO_MANY_REQUESTS per address.
   */
  async register(input: RegistrationInput, clientAddress: string): Promise<string> {
    if (!this.config.registrationOpen) throw new AppError('FORBIDDEN', userMessages.registrationClosed);
    throwIfInvalid(validateRegistration(input));
    const email = normalizeEmail(input.email);
    await this.registrationThrottle.begin(email, clientAddress);
    const passwordHash = await hashPassword(input.password);
    // INSERT ... ON CONFLICT DO NOTHING: a taken e-mail (even one taken a moment ago by a parallel
    // request) is neither an error nor a change to the existing account.
    await this.prisma.user.createMany({
      data: { name: input.name.trim(), email, passwordHash, isAdmin: false },
      skipDuplicates: true,
    });
    return userMessages.registrationReceived;
  }

  /**
   * Changes the caller's own profile. A blank or absent field keeps its current value (the form sends
   * an empty password to keep it). A new e-mail or password needs the current password, or a sign-in
   * of this session less than RECENT_SIGN_IN_MS ago; otherwise FORBIDDEN. A new password ends the
   * user's other sessions, in the same transaction, keeping this one.
   */
  async updateProfile(viewer: Viewer, request: ProfileRequest, input: ProfileInput): Promise<PublicUser> {
    throwIfInvalid(validateProfile(input));
    if (changesCredentials(viewer.email, input)) await this.confirmCredentialChange(viewer, request, input);

    const data: Prisma.UserUpdateInput = {};
    const name = input.name?.trim();
    if (name) data.name = name;
    const email = input.email?.trim() ? normalizeEmail(input.email) : undefined;
    if (email && email !== viewer.email) {
      // Telling that an e-mail is taken is safe here: only a confirmed owner of an account gets this far.
      if (await this.emailInUse(email, viewer.id)) throw emailTaken();
      data.email = email;
    }
    const passwordChanged = Boolean(input.password);
    // Hashed before the transaction: argon2's ~50 ms need not hold a database connection.
    if (input.password) data.passwordHash = await hashPassword(input.password);

    return mapEmailConflict(
      this.prisma.$transaction(async (tx) => {
        const user = await tx.user.update({ where: { id: viewer.id }, data, select: publicUserSelect });
        if (passwordChanged) await this.sessions.invalidateOthers(viewer.id, request.sessionId, tx);
        return user;
      }),
    );
  }

  /**
   * Lets a credential change through when the current password is given and right (checked under
   * the login limits, so it cannot be used to guess passwords), or, when none is given, when this
   * session's sign-in is recent. A wrong current password is refused even on a fresh session.
   */
  private async confirmCredentialChange(viewer: Viewer, request: ProfileRequest, input: ProfileInput): Promise<void> {
    if (input.currentPassword) {
      const userId = await this.passwords.verify(viewer.email, input.currentPassword, request.clientAddress);
      if (userId !== viewer.id) throw validationError({ currentPassword: userMessages.currentPasswordWrong });
      return;
    }
    const signedInAt = request.sessionId ? await this.sessions.signedInAt(request.sessionId) : null;
    if (!signedInAt || Date.now() - signedInAt.getTime() >= RECENT_SIGN_IN_MS) {
      throw new AppError('FORBIDDEN', userMessages.confirmPassword);
    }
  }

  private async emailInUse(email: string, exceptUserId?: string): Promise<boolean> {
    const owner = await this.prisma.user.findUnique({ where: { email }, select: { id: true } });
    return owner !== null && owner.id !== exceptUserId;
  }
}
