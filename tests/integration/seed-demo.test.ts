import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageStore } from '../../server/modules/media/image-store.ts';
import { DEMO_CARDS, DEMO_CONTENT_TAGS, DEMO_POSTS, type DemoPost } from '../../prisma/demo-content.ts';
import { seedDemo, SiteNotEmptyError, type SeedDemoResult } from '../../prisma/seed-demo.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-database.ts';

// Seeding draws and encodes 35 images: the tests share one seeded database and run in order
// (seed, inspect, refuse, replace) rather than each paying for a seed of its own.
const SEED_TIMEOUT = 120_000;
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

let t: TestDatabase;
let uploadsDir: string;
let imageStore: ImageStore;
let firstRun: SeedDemoResult;
const temporaryDirs: string[] = [];

async function temporaryUploadsDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'blog-seed-demo-'));
  temporaryDirs.push(dir);
  return dir;
}

/** Every file under the uploads folder, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

function variantFiles(images: Array<{ storageKey: string; variantWidths: number[] }>): string[] {
  return images.flatMap((image) => image.variantWidths.map((w) => ImageStore.relativePath(image.storageKey, w))).sort();
}

async function snapshot() {
  const { prisma } = t.db;
  return {
    posts: await prisma.post.findMany({ orderBy: { id: 'asc' } }),
    cards: await prisma.upcomingCard.findMany({ orderBy: { id: 'asc' } }),
    images: await prisma.image.findMany({ orderBy: { id: 'asc' } }),
    files: await filesUnder(uploadsDir),
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  uploadsDir = await temporaryUploadsDir();
  imageStore = new ImageStore(uploadsDir, MAX_UPLOAD_BYTES);
  firstRun = await seedDemo({ prisma: t.db.prisma, imageStore, log: () => {} });
}, SEED_TIMEOUT);

afterAll(async () => {
  await t?.dispose();
  await Promise.all(temporaryDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe(`the demo content`, () => {
  it('has 8 posts in each category and one card of each kind', () => {
    const perCategory: Record<string, number> = {};
    for (const post of DEMO_POSTS) perCategory[post.category] = (perCategory[post.category] ?? 0) + 1;
    expect(perCategory).toEqual({ game: 8, tv: 8, book: 8, anime: 8 });
    expect(DEMO_CARDS.map((card) => card.title).sort()).toEqual(['Playing', 'Reading', 'Watching']);
  });

  it('keeps every title and subtitle within 45 characters, and none empty', () => {
    for (const item of [...DEMO_POSTS, ...DEMO_CARDS]) {
      for (const text of [item.title, item.subtitle]) {
        expect(text.trim().length, text).toBeGreaterThan(0);
        expect(text.length, text).toBeLessThanOrEqual(45);
      }
    }
    expect(new Set(DEMO_POSTS.map((post) => post.title)).size).toBe(DEMO_POSTS.length);
  });

  it('writes 3 to 6 paragraphs of HTML with only the allowed tags, and links that open safely', () => {
    const allowed = new Set<string>(DEMO_CONTENT_TAGS);
    for (const post of DEMO_POSTS) {
      const tags = [...post.content.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g)];
      for (const [tag, name, attributes] of tags) {
        expect(allowed, `${tag} in "${post.title}"`).toContain(name!.toLowerCase());
        if (name === 'a' && !tag.startsWith('</')) {
          expect(tag, post.title).toMatch(/^<a href="https:\/\/[^"\s<>]+" target="_blank" rel="noopener noreferrer">$/);
        } else {
          expect(attributes!.trim(), `${tag} in "${post.title}"`).toBe('');
        }
      }
      // Every '<' opens a tag the regex saw (no stray or malformed markup), and every tag but br is closed.
      expect((post.content.match(/</g) ?? []).length, post.title).toBe(tags.length);
      for (const name of allowed) {
        if (name === 'br') continue;
        const opened = tags.filter(([tag, n]) => n === name && !tag.startsWith('</')).length;
        const closed = tags.filter(([tag, n]) => n === name && tag.startsWith('</')).length;
        expect(closed, `<${name}> in "${post.title}"`).toBe(opened);
      }
      const paragraphs = tags.filter(([tag]) => tag === '<p>').length;
      expect(paragraphs, post.title).toBeGreaterThanOrEqual(3);
      expect(paragraphs, post.title).toBeLessThanOrEqual(6);
    }
  });

  it('spreads the posts over the last ten months, newest first', () => {
    const ages = DEMO_POSTS.map((post) => post.daysAgo);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    expect(new Set(ages).size).toBe(ages.length);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeGreaterThan(240);
    expect(Math.max(...ages)).toBeLessThanOrEqual(310);
  });
});

describe(`seeding the demo on ${testDbKind}`, () => {
  it('fills an empty site with 32 posts, 8 per category, and the three cards', async () => {
    const { prisma } = t.db;
    expect(firstRun).toEqual({ posts: 32, cards: 3 });

    const posts = await prisma.post.findMany({ orderBy: { createdAt: 'desc' } });
    expect(posts).toHaveLength(32);
    const perCategory = await prisma.post.groupBy({ by: ['category'], _count: { _all: true } });
    expect(Object.fromEntries(perCategory.map((row) => [row.category, row._count._all]))).toEqual({
      game: 8,
      tv: 8,
      book: 8,
      anime: 8,
    });
    // Stored as written, and in the intended order once sorted by date.
    expect(posts.map((post) => post.title)).toEqual(DEMO_POSTS.map((post) => post.title));
    for (const post of posts) {
      const demo = DEMO_POSTS.find((p) => p.title === post.title)!;
      expect({ subtitle: post.subtitle, content: post.content, category: post.category }).toEqual({
        subtitle: demo.subtitle,
        content: demo.content,
        category: demo.category,
      });
      const ageDays = (Date.now() - post.createdAt.getTime()) / 86_400_000;
      expect(ageDays).toBeGreaterThan(demo.daysAgo - 0.01);
      expect(ageDays).toBeLessThan(demo.daysAgo + 1);
    }

    const cards = await prisma.upcomingCard.findMany({ orderBy: { createdAt: 'desc' } });
    expect(cards.map((card) => [card.title, card.subtitle])).toEqual(
      DEMO_CARDS.map((card) => [card.title, card.subtitle]),
    );
  });

  it('keeps every stored title and subtitle within 45 characters', async () => {
    const rows = [...(await t.db.prisma.post.findMany()), ...(await t.db.prisma.upcomingCard.findMany())];
    expect(rows).toHaveLength(35);
    for (const row of rows) {
      expect(row.title.length, row.title).toBeLessThanOrEqual(45);
      expect(row.subtitle.length, row.subtitle).toBeLessThanOrEqual(45);
    }
  });

  it('gives every post and card its own image, stored as real WebP variants of the recorded widths', async () => {
    const { prisma } = t.db;
    const posts = await prisma.post.findMany({ include: { image: true } });
    const cards = await prisma.upcomingCard.findMany({ include: { image: true } });
    const images = [...posts, ...cards].map((row) => row.image!);
    expect(new Set(images.map((image) => image.id)).size).toBe(35);
    expect(await prisma.image.count()).toBe(35);

    for (const image of images) {
      expect(image.mimeType).toBe('image/webp');
      expect(image.variantWidths.length).toBeGreaterThan(0);
      expect(image.width).toBe(image.variantWidths.at(-1));
      for (const width of image.variantWidths) {
        const bytes = await readFile(path.join(uploadsDir, ImageStore.relativePath(image.storageKey, width)));
        expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
        expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
        const metadata = await sharp(bytes).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.width).toBe(width);
      }
    }
    // Posts are landscape, cards portrait, in the proportions they were drawn in.
    for (const { image } of posts) expect([image!.width, image!.height]).toEqual([1600, 900]);
    for (const { image } of cards) expect([image.width, image.height]).toEqual([800, 1000]);
    // Nothing on disk that no row refers to.
    expect(await filesUnder(uploadsDir)).toEqual(variantFiles(images));
  });

  it('makes search interesting: common words appear in several posts', async () => {
    for (const phrase of ['open world', 'soundtrack', 'slow burn', 'worldbuilding']) {
      const [{ matches }] = await t.db.prisma.$queryRaw<[{ matches: number }]>`
        SELECT count(*)::int AS matches FROM "Post" WHERE search @@ phraseto_tsquery('english', ${phrase})`;
      expect(matches, phrase).toBeGreaterThanOrEqual(3);
    }
  });

  it('refuses a site that already has posts or cards, and changes nothing', async () => {
    const before = await snapshot();
    const lines: string[] = [];
    const attempt = seedDemo({ prisma: t.db.prisma, imageStore, log: (line) => lines.push(line) });
    await expect(attempt).rejects.toBeInstanceOf(SiteNotEmptyError);
    await expect(attempt).rejects.toThrow(
      'The site already has 32 posts and 3 cards: the demo only fills an empty site.',
    );
    expect(await snapshot()).toEqual(before);
    expect(lines).toEqual([]);
  });

  it(
    'with replace, deletes the old posts, cards and image files, and seeds exactly the demo again',
    async () => {
      const { prisma } = t.db;
      const before = await snapshot();
      const lines: string[] = [];
      const result = await seedDemo({ prisma, imageStore, replace: true, log: (line) => lines.push(line) });

      expect(result).toEqual({ posts: 32, cards: 3 });
      expect(lines[0]).toBe('Removed 32 posts, 3 cards and their images.');
      const after = await snapshot();
      expect(after.posts).toHaveLength(32);
      expect(after.cards).toHaveLength(3);
      expect(after.images).toHaveLength(35);
      const oldIds = new Set([...before.posts, ...before.cards, ...before.images].map((row) => row.id));
      expect([...after.posts, ...after.cards, ...after.images].filter((row) => oldIds.has(row.id))).toEqual([]);
      // The old files are gone; the only files left are the new images' variants.
      expect(after.files.filter((file) => before.files.includes(file))).toEqual([]);
      expect(after.files).toEqual(variantFiles(after.images));
    },
    SEED_TIMEOUT,
  );
});

describe(`a seed that fails part way on ${testDbKind}`, () => {
  it(
    'takes back everything it wrote: no rows and no files are left',
    async () => {
      const own = await createTestDatabase();
      try {
        const dir = await temporaryUploadsDir();
        const store = new ImageStore(dir, MAX_UPLOAD_BYTES);
        // PostgreSQL refuses a NUL character in text: this post's image files get written, then its row
        // cannot be, when some of the rows before it are already saved.
        const broken: DemoPost = { ...DEMO_POSTS[1]!, content: '<p>A NUL \u0000 character</p>' };
        const content = { posts: [DEMO_POSTS[0]!, broken, DEMO_POSTS[2]!], cards: DEMO_CARDS };

        await expect(seedDemo({ prisma: own.db.prisma, imageStore: store, content, log: () => {} })).rejects.toThrow(
          /post\.create/,
        );

        const { prisma } = own.db;
        expect([await prisma.post.count(), await prisma.upcomingCard.count(), await prisma.image.count()]).toEqual([
          0, 0, 0,
        ]);
        expect(await filesUnder(dir)).toEqual([]);
      } finally {
        await own.dispose();
      }
    },
    SEED_TIMEOUT,
  );
});
