// /sitemap.xml and /robots.txt: what a search engine is told to crawl, and kept away from.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../server/generated/prisma/client.ts';
import { seedPosts } from '../support/content.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const SITE = 'http://blog.test';
const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const { DOMParser } = new JSDOM('').window;

let t: TestApp;
let posts: Post[];

beforeAll(async () => {
  t = await createTestApp();
  // 31 posts: 3 blog pages; 16 games (2 pages), 15 books (1 page), no anime or TV.
  posts = await seedPosts(t.db.prisma, [
    ...Array.from({ length: 16 }, () => ({ category: 'game' as const })),
    ...Array.from({ length: 15 }, () => ({ category: 'book' as const })),
  ]);
  await t.db.prisma.post.update({ where: { id: posts[0]!.id }, data: { title: 'Edited later' } });
});
afterAll(() => t.dispose());

async function sitemap() {
  const response = await t.request('/sitemap.xml');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const document = new DOMParser().parseFromString(await response.text(), 'text/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return { response, document };
}

describe(`/sitemap.xml (${testDbKind})`, () => {
  it("lists the home page, the author's pages, every list page and every post, as absolute URLs", async () => {
    const { document } = await sitemap();
    const root = document.documentElement;
    expect([root.namespaceURI, root.localName]).toEqual([SITEMAP, 'urlset']);
    const urls = [...root.getElementsByTagNameNS(SITEMAP, 'url')];
    const locs = urls.map((url) => url.getElementsByTagNameNS(SITEMAP, 'loc')[0]!.textContent);
    expect(locs.slice(0, 13)).toEqual(
      [
        '/',
        '/about',
        '/hire-me',
        '/privacy-policy',
        '/disclaimer',
        '/blog',
        '/blog/page/2',
        '/blog/page/3',
        '/games',
        '/games/page/2',
        '/anime',
        '/books',
        '/tv',
      ].map((path) => `${SITE}${path}`),
    );
    const postLocs = locs.slice(13);
    expect(new Set(postLocs)).toEqual(new Set(posts.map((post) => `${SITE}/blog/${post.slug}`)));
    expect(postLocs).toHaveLength(31);
    // Every listed page answers 200.
    for (const loc of locs) expect((await t.request(loc!)).status, loc!).toBe(200);
  });

  it("gives each post its last change and its image, and the lists their newest post's", async () => {
    const { document } = await sitemap();
    const entries = new Map(
      [...document.getElementsByTagNameNS(SITEMAP, 'url')].map((url) => [
        url.getElementsByTagNameNS(SITEMAP, 'loc')[0]!.textContent!,
        url,
      ]),
    );
    const rows = await t.db.prisma.post.findMany({ include: { image: true } });
    for (const post of rows) {
      const url = entries.get(`${SITE}/blog/${post.slug}`)!;
      expect(url.getElementsByTagNameNS(SITEMAP, 'lastmod')[0]!.textContent).toBe(post.updatedAt.toISOString());
      const image = url.getElementsByTagNameNS('http://www.google.com/schemas/sitemap-image/1.1', 'loc')[0]!;
      expect(image.textContent).toBe(
        `${SITE}/uploads/${post.image!.storageKey.slice(0, 2)}/${post.image!.storageKey}-960.webp`,
      );
    }
    const newest = Math.max(...rows.map((post) => post.updatedAt.getTime()));
    const lastmod = (loc: string) =>
      entries.get(`${SITE}${loc}`)!.getElementsByTagNameNS(SITEMAP, 'lastmod')[0]?.textContent;
    expect(lastmod('/')).toBe(new Date(newest).toISOString());
    expect(lastmod('/blog')).toBe(new Date(newest).toISOString());
    expect(lastmod('/games')).toBe(rows.find((post) => post.id === posts[0]!.id)!.updatedAt.toISOString());
    expect(lastmod('/anime')).toBeUndefined();
    // A page the author wrote: its last edit.
    const about = await t.db.prisma.page.findUniqueOrThrow({ where: { slug: 'about' } });
    expect(lastmod('/about')).toBe(about.updatedAt.toISOString());
  });

  it('is validated on every use', async () => {
    const { response } = await sitemap();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const again = await t.request('/sitemap.xml', { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});

describe('/robots.txt', () => {
  it('points at the sitemap and keeps crawlers off the form and admin screens and the account API', async () => {
    const response = await t.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(
      [
        'User-agent: *',
        'Disallow: /login',
        'Disallow: /profile',
        'Disallow: /new',
        'Disallow: /new-upcoming',
        'Disallow: /show-upcoming',
        'Disallow: /admin/',
        'Disallow: /blog/*/edit',
        'Disallow: /api/users',
        '',
        `Sitemap: ${SITE}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});
