// The /api/users doors, as a client of the original product calls them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/modules/auth/password.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterEach(() => t.dispose());

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The name=value part of the session cookie a response sets. */
function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))
    ?.split(';')[0];
}

describe(`/api/users on ${testDbKind}`, () => {
  it('logs in: 200 with the user info to store, and the session cookie', async () => {
    const { email, password } = await t.signIn({ name: 'Ada' });
    const response = await t.request('/api/users/login', json({ email: email.toUpperCase(), password }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ _id: expect.any(String), name: 'Ada', email, isAdmin: false });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(response.headers.get('cache-control')).toBe('no-store');

    const profile = await t.request('/api/users/profile', { headers: { cookie: sessionCookieOf(response)! } });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toEqual(body);
  });

  it('refuses bad credentials with 401 and one message for a wrong email or password', async () => {
    const { email } = await t.signIn();
    for (const attempt of [
      { email, password: 'wrong password' },
      { email: 'nobody@example.com', password: 'wrong password' },
    ]) {
      const response = await t.request('/api/users/login', json(attempt));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Invalid email or password' });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it('answers bad input with 400 and the field messages', async () => {
    const response = await t.request('/api/users/login', json({ email: 'not-an-email', password: '' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Not a valid email',
      fieldErrors: { email: 'Not a valid email', password: 'This field is required' },
    });
    const notJson = await t.request('/api/users/login', {
      method: 'POST',
      body: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: 'The request body must be a JSON object' });
  });

  it('says how long to wait after too many failures, with 429 and Retry-After', async () => {
    const { email } = await t.signIn();
    for (let i = 0; i < 5; i++) {
      expect((await t.request('/api/users/login', json({ email, password: `wrong ${i}` }))).status).toBe(401);
    }
    const response = await t.request('/api/users/login', json({ email, password: 'wrong again' }));
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await response.json()).message).toMatch(/^Too many login attempts\. Try again in \d+ minutes?\.$/);
  });

  it('reads and updates the profile; an empty password keeps the old one', async () => {
    const { cookie, email, password, userId } = await t.signIn({ name: 'Old' });
    const response = await t.request('/api/users/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'New Name', email, password: '' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ _id: userId, name: 'New Name', email, isAdmin: false });
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    expect(await verifyPassword(stored.passwordHash, password)).toBe(true);

    const bad = await t.request('/api/users/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ email: 'nope' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      message: 'Not a valid email format',
      fieldErrors: { email: 'Not a valid email format' },
    });
  });

  it('answers 401 Not authorized without a valid session', async () => {
    for (const headers of [{}, { cookie: 'session=forged.cookie' }] as Record<string, string>[]) {
      const get = await t.request('/api/users/profile', { headers });
      expect(get.status).toBe(401);
      expect(await get.json()).toEqual({ message: 'Not authorized' });
      const put = await t.request('/api/users/profile', {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{"name":"x"}',
      });
      expect(put.status).toBe(401);
    }
  });

  it('logs out: the session is deleted and the cookie cleared', async () => {
    const { cookie, userId } = await t.signIn();
    const response = await t.request('/api/users/logout', { method: 'POST', headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Logged out successfully' });
    expect(response.headers.getSetCookie().find((c) => c.startsWith('session='))).toMatch(/Max-Age=0/);
    expect(await t.db.prisma.session.count({ where: { userId } })).toBe(0);
    expect((await t.request('/api/users/profile', { headers: { cookie } })).status).toBe(401);
  });

  it('refuses writes sent from another site', async () => {
    const { email, password } = await t.signIn();
    const response = await t.request('/api/users/login', json({ email, password }, { origin: 'https://evil.example' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
    const sameSite = await t.request('/api/users/login', json({ email, password }, { origin: 'http://blog.test' }));
    expect(sameSite.status).toBe(200);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await t.request('/api/no/such/thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });
});
