// Registration (GraphQL register, REST POST /api/users): closed unless REGISTRATION=open, limited per
// caller address, and never telling whether an e-mail already has an account. Nobody is signed in by
// it: the person signs in next, with their password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/modules/auth/password.ts';
import { call, freshAddress, login, REGISTER } from '../support/auth-requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';
import { graphqlErrors } from '../support/expected-errors.ts';

const RECEIVED =
  'Registration received. If this e-mail had no account yet, you can now sign in with it and your password.';
const CLOSED = 'Registration is closed on this site';

function registerRest(t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.request('/api/users', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress(), ...headers },
    body: JSON.stringify(body),
  });
}

/** What a caller can observe of an answer but its body: the status and headers, less those that differ every time. */
function head(response: Response) {
  const differEveryTime = ['date', 'x-request-id'];
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !differEveryTime.includes(name)),
  };
}

describe(`registration closed (the default) on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.dispose());

  it('answers 403 with a clear message and creates nothing, through REST and GraphQL', async () => {
    expect(t.config.registrationOpen).toBe(false);
    const rest = await registerRest(t, { name: 'Reader', email: 'reader@example.com', password: 'long enough' });
    expect(rest.status).toBe(403);
    expect(await rest.json()).toEqual({ message: CLOSED });
    expect(rest.headers.getSetCookie()).toEqual([]);

    const graphql = await call(t, REGISTER, { name: 'Reader', email: 'reader@example.com', password: 'long enough' });
    expect(graphql.response.status).toBe(403);
    expect(graphql.body.errors).toEqual(graphqlErrors(CLOSED, 'FORBIDDEN'));
    expect(await t.db.prisma.user.count()).toBe(0);
    expect(await t.db.prisma.loginAttempt.count()).toBe(0);
  });
});

describe(`registration open on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', REGISTRATION: 'open' } });
  });
  afterAll(() => t.dispose());

  it('creates a reader account (lower-case email, argon2id hash) and signs nobody in', async () => {
    const result = await call(t, REGISTER, { name: '  Grace  ', email: 'Grace@Example.COM', password: 'hopper1906' });

    expect(result.response.status).toBe(200);
    expect(result.body).toEqual({ data: { register: RECEIVED } });
    expect(result.setCookie).toBeUndefined();
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { email: 'grace@example.com' } });
    expect(stored).toMatchObject({ name: 'Grace', isAdmin: false });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored.passwordHash, 'hopper1906')).toBe(true);
    expect(await t.db.prisma.session.count({ where: { userId: stored.id } })).toBe(0);

    expect((await login(t, 'grace@example.com', 'hopper1906')).body.data?.login.id).toBe(stored.id);
  });

  it('answers REST with 202 and the message, no cookie; an isAdmin field is ignored', async () => {
    const response = await registerRest(t, {
      name: 'Reader',
      email: 'Reader@Example.com',
      password: 'long enough',
      isAdmin: true,
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: RECEIVED });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { email: 'reader@example.com' } })).toMatchObject({
      name: 'Reader',
      isAdmin: false,
    });
  });

  it('has no way to ask for an admin account through GraphQL', async () => {
    const result = await call(t, REGISTER.replace('password: $password)', 'password: $password, isAdmin: true)'), {
      name: 'Mallory',
      email: 'mallory@example.com',
      password: 'letmein-please',
    });
    expect(result.body.data).toBeUndefined();
    expect(result.body.errors![0]!.message).toContain('Unknown argument "isAdmin"');
    expect(await t.db.prisma.user.count({ where: { email: 'mallory@example.com' } })).toBe(0);
  });

  it('answers an email that has an account exactly as a new one, and leaves that account alone', async () => {
    const owner = await t.signIn({ email: 'taken@example.com', name: 'Owner' });
    const before = await t.db.prisma.user.findUniqueOrThrow({ where: { id: owner.userId } });

    const fresh = await registerRest(t, { name: 'Newcomer', email: 'free@example.com', password: 'another password' });
    const taken = await registerRest(t, { name: 'Copycat', email: 'TAKEN@example.com', password: 'another password' });
    expect(head(taken)).toEqual(head(fresh));
    expect(await taken.text()).toBe(await fresh.text());
    expect(fresh.status).toBe(202);

    const graphqlFresh = await call(t, REGISTER, { name: 'N', email: 'free2@example.com', password: 'long enough' });
    const graphqlTaken = await call(t, REGISTER, { name: 'C', email: 'taken@example.com', password: 'long enough' });
    expect(head(graphqlTaken.response)).toEqual(head(graphqlFresh.response));
    expect(graphqlTaken.body).toEqual(graphqlFresh.body);

    expect(await t.db.prisma.user.count({ where: { email: 'taken@example.com' } })).toBe(1);
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: owner.userId } })).toEqual(before);
    expect((await login(t, owner.email, owner.password)).response.status).toBe(200);
    expect((await login(t, owner.email, 'another password')).response.status).toBe(401);
  });

  it('creates one account when two registrations of an email arrive together, and answers both alike', async () => {
    const variables = { name: 'Twin', email: 'twin@example.com', password: 'same password' };
    const results = await Promise.all([call(t, REGISTER, variables), call(t, REGISTER, variables)]);

    expect(results.map((r) => r.response.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body)).toEqual([{ data: { register: RECEIVED } }, { data: { register: RECEIVED } }]);
    expect(await t.db.prisma.user.count({ where: { email: 'twin@example.com' } })).toBe(1);
  });

  it.each([
    [{ name: '', email: 'a@example.com', password: 'long enough' }, { name: 'This field is required' }],
    [{ name: 'A', email: '', password: 'long enough' }, { email: 'This field is required' }],
    [{ name: 'A', email: 'a@example..com', password: 'long enough' }, { email: 'Not a valid email format' }],
    [{ name: 'A', email: 'a@example.com', password: '' }, { password: 'This field is required' }],
    [{ name: 'A', email: 'a@example.com', password: 'short' }, { password: 'Password must be at least 8 characters' }],
    [
      { name: 'x'.repeat(61), email: 'a@example.com', password: 'long enough' },
      { name: 'Name must be at most 60 characters' },
    ],
    [
      { name: ' ', email: 'nope', password: '' },
      { name: 'This field is required', email: 'Not a valid email format', password: 'This field is required' },
    ],
  ])('validates %o', async (variables, fieldErrors) => {
    const result = await call(t, REGISTER, variables);

    expect(result.response.status).toBe(400);
    expect(result.body.errors).toEqual(graphqlErrors(Object.values(fieldErrors)[0], 'BAD_USER_INPUT', { fieldErrors }));
    expect(await t.db.prisma.user.count({ where: { email: 'a@example.com' } })).toBe(0);
  });

  it('limits registrations per address: 25 in a row create 5 accounts, the rest wait with 429 and Retry-After', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 25; i++) {
      const response = await registerRest(
        t,
        { name: `Bot ${i}`, email: `bot-${i}@example.com`, password: 'long enough' },
        { 'x-forwarded-for': address },
      );
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }

    expect(statuses).toEqual([...Array<number>(5).fill(202), ...Array<number>(20).fill(429)]);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(await refused!.json()).toEqual({ message: 'Too many registrations. Try again in 60 minutes.' });
    expect(await t.db.prisma.user.count({ where: { email: { startsWith: 'bot-' } } })).toBe(5);

    // Another address may still register, and the limit is not the login limit: signing in from that
    // address still works.
    expect((await registerRest(t, { name: 'Human', email: 'human@example.com', password: 'long enough' })).status).toBe(
      202,
    );
    expect((await login(t, 'bot-0@example.com', 'long enough', { address })).response.status).toBe(200);
  });
});
