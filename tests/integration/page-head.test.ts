// The HTML the server returns for each page, as a link preview or a crawler without JavaScript sees
// it: the page's own head tags (all marked data-server-meta), its status, and its cache headers.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../server/generated/prisma/client.ts';
import { CATEGORY_SCREENS, SCREEN_TEXTS, SOCIAL_IMAGE } from '#kernel/page-meta-rules.ts';
import { seedPosts } from '../support/content.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const SITE = 'http://blog.test';
const SITE_NAME = 'Pixel "Diaries" & <Co>';
// As Vite writes it: its script and stylesheet tags must come through untouched.
const VITE_TAGS = `<script type="module" crossorigin src="/assets/index-W8su-6Sp.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-DAj1ZoOV.css">`;
// The project's own template as the build leaves it: its source script replaced by Vite's tags.
const INDEX = readFileSync(path.resolve(import.meta.dirname, '../../client/index.html'), 'utf8')
  .replace(/\s*<script type="module" src="\/src\/main\.tsx"><\/script>/, '')
  .replace('</head>', `  ${VITE_TAGS}\n  </head>`);

let t: TestApp;
let clientDir: string;
let posts: Post[];
let hostile: Post;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'blog-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  t = await createTestApp({ clientDir, env: { SITE_NAME } });
  await t.signIn({ isAdmin: true, name: 'Ada Lovelace' });
  // 16 games (two pages of 15), one book, and a post whose texts try to break out of the markup.
  posts = await seedPosts(t.db.prisma, [
    ...Array.from({ length: 16 }, (_, i) => ({ title: `Game ${i + 1}`, category: 'game' as const })),
    { title: 'A book', category: 'book' },
  ]);
  hostile = (
    await seedPosts(t.db.prisma, [
      {
        title: `</script><script>alert("x")</script>`,
        subtitle: `"quoted" & 'single' <b>bold</b>`,
        createdAt: new Date('2026-03-04T05:06:07.089Z'),
      },
    ])
  )[0]!;
});
afterAll(async () => {
  await t.dispose();
  rmSync(clientDir, { recursive: true, force: true });
});

interface Page {
  response: Response;
  html: string;
  document: Document;
  /** Every element the server added. */
  serverTags: Element[];
  meta(key: string): string[];
  canonical(): string[];
  jsonLd(): Array<Record<string, unknown>>;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await t.request(url, { headers });
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  const head = document.head;
  return {
    response,
    html,
    document,
    serverTags: [...document.querySelectorAll('[data-server-meta]')],
    meta: (key) =>
      [...head.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)].map((el) =>
        el.getAttribute('content')!,
      ),
    canonical: () => [...head.querySelectorAll('link[rel="canonical"]')].map((el) => el.getAttribute('href')!),
    jsonLd: () =>
      [...head.querySelectorAll('script[type="application/ld+json"]')].map((el) => JSON.parse(el.textContent!)),
  };
}

const title = (page?: string) => (page ? `${page} | ${SITE_NAME}` : SITE_NAME);

