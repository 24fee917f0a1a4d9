// The RSS 2.0 and Atom feeds, parsed as a strict XML parser (jsdom's) reads them and checked against
// the elements each format requires.
import { statSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../server/generated/prisma/client.ts';
import { ImageStore } from '../../server/modules/media/image-store.ts';
import { seedPosts, uploadPost } from '../support/content.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const SITE = 'http://blog.test';
const ATOM = 'http://www.w3.org/2005/Atom';
const CONTENT = 'http://purl.org/rss/1.0/modules/content/';
const { DOMParser } = new JSDOM('').window;

let t: TestApp;
let seeded: Post[];
let uploaded: { id: string; slug: string; image: { url: string; width: number; height: number } };
let tricky: Post;

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_NAME: 'Pixel & Co' } });
  const admin = await t.signIn({ isAdmin: true, name: 'Ada' });
  // 24 older posts without files, one with characters XML refuses and a ']]>' in its content, then
  // one uploaded through the API (the newest, with real image files).
  seeded = await seedPosts(t.db.prisma, [
    ...Array.from({ length: 24 }, (_, i) => ({
      title: `Post ${i + 1}`,
      category: i % 2 === 0 ? ('game' as const) : ('book' as const),
    })),
  ]);
  tricky = (
    await seedPosts(t.db.prisma, [
      {
        title: 'Bell \u0007 & <tags>',
        subtitle: 'Quotes "here"',
        content: '<p>A ]]> in the text, a <a href="/blog">relative link</a> and <strong>bold</strong>.</p>',
        category: 'anime',
        createdAt: new Date(Date.UTC(2026, 0, 2)),
      },
    ])
  )[0]!;
  const { body } = await uploadPost(t, admin.cookie, {
    title: 'Uploaded',
    subtitle: 'With a real image',
    content: '<p>Real words here.</p>',
    category: 'TV',
  });
  uploaded = { ...body.data.createPost, image: body.data.createPost.image! };
});
afterAll(() => t.dispose());

