// The first run (issue 34): a new site's admin account is created at the first start (admin-bootstrap.ts)
// with a random password, printed for headless installs, and a setup code, printed as a link to
// SETUP_PATH. Until someone signs in as the admin, the first visit to /admin leads there, and whoever
// has the code names the account (name, e-mail, password) and the site, once: Ghost's first run,
// without its race (anyone who reached a new Ghost first could claim it). docs/decisions/040.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeEmail, userMessages } from '#kernel/user-rules.ts';
import { setupMessages, validateSetup, type SetupFields } from '#kernel/setup-rules.ts';
import type { ContentChanges } from '../../cache/content-changes.ts';
import type { Config } from '../../config.ts';
import { AppError, validationError } from '../../errors.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { hashPassword } from '../auth/password.ts';
import type { SessionService } from '../auth/session.service.ts';
import { publicUserSelect, type PublicUser } from '../user/user.service.ts';
import { applySiteSettings, SETTINGS_ID } from './site-settings.service.ts';

function hashCode(code: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(code.trim()).digest());
}

/** Opens the setup with a new code (144 random bits), of which only a hash is stored; returns the code. */
export async function openSetup(prisma: Pick<PrismaClient, 'siteSetting'>): Promise<string> {
  const code = randomBytes(18).toString('base64url');
  const setupCodeHash = hashCode(code);
  await prisma.siteSetting.upsert({
    where: { id: SETTINGS_ID },
    update: { setupCodeHash },
    create: { id: SETTINGS_ID, setupCodeHash },
  });
  return code;
}

export interface SetupResult {
  user: PublicUser;
  cookie: string;
}

export class FirstRunService {
  /** Once closed, a setup never opens again in this process's life (only a new admin-less start opens one). */
  private closed = false;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly sessions: SessionService,
    private readonly config: Config,
    private readonly changes: ContentChanges,
  ) {}

  /** Whether the site still waits for its author to claim it. */
  async pending(): Promise<boolean> {
    if (this.closed) return false;
    const row = await this.prisma.siteSetting.findUnique({
      where: { id: SETTINGS_ID },
      select: { setupCodeHash: true },
    });
    if (row?.setupCodeHash) return true;
    this.closed = true;
    return false;
  }

  /**
   * The admin signed in (with the printed password, the headless path): the account is claimed, and
   * the code that could have renamed it no longer works.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.prisma.siteSetting.updateMany({
      where: { id: SETTINGS_ID, setupCodeHash: { not: null } },
      data: { setupCodeHash: null },
    });
  }

  /**
   * Names the admin account and the site, closes the setup and signs the author in. BAD_USER_INPUT for
   * a field (a wrong code included), FORBIDDEN for a site already set up; nothing is changed then.
   */
  async complete(fields: SetupFields): Promise<SetupResult> {
    const errors = validateSetup(fields);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    if (!(await this.pending())) throw new AppError('FORBIDDEN', setupMessages.alreadySetUp);

    const name = fields.name!.trim();
    const email = normalizeEmail(fields.email!);
    const title = fields.siteTitle!.trim();
    // Hashed before the transaction: argon2's ~50 ms need not hold a database connection.
    const passwordHash = await hashPassword(fields.password!);
    const offered = hashCode(fields.code!);

    const user = await this.prisma.$transaction(async (tx) => {
      // Locked: two setups sent at once cannot both pass the check.
      const [row] = await tx.$queryRaw<Array<{ setupCodeHash: Uint8Array | null }>>`
        SELECT "setupCodeHash" FROM "SiteSetting" WHERE "id" = ${SETTINGS_ID} FOR UPDATE`;
      const stored = row?.setupCodeHash;
      if (!stored) throw new AppError('FORBIDDEN', setupMessages.alreadySetUp);
      // A field's error, shown at the code: a mistyped code is bad input like any other.
      if (stored.length !== offered.length || !timingSafeEqual(stored, offered)) {
        throw validationError({ code: setupMessages.codeWrong });
      }
      const admin = await tx.user.findFirst({ where: { isAdmin: true }, orderBy: { createdAt: 'asc' } });
      if (!admin) throw new AppError('FORBIDDEN', setupMessages.alreadySetUp);
      const owner = await tx.user.findUnique({ where: { email }, select: { id: true } });
      if (owner && owner.id !== admin.id) throw validationError({ email: userMessages.userExists });

      const claimed = await tx.user.update({
        where: { id: admin.id },
        data: { name, email, passwordHash },
        select: publicUserSelect,
      });
      // No session made before the claim (there should be none) outlives it.
      await tx.session.deleteMany({ where: { userId: admin.id } });
      await tx.siteSetting.update({
        where: { id: SETTINGS_ID },
        data: { title, authorName: name, setupCodeHash: null },
      });
      return claimed;
    });
    this.closed = true;

    await applySiteSettings(this.prisma, this.config);
    // At once in this process; the table's trigger tells the others (and this one again, harmlessly).
    this.changes.changed();
    const { cookie } = await this.sessions.create(user.id);
    return { user, cookie };
  }
}