describe(`the head of each public page (${testDbKind})`, () => {
  const PAGES = [
    { url: '/', title: title(), description: SCREEN_TEXTS.home.description, canonical: `${SITE}/` },
    { url: '/about', title: title('About'), description: SCREEN_TEXTS.about.description, canonical: `${SITE}/about` },
    {
      url: '/hire-me',
      title: title('Hire me'),
      description: SCREEN_TEXTS.hireMe.description,
      canonical: `${SITE}/hire-me`,
    },
    {
      url: '/privacy-policy',
      title: title('Privacy Policy'),
      description: SCREEN_TEXTS.privacyPolicy.description,
      canonical: `${SITE}/privacy-policy`,
    },
    {
      url: '/disclaimer',
      title: title('Disclaimer'),
      description: SCREEN_TEXTS.disclaimer.description,
      canonical: `${SITE}/disclaimer`,
    },
    { url: '/blog', title: title('Blog'), description: SCREEN_TEXTS.blog.description, canonical: `${SITE}/blog` },
    {
      url: '/blog/page/2',
      title: title('Blog'),
      description: SCREEN_TEXTS.blog.description,
      canonical: `${SITE}/blog/page/2`,
    },
    ...CATEGORY_SCREENS.map((screen) => ({
      url: `/${screen.path}`,
      title: title(screen.heading),
      description: screen.description,
      canonical: `${SITE}/${screen.path}`,
    })),
    {
      url: '/games/page/2',
      title: title('Games'),
      description: CATEGORY_SCREENS[0]!.description,
      canonical: `${SITE}/games/page/2`,
    },
  ];

  it.each(PAGES)('$url: title, description, canonical and sharing tags, status 200', async (expected) => {
    const page = await get(expected.url);
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(page.document.title).toBe(expected.title);
    expect(page.document.querySelectorAll('title')).toHaveLength(1);
    expect(page.meta('description')).toEqual([expected.description]);
    expect(page.canonical()).toEqual([expected.canonical]);
    expect(page.meta('robots')).toEqual([]);
    expect(page.meta('og:site_name')).toEqual([SITE_NAME]);
    expect(page.meta('og:type')).toEqual(['website']);
    expect(page.meta('og:title')).toEqual([expected.title]);
    expect(page.meta('og:description')).toEqual([expected.description]);
    expect(page.meta('og:url')).toEqual([expected.canonical]);
    expect(page.meta('og:image')).toEqual([`${SITE}/social-image.webp`]);
    expect(page.meta('og:image:type')).toEqual(['image/webp']);
    expect(page.meta('og:image:width')).toEqual(['900']);
    expect(page.meta('og:image:height')).toEqual(['296']);
    expect(page.meta('og:image:alt')).toEqual([SOCIAL_IMAGE.alt]);
    expect(page.meta('twitter:card')).toEqual(['summary_large_image']);
    expect(page.meta('twitter:title')).toEqual([expected.title]);
    expect(page.meta('twitter:description')).toEqual([expected.description]);
    expect(page.meta('twitter:image')).toEqual([`${SITE}/social-image.webp`]);
    expect(page.meta('twitter:image:alt')).toEqual([SOCIAL_IMAGE.alt]);
  });

  it.each(PAGES.map((page) => page.url))('%s: links to the feeds, and marks every tag it added', async (url) => {
    const page = await get(url);
    const feeds = [...page.document.head.querySelectorAll('link[rel="alternate"]')].map((el) => [
      el.getAttribute('type'),
      el.getAttribute('href'),
    ]);
    expect(feeds.slice(0, 2)).toEqual([
      ['application/rss+xml', `${SITE}/rss.xml`],
      ['application/atom+xml', `${SITE}/atom.xml`],
    ]);
    // Everything between the viewport/icon tags of index.html and Vite's own tags is the server's.
    const added = [...page.document.head.children].filter(
      (el) =>
        !el.matches(
          'meta[charset], meta[name="viewport"], link[rel="icon"], noscript, script[src], link[rel="stylesheet"]',
        ),
    );
    expect(added.length).toBeGreaterThanOrEqual(20);
    expect(added.every((el) => el.hasAttribute('data-server-meta'))).toBe(true);
    expect(page.serverTags).toEqual(added);
    const kinds = (value: string) => page.serverTags.filter((el) => el.getAttribute('data-server-meta') === value);
    expect(kinds('page').length + kinds('extra').length).toBe(page.serverTags.length);
    expect(kinds('extra').every((el) => el.matches('link[rel="alternate"], script[type="application/ld+json"]'))).toBe(
      true,
    );
    // index.html's own tags, Vite's included, are kept byte for byte; its <title> is replaced.
    expect(page.html).toContain(VITE_TAGS);
    expect(page.html.startsWith('<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />')).toBe(
      true,
    );
    expect(page.html).not.toContain('<title>Blog</title>');
    expect(page.html.endsWith('<div id="root"></div>\n  </body>\n</html>\n')).toBe(true);
  });

  it('a category page also links to its own feeds', async () => {
    const page = await get('/anime/');
    const hrefs = [...page.document.head.querySelectorAll('link[rel="alternate"]')].map((el) =>
      el.getAttribute('href'),
    );
    expect(hrefs).toEqual([`${SITE}/rss.xml`, `${SITE}/atom.xml`, `${SITE}/anime/rss.xml`, `${SITE}/anime/atom.xml`]);
  });

  it('the home page describes the site and its search as JSON-LD', async () => {
    const page = await get('/');
    expect(page.jsonLd()).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        url: `${SITE}/`,
        name: SITE_NAME,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${SITE}/blog/search/{search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      }),
    ]);
    expect((await get('/about')).jsonLd()).toEqual([]);
  });

  it('search results and pages past the last are not indexed; a page past the last is a 404', async () => {
    const search = await get('/blog/search/zelda%20mario/page/2');
    expect(search.response.status).toBe(200);
    expect(search.meta('robots')).toEqual(['noindex']);
    expect(search.canonical()).toEqual([`${SITE}/blog/search/zelda%20mario/page/2`]);
    expect(search.document.title).toBe(title('Blog'));

    // 18 posts: 2 pages of the blog; 16 games: 2 pages; 1 book: 1 page.
    for (const url of ['/blog/page/3', '/games/page/3', '/books/page/2', '/tv/page/2']) {
      const past = await get(url);
      expect(past.response.status, url).toBe(404);
      expect(past.meta('robots'), url).toEqual(['noindex']);
    }
    // An empty list still has its first page.
    expect((await get('/tv')).response.status).toBe(200);
  });
});

