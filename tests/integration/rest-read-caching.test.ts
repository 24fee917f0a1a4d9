// Cache headers on the REST facade and GraphQL GET queries: anonymous reads are validated (weak ETag,
// 304) on every use, so no reader is ever shown a list from before a change; anything for a caller
// with a session, any write and any error is never stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_POSTS, postInput, seedPosts, UPDATE_POST } from '../support/content.ts';
import { createTestApp, documentText, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

let t: TestApp;
let postId: string;

beforeAll(async () => {
  t = await createTestApp();
  postId = (await seedPosts(t.db.prisma, [{ title: 'Cached' }]))[0]!.id;
});
afterAll(() => t.dispose());

describe(`REST reads (${testDbKind})`, () => {
  it.each(['/api/blogposts', '/api/blogposts/latest', '/api/blogposts/games', '/api/upcoming', '/api/openapi.json'])(
    'GET %s: weak ETag, revalidated on every use, 304 on a match',
    async (url) => {
      const response = await t.request(url);
      expect(response.status).toBe(200);
      const etag = response.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding');
      const body = await response.text();

      const again = await t.request(url, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('content-type')).toBeNull();

      const stale = await t.request(url, { headers: { 'if-none-match': 'W/"something-else"' } });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toBe(body);
    },
  );

  it('a change to the data changes the tag', async () => {
    const url = `/api/blogposts/${postId}`;
    const etag = (await t.request(url)).headers.get('etag')!;
    await t.db.prisma.post.update({ where: { id: postId }, data: { subtitle: 'New subtitle' } });
    const after = await t.request(url, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect((await after.json()).subtitle).toBe('New subtitle');
  });

  it('answer the same conditional request with the new list right after an edit', async () => {
    const { cookie } = await t.signIn({ isAdmin: true });
    const [post] = await seedPosts(t.db.prisma, [{ title: 'Before the edit' }]);
    // GraphQL over GET carries Yoga's CSRF header (a page on another site cannot send it unasked).
    const headers = { 'x-graphql-yoga-csrf': '1' };
    const urls = [
      '/api/blogposts',
      '/api/blogposts/latest',
      `/graphql?query=${encodeURIComponent(documentText(LATEST_POSTS))}`,
    ];
    const kept = new Map<string, string>();
    for (const url of urls) {
      const first = await t.request(url, { headers });
      expect(first.status).toBe(200);
      // A browser may keep it, but asks before every use: no max-age lets it skip the asking.
      expect(first.headers.get('cache-control')).toBe('no-cache');
      expect(await first.text()).toContain('Before the edit');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\//);
      expect((await t.request(url, { headers: { ...headers, 'if-none-match': etag } })).status).toBe(304);
      kept.set(url, etag);
    }

    const edit = await t.graphql(
      UPDATE_POST,
      { id: post!.id, input: postInput({ title: 'After the edit' }) },
      { cookie },
    );
    expect(edit.errors).toBeUndefined();

    for (const url of urls) {
      const again = await t.request(url, { headers: { ...headers, 'if-none-match': kept.get(url)! } });
      expect(again.status).toBe(200);
      expect(again.headers.get('etag')).not.toBe(kept.get(url));
      const body = await again.text();
      expect(body).toContain('After the edit');
      expect(body).not.toContain('Before the edit');
    }
    // A GraphQL GET for a signed-in caller is never stored.
    const signedIn = await t.request(urls[2]!, { headers: { ...headers, cookie } });
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(signedIn.headers.get('etag')).toBeNull();
  });

  it('are never stored for a caller with a session, valid or not', async () => {
    const { cookie } = await t.signIn({ isAdmin: true });
    for (const sent of [cookie, 'session=forged.value']) {
      const response = await t.request('/api/blogposts', { headers: { cookie: sent } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('etag')).toBeNull();
    }
    const profile = await t.request('/api/users/profile', { headers: { cookie } });
    expect(profile.headers.get('cache-control')).toBe('no-store');
  });

  it('errors and writes are never stored', async () => {
    const missing = await t.request('/api/blogposts/0190f0e0-0000-7000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('etag')).toBeNull();

    const badPage = await t.request('/api/blogposts?pageNumber=0');
    expect(badPage.status).toBe(400);
    expect(badPage.headers.get('cache-control')).toBe('no-store');

    const anonymousProfile = await t.request('/api/users/profile');
    expect(anonymousProfile.status).toBe(401);
    expect(anonymousProfile.headers.get('cache-control')).toBe('no-store');

    const login = await t.request('/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(login.headers.get('etag')).toBeNull();
  });

  it('HEAD gets the same validators without a body', async () => {
    const response = await t.request('/api/blogposts', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^W\//);
    expect(await response.text()).toBe('');
  });
});
