// Changing the e-mail or password needs more than the session: the current password, or a sign-in of
// this session a few minutes old at most. So a stolen session cookie cannot take an account over.
// Sign-ins here are real logins (the session records when they happened); "stale" sessions are made
// by moving that time into the past in the database.
import { describe, expect } from 'vitest';
import { verifyPassword } from '../../server/modules/auth/password.ts';
import { RECENT_SIGN_IN_MS } from '#kernel/user-rules.ts';
import { call, freshAddress, login, me, sessionIdOf, UPDATE_PROFILE } from '../support/auth-requests.ts';
import type { TestApp } from '../support/test-app.ts';
import { test } from '../support/fixtures.ts';
import { testDbKind } from '../support/test-database.ts';
import { expectErrorLog, graphqlErrors } from '../support/expected-errors.ts';

const CONFIRM = 'Confirm your current password to change your e-mail or password';
const WRONG_CURRENT = 'Current password is incorrect';
const DAY_MS = 24 * 60 * 60 * 1000;

test.override('appEnv', { scope: 'file' }, { TRUST_PROXY: 'true' });

const storedUser = (t: TestApp, id: string) => t.db.prisma.user.findUniqueOrThrow({ where: { id } });

/** Signs in through /api/users/login as the original client does; returns the Cookie header value. */
async function restLogin(t: TestApp, email: string, password: string): Promise<string> {
  const response = await t.request('/api/users/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))!
    .split(';')[0]!;
}

function putProfile(t: TestApp, cookie: string, body: Record<string, unknown>, address = freshAddress()) {
  return t.request('/api/users/profile', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}

const update = (t: TestApp, cookie: string, input: Record<string, unknown>, address?: string) =>
  call(t, UPDATE_PROFILE, { input }, { cookie, address });

/** Moves the session's sign-in into the past, as if it had happened that long ago. */
async function signedInAgo(t: TestApp, cookie: string, ms: number): Promise<void> {
  await t.db.prisma.session.update({
    where: { id: sessionIdOf(cookie) },
    data: { signedInAt: new Date(Date.now() - ms) },
  });
}

/** An account with two signed-in devices: `current` sends the change, `other` should be ended by it. */
async function accountWithTwoSessions(t: TestApp) {
  const account = await t.signIn({ name: 'Owner' });
  const current = await restLogin(t, account.email, account.password);
  const other = await restLogin(t, account.email, account.password);
  return { ...account, current, other, before: await storedUser(t, account.userId) };
}

describe(`a fresh sign-in on ${testDbKind}`, () => {
  test("lets the original client's PUT /api/users/profile change name, email and password right after login", async ({
    app: t,
  }) => {
    const { email, password, userId } = await t.signIn({ name: 'Ada' });
    const cookie = await restLogin(t, email, password);
    const response = await putProfile(t, cookie, {
      name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      password: 'analytical engine',
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      _id: userId,
      name: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      isAdmin: false,
    });
    const stored = await storedUser(t, userId);
    expect(stored.email).toBe('ada.lovelace@example.com');
    expect(await verifyPassword(stored.passwordHash, 'analytical engine')).toBe(true);
  });

  test('still refuses a wrong current password when one is given', async ({ app: t }) => {
    const { current, userId, before } = await accountWithTwoSessions(t);
    const result = await update(t, current, { email: 'elsewhere@example.com', currentPassword: 'not my password' });

    expect(result.response.status).toBe(400);
    expect(result.body.errors).toEqual([
      expect.objectContaining({
        message: WRONG_CURRENT,
        extensions: expect.objectContaining({
          code: 'BAD_USER_INPUT',
          fieldErrors: { currentPassword: WRONG_CURRENT },
        }),
      }),
    ]);
    expect(await storedUser(t, userId)).toEqual(before);
  });
});

describe('a sign-in older than a few minutes', () => {
  test('refuses a new email or password without the current password: 403, and nothing changes', async ({ app: t }) => {
    const { current, other, userId, before } = await accountWithTwoSessions(t);
    await signedInAgo(t, current, RECENT_SIGN_IN_MS + 1000);

    for (const input of [
      { email: 'taken.over@example.com' },
      { password: 'the attackers password' },
      { name: 'Renamed', email: 'taken.over@example.com', password: 'the attackers password' },
    ]) {
      const result = await update(t, current, input);
      expect(result.response.status).toBe(403);
      expect(result.body.errors).toEqual(graphqlErrors(CONFIRM, 'FORBIDDEN'));
    }
    const rest = await putProfile(t, current, { name: 'x', email: 'taken.over@example.com', password: 'another one' });
    expect(rest.status).toBe(403);
    expect(await rest.json()).toEqual({ message: CONFIRM });

    expect(await storedUser(t, userId)).toEqual(before);
    expect(await me(t, other)).toMatchObject({ id: userId });
    expect(await me(t, current)).toMatchObject({ id: userId });
  });

  test('does not tell whether a new email is taken before the password is confirmed', async ({ app: t }) => {
    const { email: taken } = await t.signIn();
    const { current } = await accountWithTwoSessions(t);
    await signedInAgo(t, current, RECENT_SIGN_IN_MS + 1000);

    const result = await update(t, current, { email: taken });
    expect(result.response.status).toBe(403);
    expect(result.body.errors![0]!.message).toBe(CONFIRM);
  });

  test('still lets the name change, and the same email in another case, without the password', async ({ app: t }) => {
    const { current, userId, email, before } = await accountWithTwoSessions(t);
    await signedInAgo(t, current, 2 * DAY_MS);

    // What the original client sends when only the name changes: the stored email and an empty password.
    const response = await putProfile(t, current, { name: 'New Name', email: email.toUpperCase(), password: '' });
    expect(response.status).toBe(200);
    const stored = await storedUser(t, userId);
    expect(stored).toMatchObject({ name: 'New Name', email, passwordHash: before.passwordHash });
  });

  test('is not made fresh again by using or renewing the session', async ({ app: t }) => {
    const { current, userId, before } = await accountWithTwoSessions(t);
    const id = sessionIdOf(current);
    await t.db.prisma.session.update({
      where: { id },
      data: { signedInAt: new Date(Date.now() - 20 * DAY_MS), expiresAt: new Date(Date.now() + 10 * DAY_MS) },
    });
    // This request renews the session (it is in its second half) ...
    const renewed = await call(t, '{ me { id } }', {}, { cookie: current });
    expect(renewed.setCookie).toMatch(/^session=/);
    expect((await t.db.prisma.session.findUniqueOrThrow({ where: { id } })).expiresAt.getTime()).toBeGreaterThan(
      Date.now() + 29 * DAY_MS,
    );

    // ... and the sign-in it carries is as old as before.
    const result = await update(t, current, { password: 'a brand new password' });
    expect(result.response.status).toBe(403);
    expect(await storedUser(t, userId)).toEqual(before);
  });

  test('refuses a wrong current password, changes nothing, and counts it against the login limits', async ({
    app: t,
  }) => {
    const { current, other, userId, email, password, before } = await accountWithTwoSessions(t);
    await signedInAgo(t, current, RECENT_SIGN_IN_MS + 1000);
    const address = freshAddress();

    const wrong = await putProfile(
      t,
      current,
      { password: 'the attackers password', currentPassword: 'guess 1' },
      address,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: WRONG_CURRENT, fieldErrors: { currentPassword: WRONG_CURRENT } });
    expect(await storedUser(t, userId)).toEqual(before);
    expect(await me(t, other)).toMatchObject({ id: userId });
    expect(
      await t.db.prisma.loginAttempt.count({
        where: { kind: 'login', email, clientAddress: address, succeeded: false },
      }),
    ).toBe(1);

    // Four more guesses reach the login limit of the account's email: the next try, right or wrong,
    // through the profile or through the login form, waits.
    for (let i = 2; i <= 5; i++) {
      const result = await update(t, current, { email: 'new@example.com', currentPassword: `guess ${i}` });
      expect(result.response.status).toBe(400);
    }
    const limited = await update(t, current, { email: 'new@example.com', currentPassword: password });
    expect(limited.response.status).toBe(429);
    expect(limited.body.errors![0]!.message).toMatch(/^Too many login attempts\. Try again in 15 minutes\.$/);
    expect((await login(t, email, password)).response.status).toBe(429);
    expect(await storedUser(t, userId)).toEqual(before);
  });

  test('with the right current password: changes email and password, ends the other sessions, keeps this one', async ({
    app: t,
  }) => {
    const { current, other, userId, password } = await accountWithTwoSessions(t);
    const stranger = await t.signIn();
    await signedInAgo(t, current, 2 * DAY_MS);

    const result = await update(t, current, {
      email: 'Moved@Example.com',
      password: 'a brand new password',
      currentPassword: password,
    });
    expect(result.response.status).toBe(200);
    expect(result.body.data.updateProfile).toMatchObject({ id: userId, email: 'moved@example.com' });
    expect(result.setCookie).toBeUndefined();

    const stored = await storedUser(t, userId);
    expect(await verifyPassword(stored.passwordHash, 'a brand new password')).toBe(true);
    expect(await me(t, current)).toMatchObject({ id: userId });
    expect(await me(t, other)).toBeNull();
    expect(await t.db.prisma.session.count({ where: { userId } })).toBe(1);
    expect(await me(t, stranger.cookie)).not.toBeNull();
    expect((await login(t, 'moved@example.com', 'a brand new password')).response.status).toBe(200);
  });

  test('through REST too: currentPassword in the body', async ({ app: t }) => {
    const { current, userId, password } = await accountWithTwoSessions(t);
    await signedInAgo(t, current, 2 * DAY_MS);
    const response = await putProfile(t, current, { password: 'another new password', currentPassword: password });

    expect(response.status).toBe(200);
    expect(await verifyPassword((await storedUser(t, userId)).passwordHash, 'another new password')).toBe(true);
  });
});

describe('a password change and the end of the other sessions', () => {
  test('happen together or not at all: when ending the sessions fails, the password is unchanged', async ({
    app: t,
  }) => {
    expectErrorLog(/Unexpected error in a GraphQL operation .*: PrismaClientKnownRequestError/);
    const { current, other, userId, password, before } = await accountWithTwoSessions(t);
    // The database refuses to delete this user's sessions, as a lost connection or a full disk could.
    await t.db.prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_session_delete() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'session deletes refused by the test'; END $$`);
    await t.db.prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_session_delete BEFORE DELETE ON "Session" FOR EACH ROW
       WHEN (OLD."userId" = '${userId}'::uuid) EXECUTE FUNCTION refuse_session_delete()`,
    );
    try {
      const result = await update(t, current, {
        name: 'Half Changed',
        password: 'a brand new password',
        currentPassword: password,
      });
      expect(result.body.data).toBeNull();
      expect(result.body.errors![0]!.message).toBe('Unexpected error.');
    } finally {
      await t.db.prisma.$executeRawUnsafe('DROP TRIGGER refuse_session_delete ON "Session"');
    }

    expect(await storedUser(t, userId)).toEqual(before);
    expect(await verifyPassword((await storedUser(t, userId)).passwordHash, password)).toBe(true);
    expect(await me(t, other)).toMatchObject({ id: userId });
  });
});

describe('sessions remember their sign-in', () => {
  test('a login records it; the session keeps it', async ({ app: t }) => {
    const { email, password } = await t.signIn();
    const before = new Date();
    const cookie = await restLogin(t, email, password);
    const session = await t.db.prisma.session.findUniqueOrThrow({ where: { id: sessionIdOf(cookie) } });
    expect(session.signedInAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(session.signedInAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
