// The home page and a post page carry their first GraphQL answers and the preloads of their largest
// picture and of the lazy chunk their first screen waits for (server/modules/pages/initial-results.ts), on a
// stand-in client build that has the files the real build writes for the server.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../server/generated/prisma/client.ts';
import { CURRENTLY_CARD_IMAGE_SIZES, POST_HERO_IMAGE_SIZES } from '#kernel/image-sizes.ts';
import { seedPosts, uploadCard } from '../support/content.ts';
import { createTestApp, routedDuring, type TestApp } from '../support/test-app.ts';

const INDEX = `<!doctype html><html lang="en"><head><title>Blog</title>
<script type="module" crossorigin src="/assets/index-W8su-6Sp.js"></script></head>
<body><div id="root"></div></body></html>`;

// As client/build/graphql-documents.ts writes them: the client's queries, with __typename.
const OPERATIONS = {
  Site: 'query Site { site { name url __typename } }',
  HomePage: `query HomePage {
    upcomingCards { id subtitle image { url srcset __typename } __typename }
    latestPosts { id title __typename }
  }`,
  PostDetail:
    'query PostDetail($slug: String!) { post(slug: $slug) { id slug title image { url srcset __typename } __typename } }',
};
// As Vite writes its manifest: the built file of each lazy chunk.
const MANIFEST = {
  'index.html': { file: 'assets/index-W8su-6Sp.js', isEntry: true },
  'src/components/carousel.tsx': {
    file: 'assets/carousel-Ab12Cd.js',
    isDynamicEntry: true,
    css: ['assets/carousel-Ef34Gh.css'],
  },
  'src/lib/sanitize.ts': { file: 'assets/sanitize-Ij56Kl.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/features/posts/blog-list-page.tsx': {
    file: 'assets/blog-list-page-Mn78Op.js',
    isDynamicEntry: true,
    imports: ['index.html', '_post-list-Qr90St.js'],
  },
  '_post-list-Qr90St.js': { file: 'assets/post-list-Qr90St.js', css: ['assets/post-list-Uv12Wx.css'] },
};

interface InitialResult {
  operationName: string;
  variables: object;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes vary by query
  data: any;
}

let t: TestApp;
let clientDir: string;
let post: Post;
let cardImage: { url: string; srcset: string };

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'blog-client-'));
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  writeFileSync(path.join(clientDir, 'graphql-operations.json'), JSON.stringify(OPERATIONS));
  writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ clientDir, env: { SITE_NAME: 'Pixel Diaries' } });
  const { cookie } = await t.signIn({ isAdmin: true });
  await uploadCard(t, cookie, { subtitle: 'Older card' });
  const newest = await uploadCard(t, cookie, { subtitle: 'Newest card' });
  cardImage = newest.body.data.createUpcomingCard.image;
  post = (await seedPosts(t.db.prisma, [{ title: 'A post </script> with an escape' }]))[0]!;
}, 60_000);
afterAll(async () => {
  await t.dispose();
  rmSync(clientDir, { recursive: true, force: true });
});

async function page(url: string, init?: RequestInit) {
  const response = await t.request(url, init);
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  const results = document.getElementById('initial-results');
  return {
    response,
    document,
    results: results ? (JSON.parse(results.textContent!) as InitialResult[]) : null,
  };
}

describe('the first answers written into a page', () => {
  it("gives the home page its queries' answers, as /graphql gives them, and preloads the first card's picture", async () => {
    let answered: Awaited<ReturnType<typeof page>> | undefined;
    // Asked in the server (server/graphql/own-reads.ts), not through the app's router.
    expect(await routedDuring(t.app, async () => (answered = await page('/')))).toEqual(['/']);
    const { document, results } = answered!;
    expect(results!.map((result) => result.operationName)).toEqual(['Site', 'HomePage']);
    const home = results!.find((result) => result.operationName === 'HomePage')!;
    expect(home.variables).toEqual({});
    const fromApi = await t.graphql(OPERATIONS.HomePage);
    expect(home.data).toEqual(fromApi.data);
    expect(home.data.upcomingCards.map((card: { subtitle: string }) => card.subtitle)).toEqual([
      'Newest card',
      'Older card',
    ]);

    const preload = document.querySelector('link[rel="preload"][as="image"]')!;
    expect(preload.getAttribute('href')).toBe(cardImage.url);
    expect(preload.getAttribute('imagesrcset')).toBe(cardImage.srcset);
    expect(preload.getAttribute('imagesizes')).toBe(CURRENTLY_CARD_IMAGE_SIZES);
    expect(preload.getAttribute('fetchpriority')).toBe('high');
    // The carousel's chunk and its stylesheet download beside the main script, asked for after it.
    const html = document.documentElement.outerHTML;
    expect(html.indexOf('rel="modulepreload"')).toBeGreaterThan(html.indexOf('<script type="module"'));
    expect(html.indexOf('id="initial-results"')).toBeLessThan(html.indexOf('</head>'));
    expect(document.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe(
      '/assets/carousel-Ab12Cd.js',
    );
    expect(document.querySelector('link[rel="preload"][as="style"]')?.getAttribute('href')).toBe(
      '/assets/carousel-Ef34Gh.css',
    );
  });

  it("gives a post page its post and preloads the post's picture and the sanitizer", async () => {
    const { document, results, response } = await page(`/blog/${post.slug}`);
    expect(response.status).toBe(200);
    const detail = results!.find((result) => result.operationName === 'PostDetail')!;
    expect(detail.variables).toEqual({ slug: post.slug });
    expect(detail.data.post.title).toBe('A post </script> with an escape');
    const preload = document.querySelector('link[rel="preload"][as="image"]')!;
    expect(preload.getAttribute('imagesrcset')).toBe(detail.data.post.image.srcset);
    expect(preload.getAttribute('imagesizes')).toBe(POST_HERO_IMAGE_SIZES);
    expect(document.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe(
      '/assets/sanitize-Ij56Kl.js',
    );
  });

  it("preloads a list's lazy screen, with the parts it imports, and writes the site's answer", async () => {
    const { document, results } = await page('/blog');
    expect(results!.map((result) => result.operationName)).toEqual(['Site']);
    const scripts = [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(scripts).toEqual(['/assets/blog-list-page-Mn78Op.js', '/assets/post-list-Qr90St.js']);
    expect(document.querySelector('link[rel="preload"][as="style"]')?.getAttribute('href')).toBe(
      '/assets/post-list-Uv12Wx.css',
    );
  });

  it('writes nothing into pages that are not found', async () => {
    for (const url of ['/blog/00000000-0000-4000-8000-000000000000', '/no/such/page']) {
      const { results, document } = await page(url);
      expect(results, url).toBeNull();
      expect(document.querySelector('link[rel="preload"], link[rel="modulepreload"]'), url).toBeNull();
    }
  });

  it("writes only the site's answer into the other screens, forms included, and preloads nothing there", async () => {
    // (Not /about: a page the author writes waits for the sanitizer, as a post does.)
    for (const url of ['/login', '/profile', '/new']) {
      const { results, document } = await page(url);
      expect(results, url).toEqual([{ operationName: 'Site', variables: {}, data: { site: expect.anything() } }]);
      expect(document.querySelector('link[rel="preload"], link[rel="modulepreload"]'), url).toBeNull();
    }
  });

  it('changes the page, and its ETag, when the answers change', async () => {
    const before = await page('/');
    const etag = before.response.headers.get('etag')!;
    const { cookie } = await t.signIn({ isAdmin: true });
    await uploadCard(t, cookie, { subtitle: 'A card added since' });
    const after = await t.request('/', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('A card added since');
  });
});
