// The first start on an empty database creates the admin account, so a fresh install can be signed
// into at once. There is never a fixed default password, and never a second admin on a restart.
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { SETUP_PATH } from '#kernel/setup-rules.ts';
import { hashPassword } from '../auth/password.ts';
import { openSetup } from '../site/first-run.service.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

export interface BootstrapOptions {
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  /** The site's public address, for the setup link the first start prints. */
  siteUrl?: string;
  log?: (message: string) => void;
}

export type BootstrapResult = { created: false } | { created: true; email: string; generatedPassword: string | null };

function generatePassword(): string {
  // 18 random bytes: 144 bits, printed as 24 URL-safe characters.
  return randomBytes(18).toString('base64url');
}

export async function bootstrapAdmin(prisma: PrismaClient, options: BootstrapOptions = {}): Promise<BootstrapResult> {
  const log = options.log ?? console.log;
  if ((await prisma.user.count({ where: { isAdmin: true } })) > 0) {
    // Said, not silently ignored: an author who sets these on a running site expects them to act.
    const set = [options.adminEmail && 'ADMIN_EMAIL', options.adminPassword && 'ADMIN_PASSWORD'].filter(Boolean);
    if (set.length > 0) {
      log(
        `${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} ignored: this site already has an admin account, ` +
          'and they only name the first one. Change its e-mail or password from /profile once signed in.',
      );
    }
    return { created: false };
  }

  const email = (options.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = options.adminPassword ? null : generatePassword();
  const passwordHash = await hashPassword(options.adminPassword ?? generatedPassword!);

  // An existing account with that email (a reader who registered first) is promoted, not duplicated.
  await prisma.user.upsert({
    where: { email },
    update: { isAdmin: true, passwordHash },
    create: { email, name: 'Admin', passwordHash, isAdmin: true },
  });

  if (generatedPassword) {
    // The browser's first run names the account and the site; the printed password is for a
    // headless install (and signing in with it closes the setup: first-run.service.ts).
    const setupCode = await openSetup(prisma);
    const siteUrl = options.siteUrl ?? 'http://localhost:3000';
    log(
      [
        '',
        "  This site is new. Set it up in your browser (your name, e-mail, password and the site's title):",
        `    ${siteUrl}${SETUP_PATH}#code=${setupCode}`,
        `  (or open ${siteUrl}/admin and give the setup code ${setupCode})`,
        '',
        '  Or, without a browser, sign in at /login with the admin account made for it:',
        `    email:    ${email}`,
        `    password: ${generatedPassword}`,
        '  These are shown only once: change the password from /profile.',
        '',
      ].join('\n'),
    );
  } else {
    log(`An admin account was created for ${email} (password from ADMIN_PASSWORD).`);
  }
  return { created: true, email, generatedPassword };
}