function parseXml(text: string): Document {
  const document = new DOMParser().parseFromString(text, 'text/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`Not well-formed XML: ${error.textContent}`);
  return document;
}

const child = (parent: Element, name: string) => [...parent.children].find((el) => el.tagName === name);
const text = (parent: Element, name: string) => child(parent, name)?.textContent ?? null;

async function fetchFeed(url: string, type: string) {
  const response = await t.request(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
  return { response, document: parseXml(await response.text()) };
}

function imageFileSize(url: string): number {
  return statSync(path.join(t.dataDir, 'uploads', url.replace(/^\/uploads\//, ''))).size;
}

describe(`the RSS 2.0 feed (${testDbKind})`, () => {
  it('is valid RSS 2.0 with the 20 newest posts, newest first', async () => {
    const { document } = await fetchFeed('/rss.xml', 'application/rss+xml');
    const rss = document.documentElement;
    expect(rss.tagName).toBe('rss');
    expect(rss.getAttribute('version')).toBe('2.0');
    const channel = child(rss, 'channel')!;
    expect(text(channel, 'title')).toBe('Pixel & Co');
    expect(text(channel, 'link')).toBe(`${SITE}/`);
    expect(text(channel, 'description')).toMatch(/games, anime, TV shows and books/);
    const self = channel.getElementsByTagNameNS(ATOM, 'link')[0]!;
    expect([self.getAttribute('rel'), self.getAttribute('href')]).toEqual(['self', `${SITE}/rss.xml`]);

    const items = [...channel.getElementsByTagName('item')];
    expect(items).toHaveLength(20);
    // The anime post (2 January) is newer than the 24 (1 January); U+0007 is left out of the XML.
    const expectedTitles = ['Uploaded', 'Bell  & <tags>', ...seeded.map((post) => post.title).reverse()].slice(0, 20);
    expect(items.map((item) => text(item, 'title'))).toEqual(expectedTitles);
    for (const item of items) {
      // RSS 2.0 requires a title or a description on each item; these carry both, and the rest.
      for (const name of ['title', 'link', 'guid', 'pubDate', 'description', 'enclosure']) {
        expect(child(item, name), name).toBeDefined();
      }
      expect(text(item, 'link')).toMatch(new RegExp(`^${SITE}/blog/[a-z0-9-]+$`));
      expect(text(item, 'guid')).toBe(text(item, 'link'));
      expect(Number.isNaN(Date.parse(text(item, 'pubDate')!))).toBe(false);
      expect(text(item, 'pubDate')).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
      expect(item.getElementsByTagNameNS(CONTENT, 'encoded')).toHaveLength(1);
    }
  });

  it("gives a post's link, date, subtitle, full content and image", async () => {
    const { document } = await fetchFeed('/rss.xml', 'application/rss+xml');
    const item = [...document.getElementsByTagName('item')].find((el) => text(el, 'title') === 'Uploaded')!;
    const post = await t.db.prisma.post.findUniqueOrThrow({ where: { id: uploaded.id } });
    expect(text(item, 'link')).toBe(`${SITE}/blog/${post.slug}`);
    expect(new Date(text(item, 'pubDate')!).getTime()).toBe(Math.floor(post.createdAt.getTime() / 1000) * 1000);
    expect(text(item, 'description')).toBe('With a real image');
    expect(text(item, 'category')).toBe('TV');
    expect(item.getElementsByTagNameNS(CONTENT, 'encoded')[0]!.textContent).toBe(post.content);
    const enclosure = child(item, 'enclosure')!;
    expect(enclosure.getAttribute('url')).toBe(`${SITE}${uploaded.image.url}`);
    expect(enclosure.getAttribute('type')).toBe('image/webp');
    expect(Number(enclosure.getAttribute('length'))).toBe(imageFileSize(uploaded.image.url));
    const media = item.getElementsByTagNameNS('http://search.yahoo.com/mrss/', 'content')[0]!;
    expect([media.getAttribute('url'), media.getAttribute('width'), media.getAttribute('height')]).toEqual([
      `${SITE}${uploaded.image.url}`,
      String(uploaded.image.width),
      String(uploaded.image.height),
    ]);
  });

  it('stays well-formed with markup, quotes, "]]>" and control characters in a post', async () => {
    const { document } = await fetchFeed('/anime/rss.xml', 'application/rss+xml');
    const [item] = [...document.getElementsByTagName('item')];
    // U+0007 cannot appear in XML at all: it is left out; the rest comes through as written.
    expect(text(item!, 'title')).toBe('Bell  & <tags>');
    expect(text(item!, 'description')).toBe('Quotes "here"');
    expect(item!.getElementsByTagNameNS(CONTENT, 'encoded')[0]!.textContent).toBe(
      `<p>A ]]> in the text, a <a href="${SITE}/blog">relative link</a> and <strong>bold</strong>.</p>`,
    );
    expect(tricky.title).toContain('\u0007');
  });
});

describe('the Atom feed', () => {
  it('is valid Atom 1.0 with the 20 newest posts', async () => {
    const { document } = await fetchFeed('/atom.xml', 'application/atom+xml');
    const feed = document.documentElement;
    expect([feed.namespaceURI, feed.localName]).toEqual([ATOM, 'feed']);
    // Atom requires id, title and updated on the feed, and an author on the feed or every entry.
    expect(text(feed, 'id')).toBe(`${SITE}/atom.xml`);
    expect(text(feed, 'title')).toBe('Pixel & Co');
    expect(child(child(feed, 'author')!, 'name')!.textContent).toBe('Ada');
    const links = [...feed.children].filter((el) => el.tagName === 'link');
    expect(links.map((el) => [el.getAttribute('rel'), el.getAttribute('href')])).toEqual([
      ['self', `${SITE}/atom.xml`],
      ['alternate', `${SITE}/`],
    ]);

    const entries = [...feed.getElementsByTagName('entry')];
    expect(entries).toHaveLength(20);
    const newest = await t.db.prisma.post.findUniqueOrThrow({ where: { id: uploaded.id } });
    expect(text(feed, 'updated')).toBe(newest.updatedAt.toISOString());
    for (const entry of entries) {
      for (const name of ['id', 'title', 'updated', 'published', 'summary', 'content']) {
        expect(child(entry, name), name).toBeDefined();
      }
      expect(text(entry, 'updated')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const alternate = [...entry.children].find(
        (el) => el.tagName === 'link' && el.getAttribute('rel') === 'alternate',
      );
      expect(alternate!.getAttribute('href')).toBe(text(entry, 'id'));
      expect(child(entry, 'content')!.getAttribute('type')).toBe('html');
    }
    const first = entries[0]!;
    expect(text(first, 'title')).toBe('Uploaded');
    expect(text(first, 'summary')).toBe('With a real image');
    expect(text(first, 'content')).toBe(newest.content);
    expect(text(first, 'published')).toBe(newest.createdAt.toISOString());
    const enclosure = [...first.children].find((el) => el.getAttribute('rel') === 'enclosure')!;
    expect(Number(enclosure.getAttribute('length'))).toBe(imageFileSize(uploaded.image.url));
  });
});

describe('the category feeds', () => {
  it.each([
    ['games', 'game', 12],
    ['books', 'book', 12],
    ['anime', 'anime', 1],
    ['tv', 'tv', 1],
  ])('/%s/rss.xml and /%s/atom.xml hold only that category', async (path, category, count) => {
    const rss = (await fetchFeed(`/${path}/rss.xml`, 'application/rss+xml')).document;
    const atom = (await fetchFeed(`/${path}/atom.xml`, 'application/atom+xml')).document;
    const channel = rss.getElementsByTagName('channel')[0]!;
    expect(text(channel, 'link')).toBe(`${SITE}/${path}`);
    expect(text(channel, 'title')).toMatch(/ \| Pixel & Co$/);
    const items = [...rss.getElementsByTagName('item')];
    expect(items).toHaveLength(count);
    const slugs = items.map((item) => text(item, 'link')!.split('/').pop()!);
    const rows = await t.db.prisma.post.findMany({ where: { slug: { in: slugs } }, select: { category: true } });
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set([category]));
    expect(atom.getElementsByTagName('entry')).toHaveLength(count);
    expect(child(atom.documentElement, 'id')!.textContent).toBe(`${SITE}/${path}/atom.xml`);
  });

  it('an empty site still has valid feeds', async () => {
    const empty = await createTestApp();
    try {
      for (const url of ['/rss.xml', '/atom.xml', '/tv/rss.xml']) {
        const response = await empty.request(url);
        expect(response.status).toBe(200);
        const document = parseXml(await response.text());
        expect(document.getElementsByTagName('item')).toHaveLength(0);
        expect(document.getElementsByTagName('entry')).toHaveLength(0);
      }
      const atom = parseXml(await (await empty.request('/atom.xml')).text());
      // No admin: the site is the author.
      expect(child(child(atom.documentElement, 'author')!, 'name')!.textContent).toBe('My Blog');
    } finally {
      await empty.dispose();
    }
  });
});

describe('caching of feeds', () => {
  it('answers with a weak ETag, revalidated on every use, and 304 when nothing changed', async () => {
    const first = await t.request('/rss.xml');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await t.request('/rss.xml', { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await t.db.prisma.post.update({ where: { id: uploaded.id }, data: { title: 'Renamed' } });
    const changed = await t.request('/rss.xml', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('<title>Renamed</title>');
  });

  it('enclosure URLs are the files the site serves', async () => {
    const image = await t.db.prisma.image.findFirstOrThrow({ where: { post: { id: uploaded.id } } });
    const url = ImageStore.url(image.storageKey, image.variantWidths.at(-1)!);
    expect(url).toBe(uploaded.image.url);
    expect((await t.request(url)).status).toBe(200);
  });
});
