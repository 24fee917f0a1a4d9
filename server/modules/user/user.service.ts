// Accounts: creating one (registration) and a user's changes to their own profile.
import type { Viewer } from '../../context.ts';
import { validationError } from '../../errors.ts';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import {
  normalizeEmail,
  userMessages,
  validateProfile,
  validateRegistration,
  type UserFieldErrors,
} from '../../rules/user-rules.ts';
import { hashPassword } from '../auth/password.ts';
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
  ) {}

  async findById(id: string): Promise<PublicUser | null> {
    return this.prisma.user.findUnique({ where: { id }, select: publicUserSelect });
  }

  /** Creates a reader account; never an admin (the first admin comes from admin-bootstrap.ts). */
  async create(input: RegistrationInput): Promise<PublicUser> {
    throwIfInvalid(validateRegistration(input));
    const email = normalizeEmail(input.email);
    if (await this.emailInUse(email)) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    return mapEmailConflict(
      this.prisma.user.create({
        data: { name: input.name.trim(), email, passwordHash, isAdmin: false },
        select: publicUserSelect,
      }),
    );
  }

  /**
   * Changes the caller's own profile. A blank or absent field keeps its current value (the form sends
   * an empty password to keep it). A new password ends the user's other sessions, keeping sessionId's.
   */
  async updateProfile(viewer: Viewer, sessionId: string | null, input: ProfileInput): Promise<PublicUser> {
    throwIfInvalid(validateProfile(input));
    const data: Prisma.UserUpdateInput = {};
    const name = input.name?.trim();
    if (name) data.name = name;
    const email = input.email?.trim() ? normalizeEmail(input.email) : undefined;
    if (email && email !== viewer.email) {
      if (await this.emailInUse(email, viewer.id)) throw emailTaken();
      data.email = email;
    }
    const passwordChanged = Boolean(input.password);
    if (input.password) data.passwordHash = await hashPassword(input.password);

    const user = await mapEmailConflict(
      this.prisma.user.update({ where: { id: viewer.id }, data, select: publicUserSelect }),
    );
    if (passwordChanged) await this.sessions.invalidateOthers(viewer.id, sessionId);
    return user;
  }

  private async emailInUse(email: string, exceptUserId?: string): Promise<boolean> {
    const owner = await this.prisma.user.findUnique({ where: { email }, select: { id: true } });
    return owner !== null && owner.id !== exceptUserId;
  }
}
