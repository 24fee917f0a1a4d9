// Issue 39: importing another blog's export, on both databases, with the real exports no one here
// wrote (../shared/fixtures/imports): WordPress's theme unit test data and a fresh Ghost 6's export.
// What a reader then sees (titles, dates, addresses, statuses, categories, tags, pictures with
// their alt text and captions), the old addresses answering 301, a second import adding nothing,
// and bad input refused with its message and nothing written.
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  mkdirSync,
  readdirSync,
  rmSync,
  writeFileSync,
  truncateSync,
  cpSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importMessages } from '#kernel/import-rules.ts';
import { MARKDOWN_EXPORT_PATH } from '#kernel/route-paths.ts';
import { openPictureSource, pathCandidates } from '../../server/modules/import/picture-source.ts';
import { exportMarkdown } from '../../server/modules/import/markdown-export.ts';
import { plainText } from '../../server/modules/import/import-source.ts';
import { appsForFile, appWithAdmin } from '../support/fixtures.ts';
import { sharedFixture } from '../support/shared-fixtures.ts';
import { testDbKind } from '../support/test-database.ts';
import type { TestApp } from '../support/test-app.ts';
import { zipOf } from '../support/zip-writer.ts';

const WORDPRESS = sharedFixture('imports/wordpress-theme-unit-test.xml');
const GHOST = sharedFixture('imports/ghost-6-export.json');
const GHOST_IMAGES = sharedFixture('imports/ghost-6-images');

const POST = `query ($slug: String!) {
  post(slug: $slug) { title slug status publishedAt category description imageAlt content image { url } tags { name slug } }
}`;

/** Everything an import writes: rows of every kind, and the image files. */
async function written(t: TestApp) {
  const { prisma } = t.db;
  const uploads = path.join(t.dataDir, 'uploads');
  const files = existsSync(uploads)
    ? readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
    : 0;
  return {
    posts: await prisma.post.count(),
    pages: await prisma.page.count(),
    tags: await prisma.tag.count(),
    images: await prisma.image.count(),
    redirects: await prisma.redirect.count(),
    imported: await prisma.importedItem.count(),
    pending: await prisma.pendingImageFiles.count(),
    files,
  };
}

/** The Location of a redirect, or the status when the answer is not one. */
async function redirectOf(t: TestApp, pathAndQuery: string): Promise<string> {
  const response = await t.request(pathAndQuery, { redirect: 'manual' });
  return response.status === 301
    ? new URL(response.headers.get('location')!, 'http://x').pathname
    : `${response.status}`;
}

