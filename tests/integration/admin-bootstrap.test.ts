import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { verifyPassword } from '../../server/modules/auth/password.ts';
import { prepareDatabase } from '../../server/startup.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-database.ts';

let t: TestDatabase | undefined;
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

function captureLog() {
  const lines: string[] = [];
  return { lines, log: (message: string) => lines.push(message), text: () => lines.join('\n') };
}

describe(`the first admin on ${testDbKind}`, () => {
  it('is created with a random password that is printed once and works', async () => {
    t = await createTestDatabase();
    const out = captureLog();
    await prepareDatabase(t.db, loadConfig({}), out.log);

    const password = /password: (\S+)/.exec(out.text())?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);
    expect(out.text()).toContain('email:    admin@localhost');
    expect(out.text()).toContain('shown only once');

    const admins = await t.db.prisma.user.findMany({ where: { isAdmin: true } });
    expect(admins).toHaveLength(1);
    expect(admins[0]!.email).toBe('admin@localhost');
    expect(admins[0]!.passwordHash).not.toContain(password);
    expect(await verifyPassword(admins[0]!.passwordHash, password!)).toBe(true);
    expect(await verifyPassword(admins[0]!.passwordHash, 'not-the-password')).toBe(false);
  });

  it('gets a different password on every new site', async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i++) {
      const db = await createTestDatabase();
      const out = captureLog();
      await prepareDatabase(db.db, loadConfig({}), out.log);
      passwords.push(/password: (\S+)/.exec(out.text())![1]!);
      await db.dispose();
    }
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when they are set, and prints no password', async () => {
    t = await createTestDatabase();
    const out = captureLog();
    const config = loadConfig({ ADMIN_EMAIL: 'Author@Example.com', ADMIN_PASSWORD: 'correct horse battery' });
    await prepareDatabase(t.db, config, out.log);

    expect(out.text()).toContain('An admin account was created for author@example.com (password from ADMIN_PASSWORD).');
    expect(out.text()).not.toContain('correct horse battery');
    const admin = await t.db.prisma.user.findUniqueOrThrow({ where: { email: 'author@example.com' } });
    expect(admin.isAdmin).toBe(true);
    expect(await verifyPassword(admin.passwordHash, 'correct horse battery')).toBe(true);
  });

  it('is never created twice, nor its password changed, on a restart', async () => {
    t = await createTestDatabase();
    await prepareDatabase(t.db, loadConfig({}), () => {});
    const before = await t.db.prisma.user.findMany();

    const out = captureLog();
    // Even with other credentials configured later, the existing admin stays the only one.
    await prepareDatabase(
      t.db,
      loadConfig({ ADMIN_EMAIL: 'other@example.com', ADMIN_PASSWORD: 'another password!' }),
      out.log,
    );
    expect(out.lines).toEqual([]);
    expect(await t.db.prisma.user.findMany()).toEqual(before);
  });
});
