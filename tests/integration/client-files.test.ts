// The server's handling of the built client, on a small stand-in build (the real one is exercised by
// the process tests and the browser tests).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let clientDir: string;
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const BIG_SCRIPT = 'console.log("a script worth compressing");\n'.repeat(200);
/** Each encoding the build precompresses: what a browser that takes it sends, and how to read it back. */
const ENCODINGS = [
  ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
  ['gzip', 'gzip, deflate', gunzipSync],
] as const;
const BUILD_MANIFEST = JSON.stringify({ 'src/main.tsx': { file: 'assets/index-AbC123.js', isEntry: true } });

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'blog-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  writeFileSync(path.join(clientDir, 'assets/index-AbC123.js'), 'console.log(1)');
  // As client/build/precompress.ts leaves them: compressed copies beside the file.
  writeFileSync(path.join(clientDir, 'assets/app-XyZ789.js'), BIG_SCRIPT);
  writeFileSync(path.join(clientDir, 'assets/app-XyZ789.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(clientDir, 'assets/app-XyZ789.js.gz'), gzipSync(BIG_SCRIPT));
  copyFileSync(path.join(import.meta.dirname, '../../client/public/favicon.png'), path.join(clientDir, 'favicon.png'));
  // What the build writes for the server and for developers, never for the browser.
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(path.join(clientDir, '.vite/manifest.json'), BUILD_MANIFEST);
  writeFileSync(path.join(clientDir, 'graphql-operations.json'), '{ "HomePage": "query HomePage { site { name } }" }');
  writeFileSync(
    path.join(clientDir, 'assets/app-XyZ789.js.map'),
    '{"version":3,"sources":["../../client/src/main.tsx"]}',
  );
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.dispose();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the built client', () => {
  // The page's head tags and status are tested in page-head.test.ts; this index.html has no head.
  it.each([
    ['/', 200],
    ['/blog/page/1', 200],
    ['/blog/search/zelda', 200],
    ['/no/such/page', 404],
    ['/index.html', 404],
  ])('answers %s with index.html (status %i), revalidated on every visit', async (url, status) => {
    const response = await t.request(url);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    // Never reused unasked: after a deploy, a cached page would name hashed files that are gone.
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toMatch(/^W\//);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(INDEX);
  });

  it.each(ENCODINGS)(
    'sends a page compressed with %s when the browser accepts it',
    async (encoding, accept, decode) => {
      const response = await t.request('/blog', { headers: { 'accept-encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect(decode(body).toString()).toBe(INDEX);
      // The same validator whatever the encoding, so a 304 still answers a compressed copy's tag.
      const again = await t.request('/blog', {
        headers: { 'accept-encoding': accept, 'if-none-match': response.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    },
  );

  it('leaves a page uncompressed for a browser that refuses an encoding', async () => {
    const response = await t.request('/blog', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(INDEX);
  });

  it.each(ENCODINGS)("sends the build's %s copy of an asset the browser accepts", async (encoding, accept, decode) => {
    const response = await t.request('/assets/app-XyZ789.js', { headers: { 'accept-encoding': accept } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(BIG_SCRIPT.length / 10);
    expect(decode(body).toString()).toBe(BIG_SCRIPT);
  });

  it('sends an asset as it is, with Vary, to a browser that accepts no encoding', async () => {
    const response = await t.request('/assets/app-XyZ789.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await response.text()).toBe(BIG_SCRIPT);
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await t.request('/assets/index-AbC123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('serves other public files, revalidated', async () => {
    const response = await t.request('/favicon.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends browsers that ask for /favicon.ico to the PNG icon', async () => {
    const response = await t.request('/favicon.ico');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/favicon.png');
  });

  it.each(['/assets/missing.js', '/api/nothing', '/uploads/nothing.webp'])(
    'answers 404 for %s, never the page',
    async (url) => {
      const response = await t.request(url);
      expect(response.status).toBe(404);
    },
  );

  // Build files name every source module and query: only what a page loads is public.
  it.each([
    '/.vite/manifest.json',
    '/.vite/',
    '/graphql-operations.json',
    '/assets/app-XyZ789.js.map',
    '/assets/app-XyZ789.js.br',
    '/assets/app-XyZ789.js.gz',
  ])('never serves the build-internal file %s', async (url) => {
    for (const method of ['GET', 'HEAD']) {
      const response = await t.request(url, { method, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type') ?? '').not.toMatch(/json|javascript/);
      const body = await response.text();
      expect(body).not.toContain('src/main.tsx');
      expect(body).not.toContain('query HomePage');
    }
  });

  it('does not let a path climb out of the client folder', async () => {
    const response = await t.request('/assets/..%2f..%2fetc%2fpasswd');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('root:');
  });
});

describe('a missing client build', () => {
  it('explains itself instead of failing silently', async () => {
    const bare = await createTestApp({ clientDir: path.join(os.tmpdir(), 'no-such-client-build') });
    try {
      const response = await bare.request('/');
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build');
    } finally {
      await bare.dispose();
    }
  });
});