describe(`importing exports on ${testDbKind}`, () => {
  const site = appWithAdmin();
  const scratch = mkdtempSync(path.join(tmpdir(), 'site-import-'));
  /** A post as the admin reads it (drafts too); `asReader`: as anyone, null unless it is public. */
  const read = async (slug: string, { asReader = false } = {}) => {
    const result = await site.t.graphql(POST, { slug }, asReader ? {} : { cookie: site.admin });
    expect(result.errors).toBeUndefined();
    return result.data.post;
  };
  /** The post as the admin reads it, checked to have these fields. */
  const readMatching = async (slug: string, fields: Record<string, unknown>) => {
    const post = await read(slug);
    expect(post).toMatchObject(fields);
    return post;
  };
  /** A post's page as a reader gets it: its status and its head's title. */
  const pageOf = async (url: string) => {
    const response = await site.t.request(url);
    return { status: response.status, title: /<title[^>]*>([^<]*)<\/title>/.exec(await response.text())?.[1] };
  };
  /** A reader gets the post as the admin reads it, and its page, titled. */
  const expectPublic = async (post: { slug: string; title: string }) => {
    expect(await read(post.slug, { asReader: true })).toEqual(post);
    expect(await pageOf(`/blog/${post.slug}`)).toEqual({ status: 200, title: `${post.title} | My Blog` });
  };

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  describe('bad input is refused with its message and writes nothing', () => {
    let before: Awaited<ReturnType<typeof written>>;
    beforeAll(async () => {
      before = await written(site.t);
    });
    const file = (name: string, content: string | Buffer) => {
      const at = path.join(scratch, name);
      mkdirSync(path.dirname(at), { recursive: true });
      writeFileSync(at, content);
      return at;
    };

    test('malformed XML or JSON, a file of another kind, a file too large', async () => {
      const imports = site.t.app.services.imports;
      const truncated = file('cut.xml', readFileSync(WORDPRESS, 'utf8').slice(0, 20_000));
      await expect(imports.run(truncated)).rejects.toThrow(/^The WordPress export is not well-formed XML: /);
      await expect(imports.run(file('cut.json', '{"db": [{"data": {"posts": ['))).rejects.toThrow(
        /^The Ghost export is not valid JSON: /,
      );
      const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      await expect(imports.run(file('photo.xml', picture))).rejects.toThrow(importMessages.notAnExport);
      await expect(imports.run(file('page.xml', '<html><body>Hi</body></html>'))).rejects.toThrow(
        importMessages.notAnExport,
      );
      await expect(imports.run(file('other.json', '{"posts": []}'))).rejects.toThrow(importMessages.notAnExport);
      // 2 GB, as a sparse file: refused from its size, before a byte is read.
      const huge = file('huge.xml', '<?xml version="1.0"?>');
      truncateSync(huge, 2 * 1024 * 1024 * 1024);
      await expect(imports.run(huge)).rejects.toThrow(importMessages.tooLarge(512));
      expect(await written(site.t)).toEqual(before);
    });

    test('a zip bomb and a zip entry outside its folder are refused before anything is unpacked', async () => {
      const bomb = file(
        'bomb.zip',
        zipOf([{ name: '2026/11/quokka-feature.jpg', data: Buffer.alloc(64 * 1024 * 1024), deflate: true }]),
      );
      await expect(openPictureSource(bomb)).rejects.toThrow(importMessages.zipTooLarge);
      const escape = file('escape.zip', zipOf([{ name: '../../etc/quokka-feature.jpg', data: Buffer.from('x') }]));
      await expect(openPictureSource(escape)).rejects.toThrow(
        importMessages.zipUnsafePath('../../etc/quokka-feature.jpg'),
      );
      expect(await written(site.t)).toEqual(before);
    });

    test('a picture that is not one fails the whole import, its files and rows gone', async () => {
      const folder = path.join(scratch, 'fake-images');
      cpSync(GHOST_IMAGES, folder, { recursive: true });
      // The cover is text, the map (earlier in the export) a real picture that is stored first.
      writeFileSync(path.join(folder, '2026/11/quokka-feature.jpg'), 'not a picture at all');
      const pictures = await openPictureSource(folder);
      await expect(site.t.app.services.imports.run(GHOST, { pictures })).rejects.toThrow(
        /^2026\/11\/quokka-feature\.jpg is not a picture this site can store: /,
      );
      expect(await written(site.t)).toEqual(before);
    });
  });

  describe("WordPress's theme unit test data", () => {
    const pictures = path.join(scratch, 'wordpress-uploads');
    beforeAll(async () => {
      // The export names its pictures on wordpress.com and ships none: a stand-in for each, at its path.
      const preview = await site.t.app.services.imports.preview(WORDPRESS);
      const urls = new Set(preview.unresolved.flatMap((item) => item.urls));
      const jpeg = await sharp({ create: { width: 160, height: 100, channels: 3, background: '#36c' } })
        .jpeg()
        .toBuffer();
      for (const url of urls) {
        const relative = pathCandidates(url)[0]!;
        mkdirSync(path.join(pictures, path.dirname(relative)), { recursive: true });
        writeFileSync(path.join(pictures, relative), jpeg);
      }
    });

    test('imports posts, pages, categories and tags, pictures and old addresses, once', async () => {
      const imports = site.t.app.services.imports;
      const preview = await imports.preview(WORDPRESS);
      expect(preview).toMatchObject({ format: 'wordpress', posts: 58, pages: 21, comments: 33, alreadyImported: 0 });
      // Unknown categories become tags by default; WordPress's Uncategorized nothing.
      expect(preview.categories.find((category) => category.slug === 'classic')).toMatchObject({ target: 'tag' });
      expect(preview.categories.find((category) => category.slug === 'uncategorized')).toMatchObject({
        target: 'skip',
      });
      // The site's own About page has the address the export's About page had.
      expect(preview.existingSlugs).toContain('about');
      // Nothing about galleries is lost: each [gallery] shows the pictures it names or the post's own.
      expect(JSON.stringify(preview.warnings)).not.toContain('gallery');

      const report = await imports.run(WORDPRESS, {
        pictures: await openPictureSource(pictures),
        mapping: { classic: 'game', block: 'book', 'post-formats': 'anime' },
        fallbackCategory: 'tv',
      });
      expect(report.created).toMatchObject({ posts: 58, pages: 21, comments: 24 });
      expect(report.unresolved).toEqual([]);

      // Comments (issue 38): the posts' approved and held ones, not pingbacks, trackbacks or the
      // pages' (pages have none here); a thread ten comments deep hangs one level under its start.
      const { prisma } = site.t.db;
      const thread = await prisma.comment.findMany({
        where: { post: { slug: 'template-comments' } },
        orderBy: { id: 'asc' },
      });
      expect(thread).toHaveLength(20);
      expect(thread.filter((comment) => comment.status === 'held').map((comment) => comment.text)).toEqual([
        'this is test comment\n\nFeeling testy?',
      ]);
      const start = thread.find((comment) => comment.text === 'Comment Depth 01')!;
      const replies = thread.filter((comment) => comment.parentId !== null);
      expect(replies.map((comment) => comment.parentId)).toEqual(Array(9).fill(start.id));
      expect(replies.at(-1)).toMatchObject({ text: 'Comment Depth 10\n\nAlso an author comment.', isAuthor: true });
      expect(thread.filter((comment) => comment.isAuthor)).toHaveLength(4);
      // Plain text, as a comment here is: the tags of the first are gone, its words kept.
      const first = thread.find((comment) => comment.name === 'John Γιάννης Doe Κάποιος')!;
      expect(first.text).toMatch(/^Headings\n/);
      for (const tag of ['<strong>', '<h1>', '</h1>', '<table>', '<td>']) expect(first.text).not.toContain(tag);
      // What the commenter wrote as text (an escaped tag name) stays text.
      expect(first.text).toContain('The HTML <blockquote> Element');
      expect(first).toMatchObject({ email: 'example@example.org', status: 'approved' });
      expect(await prisma.comment.count({ where: { post: { slug: 'template-pingbacks-an-trackbacks' } } })).toBe(1);
      expect(await prisma.comment.count()).toBe(24);

      // A classic post: its [caption] shortcode is a picture with its alt text and caption.
      const linked = await readMatching('post-format-image-linked', {
        title: 'Post Format: Image (Linked)',
        status: 'PUBLISHED',
        publishedAt: '2010-08-06T15:09:39.000Z',
        category: 'GAME',
      });
      expect(linked.image).not.toBeNull();
      expect(linked.content).toMatch(
        /<figure><img src="\/uploads\/[^"]+" [^>]*alt="chunk of resinous blackboy husk"[^>]*><figcaption>Chunk of resinous blackboy husk, Clarkson, Western Australia\. This burns like a spinifex log\.<\/figcaption><\/figure>/,
      );
      await expectPublic(linked);

      // A block-editor post: its image blocks are pictures with captions, its category Block → book.
      const blocks = await read('media-category-blocks');
      expect(blocks).toMatchObject({ status: 'PUBLISHED', category: 'BOOK' });
      expect(blocks.content).toMatch(/alt="Golden Gate Bridge"[^>]*><figcaption>Golden Gate Bridge<\/figcaption>/);
      // Its table block is a table, its caption the paragraph after it.
      const text = await read('text-category-blocks');
      expect(text.content).toContain(
        '<table><tbody><tr><td>table cell</td><td>table cell two</td></tr><tr><td>table cell three</td><td>table cell four</td></tr></tbody></table><p>Table caption</p>',
      );

      const gallery = await read('post-format-gallery');
      expect(gallery.content.match(/<figure>/g)?.length).toBeGreaterThanOrEqual(10);

      // Statuses: a draft stays one, a password-protected post becomes one; readers see neither.
      expect(await read('draft')).toMatchObject({ status: 'DRAFT', publishedAt: null });
      expect(await read('template-password-protected')).toMatchObject({ status: 'DRAFT' });
      expect(await read('draft', { asReader: true })).toBeNull();
      expect((await site.t.request('/blog/draft')).status).toBe(404);
      // Tags: its categories mapped to tags, then its tags, at most ten, in the export's order.
      const many = await read('edge-case-many-tags');
      expect(many.tags).toHaveLength(10);
      expect(many.tags.slice(0, 2)).toEqual([
        { name: 'Edge Case', slug: 'edge-case' },
        { name: '8BIT', slug: '8bit' },
      ]);

      // Old addresses lead to the new ones; WordPress's /?p= ones even once the home page is cached.
      expect((await site.t.request('/')).status).toBe(200);
      expect(await redirectOf(site.t, '/?p=568')).toBe('/blog/post-format-image-linked');
      expect(await redirectOf(site.t, '/2010/08/06/post-format-image-linked/')).toBe('/blog/post-format-image-linked');
      expect(await redirectOf(site.t, '/?page_id=1133')).toBe('/page-image-alignment');
      expect(await redirectOf(site.t, '/about/page-image-alignment/')).toBe('/page-image-alignment');
      expect(await pageOf('/page-image-alignment')).toEqual({ status: 200, title: 'Page Image Alignment | My Blog' });
      expect(await redirectOf(site.t, '/category/classic/')).toBe('/games');
      expect(await redirectOf(site.t, '/category/edge-case-2/')).toBe('/tag/edge-case');
      expect(await redirectOf(site.t, '/tag/captions-2/')).toBe('/tag/captions');
      expect(await redirectOf(site.t, '/feed/')).toBe('/rss.xml');

      // Again: nothing new.
      const before = await written(site.t);
      const again = await imports.run(WORDPRESS, { pictures: await openPictureSource(pictures) });
      expect(again.created).toEqual({ posts: 0, pages: 0, tags: 0, pictures: 0, redirects: 0, comments: 0 });
      expect(again.alreadyImported).toBe(79);
      expect(await prisma.comment.count()).toBe(24);
      expect(await written(site.t)).toEqual(before);
    });
  });

  describe('a Ghost 6 export with its images', () => {
    test('imports posts, pages, tags, the cover with its alt text and the pictures with captions, once', async () => {
      const imports = site.t.app.services.imports;
      const pictures = await openPictureSource(GHOST_IMAGES);
      const preview = await imports.preview(GHOST, { pictures });
      expect(preview).toMatchObject({ format: 'ghost', posts: 5, pages: 2, pictures: 3, comments: 0 });
      expect(preview.categories.map(({ name, target }) => [name, target])).toEqual([
        ['News', 'tag'],
        ['Games', 'game'],
        ['Zelda', 'tag'],
      ]);
      // Ghost's default post names a picture on static.ghost.org, which no folder holds.
      expect(preview.unresolved).toEqual([
        { title: 'Coming soon', urls: ['https://static.ghost.org/v4.0.0/images/feature-image.jpg'] },
      ]);

      const report = await imports.run(GHOST, { pictures, fallbackCategory: 'anime' });
      // The map in the text and the cover; Ghost's own picture was not found.
      expect(report.created).toMatchObject({ posts: 5, pages: 2, pictures: 2 });

      const day = await readMatching('a-day-on-rottnest-island', {
        title: 'A Day on Rottnest Island',
        status: 'PUBLISHED',
        publishedAt: '2026-11-20T09:00:00.000Z',
        imageAlt: 'A quokka smiling at the camera',
        category: 'ANIME',
      });
      expect(day.content).toMatch(
        /^<p>We took the ferry out to Rottnest to meet the locals\.<\/p><figure><img src="\/uploads\/[^"]+"[^>]* width="1200" height="800" alt="Map of Rottnest Island"[^>]*><figcaption>The island, roughly to scale\.<\/figcaption><\/figure><p>Bring water, and do not feed the quokkas\.<\/p>$/,
      );
      await expectPublic(day);

      // The Games tag stands for the category; the other tag stays one; the custom excerpt is the description.
      expect(await read('totk-one-year-later')).toMatchObject({
        category: 'GAME',
        tags: [{ name: 'Zelda', slug: 'zelda' }],
        description: 'We go back to Hyrule a year on and ask whether the building system still holds up.',
        // No picture at all: it waits as a draft for its cover.
        status: 'DRAFT',
      });
      const formatting = await read('formatting-field-guide-for-quokka-reviews');
      expect(formatting.content).toContain('<h2 id="what-we-review">What we review</h2>');
      expect(formatting.content).toContain('<pre><code class="language-javascript">');
      expect(formatting.content).toContain('<blockquote>');
      expect(await read('draft-best-handheld-consoles-of-the-year')).toMatchObject({ status: 'DRAFT' });
      expect(await pageOf('/now')).toEqual({ status: 200, title: 'Now | My Blog' });

      expect(await redirectOf(site.t, '/a-day-on-rottnest-island/')).toBe('/blog/a-day-on-rottnest-island');
      expect(await redirectOf(site.t, '/rss/')).toBe('/rss.xml');

      const before = await written(site.t);
      const again = await imports.run(GHOST, { pictures: await openPictureSource(GHOST_IMAGES) });
      expect(again.created).toEqual({ posts: 0, pages: 0, tags: 0, pictures: 0, redirects: 0, comments: 0 });
      expect(await written(site.t)).toEqual(before);
    });
  });
});