describe('the head of a post page', () => {
  it("carries the post's own title, subtitle and image, as an article", async () => {
    const post = posts[3]!;
    const image = await t.db.prisma.image.findUniqueOrThrow({ where: { id: post.imageId! } });
    // The link preview's cut of the cover (around its focal point, the middle here).
    const imageUrl = `${SITE}/social/${image.storageKey}-50-50.jpg`;
    const page = await get(`/blog/${post.slug}`);
    expect(page.response.status).toBe(200);
    expect(page.document.title).toBe(title(post.title));
    expect(page.meta('description')).toEqual([post.subtitle]);
    expect(page.canonical()).toEqual([`${SITE}/blog/${post.slug}`]);
    expect(page.meta('og:type')).toEqual(['article']);
    expect(page.meta('og:title')).toEqual([title(post.title)]);
    expect(page.meta('og:description')).toEqual([post.subtitle]);
    expect(page.meta('og:image')).toEqual([imageUrl]);
    expect(page.meta('og:image:type')).toEqual(['image/jpeg']);
    expect(page.meta('og:image:width')).toEqual(['1200']);
    expect(page.meta('og:image:height')).toEqual(['630']);
    expect(page.meta('og:image:alt')).toEqual([post.title]);
    expect(page.meta('twitter:image')).toEqual([imageUrl]);

    expect(page.jsonLd()).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.subtitle,
        image: { '@type': 'ImageObject', url: imageUrl, width: 1200, height: 630 },
        datePublished: post.createdAt.toISOString(),
        dateModified: post.updatedAt.toISOString(),
        author: expect.objectContaining({ '@type': 'Person', name: 'Ada Lovelace' }),
        mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}/blog/${post.slug}` },
      }),
    ]);
  });

  it('escapes titles and subtitles that hold markup, quotes or a closing script tag', async () => {
    const page = await get(`/blog/${hostile.slug}`);
    expect(page.document.title).toBe(title(hostile.title));
    expect(page.meta('description')).toEqual([hostile.subtitle]);
    expect(page.meta('og:title')).toEqual([title(hostile.title)]);
    // Nothing broke out: the only scripts are Vite's and the one JSON-LD block.
    expect([...page.document.querySelectorAll('script')].map((el) => el.getAttribute('type')).sort()).toEqual([
      'application/ld+json',
      'module',
    ]);
    expect(page.document.querySelectorAll('b')).toHaveLength(0);
    const [data] = page.jsonLd();
    expect(data).toMatchObject({ headline: hostile.title, description: hostile.subtitle });
    expect(page.html).not.toContain('</script><script>alert');
    // The site name (with quotes, & and <) is escaped the same way.
    expect(page.meta('og:site_name')).toEqual([SITE_NAME]);
  });

  it('falls back to the site as the author when the blog has no admin', async () => {
    const own = await createTestApp({ clientDir, env: { SITE_NAME: 'Solo' } });
    try {
      const [post] = await seedPosts(own.db.prisma, [{ title: 'Alone' }]);
      const response = await own.request(`/blog/${post!.slug}`);
      const { document } = new JSDOM(await response.text()).window;
      const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
      expect(data.author).toEqual({ '@type': 'Organization', name: 'Solo', url: `${SITE}/` });
    } finally {
      await own.dispose();
    }
  });
});

describe('unknown pages and form screens', () => {
  it.each([
    ['/no/such/page', SCREEN_TEXTS.notFound],
    ['/error', SCREEN_TEXTS.notFound],
    ['/index.html', SCREEN_TEXTS.notFound],
    ['/blog/page/0', SCREEN_TEXTS.notFound],
    ['/blog/page/abc', SCREEN_TEXTS.notFound],
    ['/games/page/1.5', SCREEN_TEXTS.notFound],
    ['/blog/search/zelda/page', SCREEN_TEXTS.notFound],
    ['/blog/0190f0e0-0000-7000-8000-000000000000', SCREEN_TEXTS.missingPost],
    ['/blog/not-an-id', SCREEN_TEXTS.missingPost],
  ])('%s is the client page with a 404 and noindex', async (url, text) => {
    const page = await get(url);
    expect(page.response.status).toBe(404);
    expect(page.html).toContain('<div id="root"></div>');
    expect(page.html).toContain(VITE_TAGS);
    expect(page.document.title).toBe(title(text.title));
    expect(page.meta('description')).toEqual([text.description]);
    expect(page.meta('robots')).toEqual(['noindex']);
    expect(page.jsonLd()).toEqual([]);
  });

  it('keeps a path that starts with two slashes on this site in the canonical link', async () => {
    const page = await get(`${SITE}//evil.example/x`);
    expect(page.response.status).toBe(404);
    expect(page.canonical()).toEqual([`${SITE}//evil.example/x`]);
  });

  it.each([
    ['/login', 'Login', '/login'],
    ['/profile', 'Profile', '/profile'],
    ['/new', 'New post', '/new'],
    ['/new-upcoming', 'New Currently card', '/new-upcoming'],
    ['/show-upcoming', 'Currently', '/show-upcoming'],
    ['/admin/posts', 'Posts', '/admin/posts'],
    ['/Login/', 'Login', '/login'],
  ])('%s is noindex and never cached', async (url, screenTitle, canonicalPath) => {
    const page = await get(url);
    expect(page.response.status).toBe(200);
    expect(page.document.title).toBe(title(screenTitle));
    expect(page.canonical()).toEqual([`${SITE}${canonicalPath}`]);
    expect(page.meta('robots')).toEqual(['noindex']);
    expect(page.response.headers.get('cache-control')).toBe('no-store');
    expect(page.response.headers.get('etag')).toBeNull();
  });

  it('the edit screen of a post is noindex and never cached', async () => {
    const page = await get(`/blog/${posts[0]!.id}/edit`);
    expect(page.response.status).toBe(200);
    expect(page.document.title).toBe(title('Edit post'));
    expect(page.meta('robots')).toEqual(['noindex']);
    expect(page.response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a database that cannot be reached', () => {
  it('still serves the bare client page, as a 503 that nobody stores', async () => {
    const own = await createTestApp({ clientDir });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // As the database driver fails when its server is gone (closing a real pool here would leave the
    // test's own clean-up without a connection to drop its database).
    vi.spyOn(own.app.services.seo, 'listSize').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    try {
      const response = await own.request('/blog');
      expect(response.status).toBe(503);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('retry-after')).toBe('60');
      expect(await response.text()).toBe(INDEX);
      expect(logged).toHaveBeenCalledWith('Could not build the head of /blog:', expect.anything());
    } finally {
      vi.restoreAllMocks();
      await own.dispose();
    }
  });
});

describe('caching of pages', () => {
  // Revalidated on every visit: a page names the build's hashed files, and one kept after a deploy
  // would load files the deploy removed.
  it('gives a public page a weak ETag, revalidated on every visit, and answers a match with 304', async () => {
    const first = await get(`/blog/${posts[0]!.slug}`);
    const etag = first.response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.response.headers.get('cache-control')).toBe('no-cache');
    expect(first.response.headers.get('vary')).toBe('Cookie, Accept-Encoding');

    const again = await t.request(`/blog/${posts[0]!.slug}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');

    // Another page, or the same one after a change, has another tag.
    expect((await get('/blog')).response.headers.get('etag')).not.toBe(etag);
    await t.db.prisma.post.update({ where: { id: posts[0]!.id }, data: { subtitle: 'Changed' } });
    const changed = await t.request(`/blog/${posts[0]!.slug}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Changed');
  });

  it('a 404 page is validated too', async () => {
    const page = await get('/no/such/page');
    expect(page.response.headers.get('etag')).toMatch(/^W\//);
    const again = await t.request('/no/such/page', {
      headers: { 'if-none-match': page.response.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('never caches a page for a request that carries a session', async () => {
    const { cookie } = await t.signIn();
    const page = await get('/blog', { cookie });
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('cache-control')).toBe('no-store');
    expect(page.response.headers.get('etag')).toBeNull();
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await t.request('/about', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^W\//);
    expect(await response.text()).toBe('');
  });
});
