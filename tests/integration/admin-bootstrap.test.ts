import { afterEach, describe, expect, it } from 'vitest';
import { setupMessages } from '#kernel/setup-rules.ts';
import { messages } from '#kernel/messages.ts';
import { loadConfig } from '../../server/config.ts';
import { verifyPassword } from '../../server/modules/auth/password.ts';
import { prepareDatabase } from '../../server/startup.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-database.ts';
import { graphqlErrors } from '../support/expected-errors.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

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
    // Ignored, but said: an author who set them on a running site expects them to act.
    expect(out.lines).toEqual([
      'ADMIN_EMAIL and ADMIN_PASSWORD are ignored: this site already has an admin account, and they only ' +
        'name the first one. Change its e-mail or password from /profile once signed in.',
    ]);
    expect(await t.db.prisma.user.findMany()).toEqual(before);
  });
});

// The first run (issue 34): the README's `npm install && npm start` with nothing set, then what a new
// author does with what the first start printed.
describe(`the first run on ${testDbKind}`, () => {
  let site: TestApp | undefined;
  afterEach(async () => {
    await site?.dispose();
    site = undefined;
  });

  /** A new site as the first start leaves it: its printed setup code, e-mail and password. */
  async function newSite(env: Record<string, string> = {}) {
    site = await createTestApp({ env });
    const out = captureLog();
    await prepareDatabase(site.db, site.config, out.log);
    const text = out.text();
    return {
      t: site,
      text,
      code: /#code=(\S+)/.exec(text)?.[1],
      email: /email: +(\S+)/.exec(text)?.[1],
      password: /password: (\S+)/.exec(text)?.[1],
    };
  }

  const SETUP = `mutation ($input: CompleteSetupInput!) { completeSetup(input: $input) { name email isAdmin } }`;
  const SITE = '{ site { name setupPending owner { name } } }';
  const login = (t: TestApp, email: string, password: string) =>
    t.request('/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('prints a setup link and the admin@localhost account, which signs in over REST', async () => {
    const { t, text, code, email, password } = await newSite();
    expect(text).toContain(`http://blog.test/admin/setup#code=${code}`);
    expect(code).toMatch(/^[\w-]{24}$/);
    expect(email).toBe('admin@localhost');

    const response = await login(t, email!, password!);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: 'admin@localhost', isAdmin: true });
  });

  it('sends /admin to the setup, which names the account and the site once and signs the author in', async () => {
    const { t, code, password } = await newSite();
    const first = await t.request('/admin', { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/admin/setup');
    expect((await t.graphql(SITE)).data.site.setupPending).toBe(true);

    const input = {
      code,
      name: 'Ada Author',
      email: 'Ada@Example.com',
      password: 'a long password',
      siteTitle: 'Night Shelf',
    };
    // A wrong code is refused at its field, and changes nothing.
    const wrong = await t.graphqlResponse(SETUP, { input: { ...input, code: 'x'.repeat(24) } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual(
      graphqlErrors(setupMessages.codeWrong, 'BAD_USER_INPUT', { fieldErrors: { code: setupMessages.codeWrong } }),
    );
    const invalid = await t.graphql(SETUP, { input: { ...input, email: 'nope', siteTitle: ' ' } });
    expect(invalid.errors![0]!.extensions!.fieldErrors).toEqual({
      email: messages.emailFormat,
      siteTitle: messages.required,
    });
    expect(await t.db.prisma.user.findMany({ select: { email: true } })).toEqual([{ email: 'admin@localhost' }]);

    const done = await t.graphqlResponse(SETUP, { input });
    expect(done.status).toBe(200);
    expect((await done.json()).data.completeSetup).toEqual({
      name: 'Ada Author',
      email: 'ada@example.com',
      isAdmin: true,
    });
    const cookie = done.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!;
    expect((await t.graphql('{ me { email } }', {}, { cookie })).data.me).toEqual({ email: 'ada@example.com' });

    // The site's name shows at once, in the API, a page's title and the feed.
    expect((await t.graphql(SITE)).data.site).toEqual({
      name: 'Night Shelf',
      setupPending: false,
      owner: { name: 'Ada Author' },
    });
    expect(await (await t.request('/rss.xml')).text()).toContain('<title>Night Shelf</title>');
    // The new password signs in, the printed one no longer does; the setup is closed for good.
    expect((await login(t, 'ada@example.com', 'a long password')).status).toBe(200);
    expect((await login(t, 'admin@localhost', password!)).status).toBe(401);
    expect((await t.graphql(SETUP, { input: { ...input, name: 'Mallory' } })).errors).toEqual(
      graphqlErrors(setupMessages.alreadySetUp, 'FORBIDDEN'),
    );
    expect((await t.request('/admin', { redirect: 'manual' })).status).toBe(200);
    // It survives a restart: the stored title wins over SITE_NAME.
    const restarted = loadConfig({ SITE_NAME: 'Env Name', DATA_DIR: t.dataDir });
    await prepareDatabase(t.db, restarted, () => {});
    expect(restarted.siteName).toBe('Night Shelf');
  });

  it('is closed once the admin signs in with the printed password (the headless path)', async () => {
    const { t, code, password } = await newSite();
    expect((await login(t, 'admin@localhost', password!)).status).toBe(200);
    expect((await t.graphql(SITE)).data.site.setupPending).toBe(false);
    const late = await t.graphql(SETUP, {
      input: { code, name: 'Mallory', email: 'mallory@example.com', password: 'a long password', siteTitle: 'Taken' },
    });
    expect(late.errors).toEqual(graphqlErrors(setupMessages.alreadySetUp, 'FORBIDDEN'));
    expect(await t.db.prisma.user.count({ where: { email: 'mallory@example.com' } })).toBe(0);
  });

  it('is not offered when ADMIN_EMAIL and ADMIN_PASSWORD named the account', async () => {
    const { t, code } = await newSite({ ADMIN_EMAIL: 'me@example.com', ADMIN_PASSWORD: 'correct horse battery' });
    expect(code).toBeUndefined();
    expect((await t.graphql(SITE)).data.site.setupPending).toBe(false);
    expect((await t.request('/admin', { redirect: 'manual' })).status).toBe(200);
  });
});
