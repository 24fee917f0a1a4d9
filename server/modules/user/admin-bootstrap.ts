// The first start on an empty database creates the admin account, so a fresh install can be signed
// into at once. There is never a fixed default password, and never a second admin on a restart.
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { hashPassword } from '../auth/password.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

export interface BootstrapOptions {
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  log?: (message: string) => void;
}

export type BootstrapResult = { created: false } | { created: true; email: string; generatedPassword: string | null };

function generatePassword(): string {
  // 18 random bytes: 144 bits, printed as 24 URL-safe characters.
  return randomBytes(18).toString('base64url');
}

export async function bootstrapAdmin(prisma: PrismaClient, options: BootstrapOptions = {}): Promise<BootstrapResult> {
  const log = options.log ?? console.log;
  if ((await prisma.user.count({ where: { isAdmin: true } })) > 0) return { created: false };

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
    log(
      [
        '',
        '  An admin account was created for this new site:',
        `    email:    ${email}`,
        `    password: ${generatedPassword}`,
        '  This password is shown only once: sign in at /login and change it from /profile.',
        '',
      ].join('\n'),
    );
  } else {
    log(`An admin account was created for ${email} (password from ADMIN_PASSWORD).`);
  }
  return { created: true, email, generatedPassword };
}
