// Signing in and out through /graphql, as a browser sees it: statuses, Set-Cookie headers, the cookie
// sent back, and what the database keeps. (Registration: registration.test.ts.)
import { describe, expect } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../server/modules/auth/session.service.ts';
import { call, login, LOGOUT, me, sessionIdOf } from '../support/auth-requests.ts';
import { test } from '../support/fixtures.ts';
import { createTestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';
import { graphqlErrors } from '../support/expected-errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function maxAgeOf(setCookie: string): number {
  return Number(/Max-Age=(\d+)/.exec(setCookie)?.[1]);
}

test.override('appEnv', { scope: 'file' }, { TRUST_PROXY: 'true' });

describe(`login on ${testDbKind}`, () => {
  test('returns the user and a session cookie that signs in the next requests', async ({ app: t }) => {
    const { email, password, userId } = await t.signIn({ name: 'Ada' });
    const result = await login(t, email, password);

    expect(result.response.status).toBe(200);
    expect(result.body).toEqual({ data: { login: { id: userId, name: 'Ada', email, isAdmin: false } } });
    expect(await me(t, result.cookie)).toMatchObject({ id: userId, email });
  });

  test('sets the cookie HttpOnly, SameSite=Lax, Path=/, for 30 days, and not Secure over http', async ({ app: t }) => {
    const { email, password } = await t.signIn();
    const { setCookie } = await login(t, email, password);

    const attributes = setCookie!.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']));
    expect(maxAgeOf(setCookie!)).toBeCloseTo(SESSION_LIFETIME_MS / 1000, -1);
    expect(attributes).not.toContain('Secure');
  });

  test('marks the cookie Secure when the site is served over https', async () => {
    const secure = await createTestApp({ env: { SITE_URL: 'https://blog.example.com' } });
    try {
      const { email, password } = await secure.signIn();
      const { setCookie } = await login(secure, email, password);
      expect(setCookie!.split('; ')).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax']));
      expect(secure.config.siteUrl).toBe('https://blog.example.com');
    } finally {
      await secure.dispose();
    }
  });

  test('finds the account whatever the case of the email', async ({ app: t }) => {
    const { email, password, userId } = await t.signIn({ email: 'mixed.case@example.com' });
    const result = await login(t, '  Mixed.Case@EXAMPLE.com ', password);
    expect(result.body.data?.login.id).toBe(userId);
    expect(email).toBe('mixed.case@example.com');
  });

  test('starts a fresh session on every login; sessions on other devices stay', async ({ app: t }) => {
    const { email, password } = await t.signIn();
    const first = await login(t, email, password);
    const second = await login(t, email, password);

    expect(sessionIdOf(second.cookie!)).not.toBe(sessionIdOf(first.cookie!));
    expect(await me(t, first.cookie)).not.toBeNull();
    expect(await me(t, second.cookie)).not.toBeNull();
  });

  test('never promotes a session id planted before login', async ({ app: t }) => {
    const { email, password, userId } = await t.signIn();
    const planted = 'session=plantedByAttacker0000000000.knownSecret000000000000';
    const result = await login(t, email, password, { cookie: planted });

    expect(result.body.data?.login.id).toBe(userId);
    expect(sessionIdOf(result.cookie!)).not.toBe('plantedByAttacker0000000000');
    expect(await t.db.prisma.session.count({ where: { id: 'plantedByAttacker0000000000' } })).toBe(0);
    expect(await me(t, planted)).toBeNull();
    expect(await me(t, result.cookie)).toMatchObject({ id: userId });
  });

  test("ends the session the browser came with (someone else's planted session included)", async ({ app: t }) => {
    const attacker = await t.signIn({ name: 'Attacker' });
    const victim = await t.signIn({ name: 'Victim' });
    const result = await login(t, victim.email, victim.password, { cookie: attacker.cookie });

    expect(result.body.data?.login.id).toBe(victim.userId);
    expect(sessionIdOf(result.cookie!)).not.toBe(sessionIdOf(attacker.cookie));
    expect(await t.db.prisma.session.count({ where: { id: sessionIdOf(attacker.cookie) } })).toBe(0);
    expect(await me(t, attacker.cookie)).toBeNull();
    expect(await me(t, result.cookie)).toMatchObject({ id: victim.userId });
  });

  test('sends a single session cookie even when the old session was due for renewal', async ({ app: t }) => {
    const { email, password, cookie } = await t.signIn();
    await t.db.prisma.session.update({
      where: { id: sessionIdOf(cookie) },
      data: { expiresAt: new Date(Date.now() + 5 * DAY_MS) },
    });
    const result = await login(t, email, password, { cookie });

    const sessionCookies = result.response.headers.getSetCookie().filter((c) => c.startsWith('session='));
    expect(sessionCookies).toHaveLength(1);
    expect(await me(t, result.cookie)).not.toBeNull();
  });

  test('refuses a wrong password and an unknown email alike: 401, the same message, no cookie', async ({ app: t }) => {
    const { email } = await t.signIn();
    const wrongPassword = await login(t, email, 'not the password');
    const unknownEmail = await login(t, 'nobody@example.com', 'not the password');

    for (const result of [wrongPassword, unknownEmail]) {
      expect(result.response.status).toBe(401);
      expect(result.body.data).toBeNull();
      expect(result.body.errors).toEqual(graphqlErrors('Invalid email or password', 'UNAUTHENTICATED'));
      expect(result.setCookie).toBeUndefined();
    }
    expect(wrongPassword.body.errors![0]!.extensions).toEqual(unknownEmail.body.errors![0]!.extensions);
  });

  test.for<[{ email: string; password: string }, Record<string, string>]>([
    [{ email: '', password: 'x' }, { email: 'This field is required' }],
    [{ email: '   ', password: 'x' }, { email: 'This field is required' }],
    [{ email: 'not-an-email', password: 'x' }, { email: 'Not a valid email' }],
    [{ email: 'reader@example.com', password: '' }, { password: 'This field is required' }],
    [
      { email: '', password: '' },
      { email: 'This field is required', password: 'This field is required' },
    ],
  ])('validates %o: BAD_USER_INPUT with field errors', async ([variables, fieldErrors], { app: t }) => {
    const result = await login(t, variables.email, variables.password);

    expect(result.response.status).toBe(400);
    expect(result.body.errors).toEqual(graphqlErrors(Object.values(fieldErrors)[0], 'BAD_USER_INPUT', { fieldErrors }));
    expect(result.setCookie).toBeUndefined();
  });

  test('does not count a form that fails validation as a login attempt', async ({ app: t }) => {
    await login(t, 'counted@example.com', '');
    expect(await t.db.prisma.loginAttempt.count({ where: { email: 'counted@example.com' } })).toBe(0);
  });
});

