// What holds for every answer of the server: security headers, JSON errors, the OpenAPI description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOGPOSTS_NAMES } from '../../server/modules/post/post.rest.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

describe('every response', () => {
  it.each(['/', '/blog/page/2', '/api/blogposts', '/api/nothing', '/graphql?query=%7B__typename%7D', '/healthz'])(
    'of %s carries the security headers',
    async (url) => {
      const response = await t.request(url, { headers: { 'x-graphql-yoga-csrf': '1' } });
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    },
  );

  it('sends Strict-Transport-Security only when the site is https', async () => {
    expect((await t.request('/healthz')).headers.get('strict-transport-security')).toBeNull();
    const https = await createTestApp({ env: { SITE_URL: 'https://blog.example.com' } });
    try {
      expect((await https.request('/healthz')).headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await https.dispose();
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('describes exactly the routes the server answers under /api', async () => {
    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');

    const described = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([route, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${route.replace(/\{(\w+)\}/g, ':$1')}`),
      )
      .sort();
    const answered = t.app.hono.routes
      .filter((r) => r.path.startsWith('/api/') && !r.path.endsWith('*') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`);
    // The latest posts and the category lists are answered by the GET /blogposts/:id route, by name.
    answered.push(...BLOGPOSTS_NAMES.map((name) => `GET /api/blogposts/${name}`));
    expect(described).toEqual([...new Set(answered)].sort());
  });
});