describe(`the Markdown export on ${testDbKind}`, () => {
  const apps = appsForFile({ source: {}, target: {} });
  const scratch = mkdtempSync(path.join(tmpdir(), 'markdown-export-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** What a reader can tell of every post and page: the same after the round trip (pictures by their words). */
  async function siteOf(t: TestApp) {
    const { prisma } = t.db;
    const posts = await prisma.post.findMany({
      orderBy: { slug: 'asc' },
      include: { image: true, tags: { include: { tag: true }, orderBy: { position: 'asc' } }, pictures: true },
    });
    const pages = await prisma.page.findMany({ orderBy: { slug: 'asc' }, include: { pictures: true } });
    const captions = (html: string) =>
      [...html.matchAll(/<figcaption>([^<]*)<\/figcaption>/g)].map((match) => match[1]);
    return {
      posts: posts.map((post) => ({
        slug: post.slug,
        title: post.title,
        subtitle: post.subtitle,
        status: post.status,
        publishedAt: post.publishedAt,
        category: post.category,
        description: post.description,
        tags: post.tags.map(({ tag }) => tag.name),
        cover: post.image && { width: post.image.width, height: post.image.height, alt: post.imageAlt },
        text: plainText(post.content),
        pictures: post.pictures.length,
        captions: captions(post.content),
      })),
      pages: pages.map((page) => ({
        slug: page.slug,
        title: page.title,
        status: page.status,
        text: plainText(page.content),
        pictures: page.pictures.length,
      })),
    };
  }

  test('export then import into an empty site gives back the same posts, pages, tags, pictures and addresses', async () => {
    const { source, target } = apps;
    await source.app.services.imports.run(GHOST, {
      pictures: await openPictureSource(GHOST_IMAGES),
      fallbackCategory: 'book',
    });
    // A post renamed since it was published keeps its former address.
    const day = await source.db.prisma.post.findUniqueOrThrow({ where: { slug: 'a-day-on-rottnest-island' } });
    await source.db.prisma.postSlugRedirect.create({ data: { slug: 'rottnest', postId: day.id } });

    // The studio's download: the admin's alone.
    expect((await source.request(MARKDOWN_EXPORT_PATH)).status).toBe(401);
    const { cookie } = await source.signIn({ isAdmin: true });
    const download = await source.request(MARKDOWN_EXPORT_PATH, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="blog-markdown-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = path.join(scratch, 'site.zip');
    writeFileSync(zip, Buffer.from(await download.arrayBuffer()));
    // The command writes the same: five posts, the six pages, the two pictures.
    const again = path.join(scratch, 'again.zip');
    expect(await exportMarkdown(source.db.prisma, source.app.services.images, again)).toEqual({
      posts: 5,
      pages: 6,
      pictures: 2,
    });

    const report = await target.app.services.imports.run(zip);
    // The target's own four pages are the same as the source's: kept, not imported twice.
    expect(report).toMatchObject({ format: 'markdown', alreadyImported: 4, unresolved: [] });
    expect(report.created).toMatchObject({ posts: 5, pages: 2, pictures: 2 });
    const [before, after] = [await siteOf(source), await siteOf(target)];
    expect(after).toEqual(before);
    expect(after.posts.find((post) => post.slug === 'a-day-on-rottnest-island')).toMatchObject({
      status: 'PUBLISHED',
      captions: ['The island, roughly to scale.'],
      cover: { alt: 'A quokka smiling at the camera' },
    });
    const moved = await target.request('/blog/rottnest', { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/blog/a-day-on-rottnest-island']);
  });
});

describe(`Markdown folders as static site generators keep them, on ${testDbKind}`, () => {
  const site = appWithAdmin();
  const folder = mkdtempSync(path.join(tmpdir(), 'jekyll-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('a Jekyll post (date in its file name, categories, a site-wide picture) and an Astro draft', async () => {
    const write = (relative: string, content: string | Buffer) => {
      mkdirSync(path.join(folder, path.dirname(relative)), { recursive: true });
      writeFileSync(path.join(folder, relative), content);
    };
    write(
      'assets/img/cover.png',
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a52' } })
        .png()
        .toBuffer(),
    );
    write(
      '_posts/2024-05-17-hello-world.md',
      '---\ntitle: "Hello, world"\ncategories: [Books, notes]\ntags: reading\nimage: /assets/img/cover.png\nexcerpt: A first post.\n---\nSome *words* and a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    write('src/content/blog/later.md', '---\ntitle: Later\npubDate: 2024-06-01\ndraft: true\n---\nNot yet.\n');
    write('README.md', '# Not a post\n');
    const report = await site.t.app.services.imports.run(folder);
    expect(report.created).toMatchObject({ posts: 2, pages: 0, pictures: 1 });
    const result = await site.t.graphql(POST, { slug: 'hello-world' });
    expect(result.data.post).toMatchObject({
      title: 'Hello, world',
      status: 'PUBLISHED',
      publishedAt: '2024-05-17T00:00:00.000Z',
      category: 'BOOK',
      tags: [{ name: 'notes' }, { name: 'reading' }],
      description: 'A first post.',
    });
    expect(result.data.post.image).not.toBeNull();
    expect(result.data.post.content).toContain(
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    );
    const later = await site.t.graphql(POST, { slug: 'later' }, { cookie: site.admin });
    expect(later.data.post).toMatchObject({ status: 'DRAFT', publishedAt: null });
  });
});
