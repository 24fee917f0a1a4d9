// The signed-in user (me) and their profile (updateProfile): who may call what, the validation
// messages, and what changes in the database and in the user's sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/modules/auth/password.ts';
import { call, login, me, UPDATE_PROFILE } from '../support/auth-requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';
import { graphqlErrors } from '../support/expected-errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.dispose());

const update = (input: Record<string, unknown>, cookie?: string) => call(t, UPDATE_PROFILE, { input }, { cookie });

const storedUser = (id: string) => t.db.prisma.user.findUniqueOrThrow({ where: { id } });

describe(`me on ${testDbKind}`, () => {
  it('is null for an anonymous caller (no error, status 200)', async () => {
    const result = await call(t, '{ me { id } }');
    expect(result.response.status).toBe(200);
    expect(result.body).toEqual({ data: { me: null } });
  });

  it('is the signed-in user, admin or not', async () => {
    const reader = await t.signIn({ name: 'Reader', email: 'reader@example.com' });
    const admin = await t.signIn({ isAdmin: true, name: 'Admin', email: 'admin@example.com' });

    expect(await me(t, reader.cookie)).toEqual({
      id: reader.userId,
      name: 'Reader',
      email: 'reader@example.com',
      isAdmin: false,
    });
    expect(await me(t, admin.cookie)).toEqual({
      id: admin.userId,
      name: 'Admin',
      email: 'admin@example.com',
      isAdmin: true,
    });
  });
});

describe('updateProfile: who may call it', () => {
  it('refuses an anonymous caller with 401 UNAUTHENTICATED', async () => {
    const result = await update({ name: 'Nobody' });

    expect(result.response.status).toBe(401);
    expect(result.body.data).toBeNull();
    expect(result.body.errors).toEqual(graphqlErrors('Not authorized', 'UNAUTHENTICATED'));
  });

  it('refuses a dead session (after logout) the same way', async () => {
    const { email, password, userId } = await t.signIn({ name: 'Before' });
    const { cookie } = await login(t, email, password);
    await call(t, 'mutation { logout }', {}, { cookie });

    expect((await update({ name: 'After' }, cookie)).response.status).toBe(401);
    expect((await storedUser(userId)).name).toBe('Before');
  });

  it('changes only its caller', async () => {
    const caller = await t.signIn({ name: 'Caller' });
    const bystander = await t.signIn({ name: 'Bystander' });
    const before = await storedUser(bystander.userId);
    const result = await update({ name: 'Renamed', password: 'a brand new password' }, caller.cookie);

    expect(result.body.data.updateProfile).toMatchObject({ id: caller.userId, name: 'Renamed' });
    expect(await storedUser(bystander.userId)).toEqual(before);
    expect(await me(t, bystander.cookie)).not.toBeNull();
  });

  it('works for an admin, who stays an admin', async () => {
    const admin = await t.signIn({ isAdmin: true });
    const result = await update({ name: 'Chief Editor' }, admin.cookie);

    expect(result.response.status).toBe(200);
    expect(result.body.data.updateProfile).toMatchObject({ name: 'Chief Editor', isAdmin: true });
  });

  it('cannot make anyone an admin (the input has no such field)', async () => {
    const reader = await t.signIn();
    const result = await update({ isAdmin: true }, reader.cookie);

    expect(result.body.errors![0]!.message).toContain('"isAdmin" is not defined by type "UpdateProfileInput"');
    expect((await storedUser(reader.userId)).isAdmin).toBe(false);
  });
});