describe('sessions', () => {
  test('are extended to 30 days when used in their second half', async ({ app: t }) => {
    const { cookie } = await t.signIn();
    const id = sessionIdOf(cookie);
    await t.db.prisma.session.update({ where: { id }, data: { expiresAt: new Date(Date.now() + 10 * DAY_MS) } });

    const result = await call(t, '{ me { id } }', {}, { cookie });
    expect(result.body.data.me).not.toBeNull();
    expect(maxAgeOf(result.setCookie!)).toBeCloseTo(SESSION_LIFETIME_MS / 1000, -1);
    // The renewed cookie carries the same session (the id and secret do not change).
    expect(result.cookie).toBe(cookie);
    const { expiresAt } = await t.db.prisma.session.findUniqueOrThrow({ where: { id } });
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  test('are left alone in their first half (no cookie sent)', async ({ app: t }) => {
    const { cookie } = await t.signIn();
    const id = sessionIdOf(cookie);
    const expiresAt = new Date(Date.now() + 20 * DAY_MS);
    await t.db.prisma.session.update({ where: { id }, data: { expiresAt } });

    const result = await call(t, '{ me { id } }', {}, { cookie });
    expect(result.body.data.me).not.toBeNull();
    expect(result.setCookie).toBeUndefined();
    expect((await t.db.prisma.session.findUniqueOrThrow({ where: { id } })).expiresAt).toEqual(expiresAt);
  });

  test('stop working once expired, and are deleted', async ({ app: t }) => {
    const { cookie } = await t.signIn();
    const id = sessionIdOf(cookie);
    await t.db.prisma.session.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });

    expect(await me(t, cookie)).toBeNull();
    expect(await t.db.prisma.session.count({ where: { id } })).toBe(0);
  });

  test('refuse a cookie whose secret is wrong', async ({ app: t }) => {
    const { cookie } = await t.signIn();
    expect(await me(t, `session=${sessionIdOf(cookie)}.wrongSecretOfTheSameLength000`)).toBeNull();
    expect(await me(t, cookie)).not.toBeNull();
  });
});

describe('logout', () => {
  test('deletes the session on the server, clears the cookie, and the old cookie is dead', async ({ app: t }) => {
    const { email, password } = await t.signIn();
    const { cookie } = await login(t, email, password);
    const result = await call(t, LOGOUT, {}, { cookie });

    expect(result.response.status).toBe(200);
    expect(result.body).toEqual({ data: { logout: true } });
    expect(result.setCookie).toMatch(/^session=;/);
    expect(result.setCookie!.split('; ')).toEqual(expect.arrayContaining(['Max-Age=0', 'Path=/', 'HttpOnly']));
    expect(await t.db.prisma.session.count({ where: { id: sessionIdOf(cookie!) } })).toBe(0);
    // A copy of the cookie kept by someone else no longer signs in.
    expect(await me(t, cookie)).toBeNull();
  });

  test("ends only this browser's session", async ({ app: t }) => {
    const { email, password } = await t.signIn();
    const laptop = await login(t, email, password);
    const phone = await login(t, email, password);
    await call(t, LOGOUT, {}, { cookie: laptop.cookie });

    expect(await me(t, laptop.cookie)).toBeNull();
    expect(await me(t, phone.cookie)).not.toBeNull();
  });

  test('succeeds without a session and clears a stale cookie', async ({ app: t }) => {
    const anonymous = await call(t, LOGOUT);
    expect(anonymous.body).toEqual({ data: { logout: true } });
    expect(anonymous.setCookie).toMatch(/^session=;.*Max-Age=0/);

    const stale = await call(t, LOGOUT, {}, { cookie: 'session=gone.gone' });
    expect(stale.body).toEqual({ data: { logout: true } });
    expect(stale.setCookie).toMatch(/^session=;.*Max-Age=0/);
  });
});
