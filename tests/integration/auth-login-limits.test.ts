// Password guessing is slowed down: 5 failures per email or 20 per address in 15 minutes, counted in
// the database. Addresses come from X-Forwarded-For (TRUST_PROXY=true), one fresh address per test.
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createApp } from '../../server/app.ts';
import { login, freshAddress, type CallResult } from '../support/auth-requests.ts';
import type { TestApp } from '../support/test-app.ts';
import { test } from '../support/fixtures.ts';
import { createTestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';
import { graphqlErrors } from '../support/expected-errors.ts';

const MINUTE_MS = 60 * 1000;

test.override('appEnv', { scope: 'file' }, { TRUST_PROXY: 'true' });

const uniqueEmail = () => `someone-${randomUUID()}@example.com`;

async function fail(t: TestApp, times: number, email: string, address?: string): Promise<void> {
  for (let i = 0; i < times; i++) {
    const result = await login(t, email, 'wrong password', { address: address ?? freshAddress() });
    expect(result.response.status, `failure ${i + 1}`).toBe(401);
  }
}

function expectTooMany(result: CallResult, minutes: number): void {
  expect(result.response.status).toBe(429);
  expect(result.body.errors).toEqual(
    graphqlErrors(
      `Too many login attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      'TOO_MANY_REQUESTS',
    ),
  );
  const retryAfter = Number(result.response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
  expect(result.setCookie).toBeUndefined();
}

/** Moves an email's or an address's attempts into the past, as if that much time had gone by. */
async function age(t: TestApp, where: { email?: string; clientAddress?: string }, ms: number): Promise<void> {
  const rows = await t.db.prisma.loginAttempt.findMany({ where });
  for (const row of rows) {
    await t.db.prisma.loginAttempt.update({
      where: { id: row.id },
      data: { createdAt: new Date(row.createdAt.getTime() - ms) },
    });
  }
}

describe(`login limits per email on ${testDbKind}`, () => {
  test('refuses the 6th attempt after 5 failures, even with the right password, from any address', async ({
    app: t,
  }) => {
    const { email, password } = await t.signIn();
    await fail(t, 5, email);

    const result = await login(t, email, password);
    expectTooMany(result, 15);
  });

  test('counts an unknown email the same way (nothing tells it apart)', async ({ app: t }) => {
    const email = uniqueEmail();
    await fail(t, 5, email);
    expectTooMany(await login(t, email, 'anything'), 15);
  });

  test('counts the email whatever its case', async ({ app: t }) => {
    const { email, password } = await t.signIn();
    await fail(t, 5, email.toUpperCase());
    expectTooMany(await login(t, email, password), 15);
  });

  test('leaves other accounts alone, from the same address', async ({ app: t }) => {
    const address = freshAddress();
    const target = await t.signIn();
    const other = await t.signIn();
    await fail(t, 5, target.email, address);

    expect((await login(t, other.email, other.password, { address })).response.status).toBe(200);
  });

  test('says how long to wait, from the oldest failure, and lifts after 15 minutes', async ({ app: t }) => {
    const { email, password } = await t.signIn();
    await fail(t, 5, email);
    await age(t, { email }, 10 * MINUTE_MS);
    expectTooMany(await login(t, email, password), 5);

    await age(t, { email }, 5 * MINUTE_MS + 1000);
    expect((await login(t, email, password)).response.status).toBe(200);
  });

  test('does not record refused attempts, so retrying does not lengthen the wait', async ({ app: t }) => {
    const { email, password } = await t.signIn();
    await fail(t, 5, email);
    for (let i = 0; i < 3; i++) expect((await login(t, email, password)).response.status).toBe(429);
    expect(await t.db.prisma.loginAttempt.count({ where: { email } })).toBe(5);
  });

  test('forgives earlier failures after a successful login', async ({ app: t }) => {
    const { email, password } = await t.signIn();
    await fail(t, 4, email);
    expect((await login(t, email, password)).response.status).toBe(200);
    await fail(t, 4, email);
    expect((await login(t, email, password)).response.status).toBe(200);
  });

  test('lets no more than 5 guesses reach the password check, even sent in parallel', async ({ app: t }) => {
    const { email } = await t.signIn();
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => login(t, email, 'wrong password', { address: freshAddress() })),
    );
    const checked = burst.filter((r) => r.response.status === 401).length;
    expect(burst.every((r) => [401, 429].includes(r.response.status))).toBe(true);
    expect(checked).toBeLessThanOrEqual(5);

    // Whatever the burst let through, the total of checked guesses stops at exactly 5.
    let more = 0;
    for (let i = 0; i < 10; i++) {
      if ((await login(t, email, 'wrong password')).response.status !== 401) break;
      more += 1;
    }
    expect(checked + more).toBe(5);
  });
});

describe('login limits per address', () => {
  test('refuses the 21st attempt after 20 failures from one address, for any account', async ({ app: t }) => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) await fail(t, 1, uniqueEmail(), address);
    const { email, password } = await t.signIn();

    expectTooMany(await login(t, email, password, { address }), 15);
    // The same account from elsewhere is fine.
    expect((await login(t, email, password)).response.status).toBe(200);
  });

  test('counts the address the proxy appended, whatever the caller wrote before it in X-Forwarded-For', async ({
    app: t,
  }) => {
    // nginx's $proxy_add_x_forwarded_for keeps what the client sent and appends the real address:
    // a fresh made-up first entry on every attempt must not make a fresh caller.
    const address = freshAddress();
    const spoofed = () => `${freshAddress()}, ${address}`;
    for (let i = 0; i < 20; i++) await fail(t, 1, uniqueEmail(), spoofed());
    const { email, password } = await t.signIn();

    expectTooMany(await login(t, email, password, { address: spoofed() }), 15);
  });

  test('keeps counting failures across a successful login from that address', async ({ app: t }) => {
    const address = freshAddress();
    const { email, password } = await t.signIn();
    for (let i = 0; i < 19; i++) await fail(t, 1, uniqueEmail(), address);
    expect((await login(t, email, password, { address })).response.status).toBe(200);
    await fail(t, 1, uniqueEmail(), address);

    expectTooMany(await login(t, email, password, { address }), 15);
  });
});

describe('login attempts in the database', () => {
  test('hold across a restart and across server processes sharing the database', async ({ app: t }) => {
    const { email, password } = await t.signIn();
    await fail(t, 5, email);

    // A second app on the same database: another process, or this one after a restart.
    const other = createApp({ config: t.config, db: t.db });
    const response = await other.fetch(
      new Request(new URL('/graphql', t.config.siteUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
        body: JSON.stringify({
          query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { id } }',
          variables: { e: email, p: password },
        }),
      }),
    );
    expect(response.status).toBe(429);
  });

  test('are pruned once they are older than the window', async () => {
    const email = uniqueEmail();
    const old = new Date(Date.now() - 16 * MINUTE_MS);
    // A fresh app prunes on its first attempt (then at most once a minute).
    const fresh = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      await fresh.db.prisma.loginAttempt.createMany({
        data: Array.from({ length: 3 }, () => ({ email, clientAddress: '192.0.2.1', createdAt: old })),
      });
      await login(fresh, email, 'wrong password');
      expect(
        await fresh.db.prisma.loginAttempt.count({
          where: { createdAt: { lt: new Date(Date.now() - 15 * MINUTE_MS) } },
        }),
      ).toBe(0);
      expect(await fresh.db.prisma.loginAttempt.count({ where: { email } })).toBe(1);
    } finally {
      await fresh.dispose();
    }
  });
});