describe('updateProfile: the changes', () => {
  it('updates the name and returns the updated user', async () => {
    const { cookie, userId, email } = await t.signIn({ name: 'Old Name' });
    const result = await update({ name: '  New Name ' }, cookie);

    expect(result.response.status).toBe(200);
    expect(result.body).toEqual({ data: { updateProfile: { id: userId, name: 'New Name', email, isAdmin: false } } });
    expect((await storedUser(userId)).name).toBe('New Name');
    expect(await me(t, cookie)).toMatchObject({ name: 'New Name' });
  });

  it('stores a new email in lower case; signing in then takes the new one', async () => {
    const { cookie, userId, password } = await t.signIn();
    const result = await update({ email: ' New.Address@Example.COM ' }, cookie);

    expect(result.body.data.updateProfile.email).toBe('new.address@example.com');
    expect((await storedUser(userId)).email).toBe('new.address@example.com');
    expect((await login(t, 'new.address@example.com', password)).response.status).toBe(200);
  });

  it('keeps the fields that are empty or absent, the password included', async () => {
    const { cookie, userId, email, password } = await t.signIn({ name: 'Keeper' });
    const before = await storedUser(userId);
    const result = await update({ name: '', email: '', password: '' }, cookie);

    expect(result.body.data.updateProfile).toEqual({ id: userId, name: 'Keeper', email, isAdmin: false });
    expect((await storedUser(userId)).passwordHash).toBe(before.passwordHash);
    expect((await update({}, cookie)).body.data.updateProfile.name).toBe('Keeper');
    expect((await login(t, email, password)).response.status).toBe(200);
  });

  it("accepts the caller's own email in another case", async () => {
    const { cookie, email } = await t.signIn({ email: 'own@example.com' });
    const result = await update({ email: 'OWN@example.com', name: 'Same' }, cookie);

    expect(result.body.data.updateProfile).toMatchObject({ email, name: 'Same' });
  });

  it('refuses an email another account has (any case) with "User already exists"', async () => {
    await t.signIn({ email: 'occupied@example.com' });
    const { cookie, userId, email } = await t.signIn({ name: 'Mover' });
    const result = await update({ name: 'Moved', email: 'Occupied@Example.com' }, cookie);

    expect(result.response.status).toBe(400);
    expect(result.body.errors).toEqual(
      graphqlErrors('User already exists', 'BAD_USER_INPUT', { fieldErrors: { email: 'User already exists' } }),
    );
    // Nothing of a refused update is kept.
    expect(await storedUser(userId)).toMatchObject({ name: 'Mover', email });
  });

  it('changes the password: the old one stops working, the new one signs in (argon2id)', async () => {
    const { cookie, userId, email, password } = await t.signIn();
    const result = await update({ password: 'correct horse battery staple' }, cookie);
    expect(result.response.status).toBe(200);

    const { passwordHash } = await storedUser(userId);
    expect(passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(passwordHash, 'correct horse battery staple')).toBe(true);
    expect((await login(t, email, password)).response.status).toBe(401);
    expect((await login(t, email, 'correct horse battery staple')).response.status).toBe(200);
  });

  it("ends the user's other sessions on a password change, and keeps the current one", async () => {
    const { email, password, userId } = await t.signIn();
    const current = await login(t, email, password);
    const otherDevice = await login(t, email, password);
    const stranger = await t.signIn();

    const result = await update({ password: 'a new secret phrase' }, current.cookie);
    expect(result.body.data.updateProfile.id).toBe(userId);
    // The current session is not renewed or replaced: its cookie simply keeps working.
    expect(result.setCookie).toBeUndefined();
    expect(await me(t, current.cookie)).toMatchObject({ id: userId });
    expect(await me(t, otherDevice.cookie)).toBeNull();
    expect(await t.db.prisma.session.count({ where: { userId } })).toBe(1);
    expect(await me(t, stranger.cookie)).not.toBeNull();
  });

  it('leaves the other sessions alone when the password does not change', async () => {
    const { email, password } = await t.signIn();
    const current = await login(t, email, password);
    const otherDevice = await login(t, email, password);

    await update({ name: 'Just a rename', password: '' }, current.cookie);
    expect(await me(t, otherDevice.cookie)).not.toBeNull();
  });
});

describe('updateProfile: validation', () => {
  it.each([
    [{ email: 'not-an-email' }, { email: 'Not a valid email format' }],
    [{ email: 'two@@example.com' }, { email: 'Not a valid email format' }],
    [{ password: 'short' }, { password: 'Password must be at least 8 characters' }],
    [{ password: 'x'.repeat(257) }, { password: 'Password must be at most 256 characters' }],
    [{ name: 'n'.repeat(61) }, { name: 'Name must be at most 60 characters' }],
    [
      { name: 'n'.repeat(61), email: 'nope', password: 'short' },
      {
        name: 'Name must be at most 60 characters',
        email: 'Not a valid email format',
        password: 'Password must be at least 8 characters',
      },
    ],
  ])('refuses %o with BAD_USER_INPUT and changes nothing', async (input, fieldErrors) => {
    const { cookie, userId } = await t.signIn({ name: 'Unchanged' });
    const before = await storedUser(userId);
    const result = await update(input, cookie);

    expect(result.response.status).toBe(400);
    expect(result.body.errors).toEqual(graphqlErrors(Object.values(fieldErrors)[0], 'BAD_USER_INPUT', { fieldErrors }));
    expect(await storedUser(userId)).toEqual(before);
  });
});
