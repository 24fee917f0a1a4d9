// `npm run seed:demo`: fills an empty site with the demo posts and cards of ./demo-content.ts, so a
// new install looks alive at first start. The pictures are drawn here (an SVG rasterised by sharp)
// because the seed must work offline, and they go through ImageStore.save like any upload, so the
// demo's images are stored, sized and served exactly as the author's own will be.
import { realpathSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { Category, PrismaClient } from '../server/generated/prisma/client.ts';
import { imageStorageOf } from '../server/modules/media/image-storage.ts';
import { ImageStore, type StoredImage } from '../server/modules/media/image-store.ts';
import { openForScript, prepareDatabase } from '../server/startup.ts';
import { DEMO_CARDS, DEMO_POSTS, type DemoCard, type DemoPost } from './demo-content.ts';

export interface SeedDemoDeps {
  prisma: PrismaClient;
  imageStore: ImageStore;
  log?: (message: string) => void;
  /** Delete the existing posts, cards and their images first, instead of refusing a non-empty site. */
  replace?: boolean;
  /** What to write; the demo content unless a test supplies its own. */
  content?: { posts: readonly DemoPost[]; cards: readonly DemoCard[] };
}

export interface SeedDemoResult {
  posts: number;
  cards: number;
}

/** The site already has content: the demo never mixes itself into someone's real posts. */
export class SiteNotEmptyError extends Error {
  override name = 'SiteNotEmptyError';
  constructor(
    readonly posts: number,
    readonly cards: number,
  ) {
    super(
      `The site already has ${count(posts, 'post')} and ${count(cards, 'card')}: the demo only fills an empty site.`,
    );
  }
}

// Images are drawn and encoded a few at a time: sharp queues its work on libuv's thread pool (4 threads
// by default), so more in flight would only wait, and one at a time would leave cores idle during writes.
const CONCURRENCY = 4;
const DAY_MS = 24 * 60 * 60 * 1000;
const POST_SIZE = { width: 1600, height: 900 };
const CARD_SIZE = { width: 800, height: 1000 };

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

type Task = { kind: 'post'; post: DemoPost; createdAt: Date } | { kind: 'card'; card: DemoCard; createdAt: Date };

/** What this run has written so far, so a failure can take all of it back. */
interface Written {
  postIds: string[];
  cardIds: string[];
  images: Array<Pick<StoredImage, 'storageKey' | 'variantWidths'> & { id: string }>;
}

export async function seedDemo(deps: SeedDemoDeps): Promise<SeedDemoResult> {
  const { prisma, imageStore, replace = false } = deps;
  const log = deps.log ?? console.log;
  const { posts, cards } = deps.content ?? { posts: DEMO_POSTS, cards: DEMO_CARDS };

  const [postCount, cardCount] = await Promise.all([prisma.post.count(), prisma.upcomingCard.count()]);
  if (postCount + cardCount > 0) {
    if (!replace) throw new SiteNotEmptyError(postCount, cardCount);
    await removeExistingContent(prisma, imageStore);
    log(`Removed ${count(postCount, 'post')}, ${count(cardCount, 'card')} and their images.`);
  }

  // Every date is an offset from one instant, so the demo reads the same whatever the day it is seeded:
  // a post "written" N days ago, at a time of day that varies from post to post; cards a minute apart
  // in list order, so the carousel shows them in that order (newest first).
  const now = Date.now();
  const tasks: Task[] = [
    ...cards.map((card, i): Task => ({ kind: 'card', card, createdAt: new Date(now - i * 60_000) })),
    ...posts.map((post, i): Task => ({
      kind: 'post',
      post,
      createdAt: new Date(now - post.daysAgo * DAY_MS - ((i * 97) % 600) * 60_000),
    })),
  ];

  log(`Creating ${count(posts.length, 'post')} and ${count(cards.length, 'card')}, drawing and encoding their images…`);
  const started = performance.now();
  const written: Written = { postIds: [], cardIds: [], images: [] };
  let done = 0;
  const milestone = Math.max(1, Math.ceil(tasks.length / 3));
  try {
    await forEachLimited(tasks, CONCURRENCY, async (task) => {
      await writeTask(prisma, imageStore, task, written);
      done += 1;
      if (done % milestone === 0 && done < tasks.length) log(`  ${done}/${tasks.length} images`);
    });
  } catch (error) {
    // All or nothing: half a demo would make the next run refuse, and leave the site looking broken.
    try {
      await deleteWithImages(prisma, imageStore, written);
    } catch (undoError) {
      log(`Could not remove what this run had written: ${(undoError as Error).message}`);
    }
    throw error;
  }
  log(`  ${tasks.length}/${tasks.length} images in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { posts: written.postIds.length, cards: written.cardIds.length };
}

async function writeTask(prisma: PrismaClient, imageStore: ImageStore, task: Task, written: Written): Promise<void> {
  const png = task.kind === 'post' ? await renderPostImage(task.post) : await renderCardImage(task.card);
  const stored = await imageStore.save(png);
  // The Image row and the row that uses it are written together: Prisma runs a nested create in one
  // transaction, so there is never an Image without its post or card.
  let row: { id: string; imageId: string | null };
  try {
    row =
      task.kind === 'post'
        ? await prisma.post.create({
            data: {
              title: task.post.title,
              subtitle: task.post.subtitle,
              content: task.post.content,
              category: task.post.category,
              createdAt: task.createdAt,
              updatedAt: task.createdAt,
              image: { create: stored },
            },
            select: { id: true, imageId: true },
          })
        : await prisma.upcomingCard.create({
            data: {
              title: task.card.title,
              subtitle: task.card.subtitle,
              createdAt: task.createdAt,
              image: { create: stored },
            },
            select: { id: true, imageId: true },
          });
  } catch (error) {
    // The files were written first (see ImageStore); with no row they would be orphans.
    await imageStore.remove(stored);
    throw error;
  }
  (task.kind === 'post' ? written.postIds : written.cardIds).push(row.id);
  written.images.push({ id: row.imageId!, storageKey: stored.storageKey, variantWidths: stored.variantWidths });
}

async function removeExistingContent(prisma: PrismaClient, imageStore: ImageStore): Promise<void> {
  const image = { select: { id: true, storageKey: true, variantWidths: true } } as const;
  const [posts, cards] = await Promise.all([
    prisma.post.findMany({ select: { id: true, image } }),
    prisma.upcomingCard.findMany({ select: { id: true, image } }),
  ]);
  await deleteWithImages(prisma, imageStore, {
    postIds: posts.map((p) => p.id),
    cardIds: cards.map((c) => c.id),
    images: [...posts, ...cards].flatMap((row) => (row.image ? [row.image] : [])),
  });
}

/** Deletes the rows in one transaction, then the files: a failed commit leaves every row its files. */
async function deleteWithImages(prisma: PrismaClient, imageStore: ImageStore, rows: Written): Promise<void> {
  // Deleted by id, not wholesale: a post created meanwhile (a server on the same PostgreSQL database)
  // keeps its image, and an image is only deleted once nothing refers to it (the relations RESTRICT).
  await prisma.$transaction([
    prisma.post.deleteMany({ where: { id: { in: rows.postIds } } }),
    prisma.upcomingCard.deleteMany({ where: { id: { in: rows.cardIds } } }),
    prisma.image.deleteMany({ where: { id: { in: rows.images.map((image) => image.id) } } }),
  ]);
  await Promise.all(rows.images.map((image) => imageStore.remove(image)));
}

/** Runs work over items, at most `limit` at once; stops taking new items after the first failure. */
async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  // Every worker is awaited, even after a failure, so nothing is still writing when the caller cleans up.
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}

// ---------------------------------------------------------------------------------------------------
// The pictures: a gradient in the category's colours, a few shapes that hint at the medium, and the
// title set large, so every card on the home page is recognisable at a glance.

interface Palette {
  from: string;
  to: string;
  accent: string;
  label: string;
}

const PALETTES: Record<Category | 'card', Palette> = {
  game: { from: '#2b1055', to: '#d5418f', accent: '#ffd166', label: 'GAMES' },
  tv: { from: '#0b3c5d', to: '#1fa2a6', accent: '#f6f7eb', label: 'TV' },
  book: { from: '#4a2511', to: '#d08c3b', accent: '#fff1d0', label: 'BOOKS' },
  anime: { from: '#5b1a6e', to: '#ff7b54', accent: '#ffe3ec', label: 'ANIME' },
  card: { from: '#1d2b53', to: '#7e2553', accent: '#ffccaa', label: 'CURRENTLY' },
};

// DejaVu and Liberation ship with most Linux systems; where neither is installed fontconfig falls back
// to any sans-serif face, and with no fonts at all the text is left out and the picture still renders.
const FONT = `'DejaVu Sans', 'Liberation Sans', Arial, sans-serif`;

/** A small deterministic generator (mulberry32) seeded from the title: the same post, the same picture. */
function randomFor(text: string): () => number {
  let seed = 2166136261;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** Greedy word wrap by character count: close enough for a bold sans face, and needs no font metrics. */
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Shapes that hint at the medium: pads and buttons, screens, book spines, moons and petals. */
function motifs(kind: Category | 'card', random: () => number, width: number, height: number): string {
  const shapes: string[] = [];
  const at = () => ({ x: Math.round(random() * width), y: Math.round(random() * height * 0.6) });
  const opacity = () => (0.08 + random() * 0.14).toFixed(2);
  for (let i = 0; i < 7; i++) {
    const { x, y } = at();
    const size = Math.round(60 + random() * 220);
    const angle = Math.round(random() * 90 - 45);
    switch (kind) {
      case 'game':
        shapes.push(
          i % 2 === 0
            ? `<g transform="translate(${x} ${y}) rotate(${angle})" fill="#fff" opacity="${opacity()}"><rect x="${-size / 2}" y="${-size / 6}" width="${size}" height="${size / 3}" rx="8"/><rect x="${-size / 6}" y="${-size / 2}" width="${size / 3}" height="${size}" rx="8"/></g>`
            : `<circle cx="${x}" cy="${y}" r="${size / 3}" fill="none" stroke="#fff" stroke-width="14" opacity="${opacity()}"/>`,
        );
        break;
      case 'tv':
        shapes.push(
          `<rect x="${x - size}" y="${y - size * 0.6}" width="${size * 2}" height="${size * 1.2}" rx="${size / 5}" fill="none" stroke="#fff" stroke-width="12" opacity="${opacity()}" transform="rotate(${angle / 4} ${x} ${y})"/>`,
        );
        break;
      case 'book':
        shapes.push(
          `<rect x="${x}" y="${y}" width="${size / 3}" height="${size * 1.6}" rx="6" fill="#fff" opacity="${opacity()}" transform="rotate(${angle / 6} ${x} ${y})"/>`,
        );
        break;
      case 'anime':
        shapes.push(
          i % 3 === 0
            ? `<circle cx="${x}" cy="${y}" r="${size * 0.7}" fill="#fff" opacity="${opacity()}"/>`
            : `<ellipse cx="${x}" cy="${y}" rx="${size / 3}" ry="${size / 7}" fill="#fff" opacity="${opacity()}" transform="rotate(${angle} ${x} ${y})"/>`,
        );
        break;
      case 'card':
        shapes.push(`<circle cx="${x}" cy="${y}" r="${size / 2}" fill="#fff" opacity="${opacity()}"/>`);
        break;
    }
  }
  return shapes.join('');
}

function textLines(lines: string[], x: number, firstBaseline: number, lineHeight: number, style: string): string {
  return lines
    .map((line, i) => `<text x="${x}" y="${firstBaseline + i * lineHeight}" ${style}>${escapeXml(line)}</text>`)
    .join('');
}

function background(kind: Category | 'card', width: number, height: number, random: () => number): string {
  const palette = PALETTES[kind];
  return [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    motifs(kind, random, width, height),
    // Darkens the lower part, where the text sits, so white text reads on every colour.
    `<rect width="${width}" height="${height}" fill="url(#shade)"/>`,
  ].join('');
}

async function toPng(svg: string): Promise<Buffer> {
  // Low compression: the PNG is only handed to ImageStore, which re-encodes it to WebP at once.
  return sharp(Buffer.from(svg)).png({ compressionLevel: 2 }).toBuffer();
}

export function postImageSvg(post: Pick<DemoPost, 'title' | 'subtitle' | 'category'>): string {
  const { width, height } = POST_SIZE;
  const palette = PALETTES[post.category];
  const random = randomFor(post.title);
  let size = 96;
  let lines = wrap(post.title, 24);
  if (lines.length > 2) {
    size = 80;
    lines = wrap(post.title, 29);
  }
  const lineHeight = Math.round(size * 1.12);
  // The last line of the title sits just above the subtitle, however many lines there are.
  const titleTop = height - 200 - (lines.length - 1) * lineHeight;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    background(post.category, width, height, random),
    `<rect x="110" y="${titleTop - size - 40}" width="90" height="10" rx="5" fill="${palette.accent}"/>`,
    `<text x="220" y="${titleTop - size - 27}" font-family="${FONT}" font-size="34" font-weight="bold" letter-spacing="6" fill="${palette.accent}">${palette.label}</text>`,
    textLines(
      lines,
      110,
      titleTop,
      lineHeight,
      `font-family="${FONT}" font-size="${size}" font-weight="bold" fill="#fff"`,
    ),
    `<text x="110" y="${height - 90}" font-family="${FONT}" font-size="44" fill="#fff" fill-opacity="0.85">${escapeXml(post.subtitle)}</text>`,
    `</svg>`,
  ].join('');
}

export function cardImageSvg(card: DemoCard): string {
  const { width, height } = CARD_SIZE;
  const palette = PALETTES.card;
  const random = randomFor(card.subtitle);
  const lines = wrap(card.subtitle, 20);
  const subtitleTop = height - 110 - (lines.length - 1) * 70;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    background('card', width, height, random),
    `<text x="70" y="${subtitleTop - 110}" font-family="${FONT}" font-size="110" font-weight="bold" fill="${palette.accent}">${escapeXml(card.title)}</text>`,
    textLines(lines, 70, subtitleTop, 70, `font-family="${FONT}" font-size="60" fill="#fff"`),
    `</svg>`,
  ].join('');
}

export const renderPostImage = (post: DemoPost) => toPng(postImageSvg(post));
export const renderCardImage = (card: DemoCard) => toPng(cardImageSvg(card));

// ---------------------------------------------------------------------------------------------------
// Run as a script.

/** True under `tsx prisma/seed-demo.ts`; false when a test imports the module. */
function isRunAsScript(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === import.meta.filename;
  } catch {
    return false;
  }
}

const USAGE = 'Usage: npm run seed:demo [-- --replace]';

async function main(args: string[]): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--replace');
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(' ')}\n${USAGE}`);
    return 1;
  }
  const replace = args.includes('--replace');

  // On the embedded database this fails at once, with its own clear message, while a server holds it.
  const opened = await openForScript();
  if (!opened) return 1;
  const { config, db } = opened;
  try {
    try {
      // The demo is meant for a first start: this is also what creates the tables and the admin account.
      await prepareDatabase(db, config);
    } catch (error) {
      console.error(`Could not prepare the database: ${(error as Error).message}`);
      return 1;
    }
    const imageStore = new ImageStore(imageStorageOf(config), config.maxUploadBytes);
    const result = await seedDemo({ prisma: db.prisma, imageStore, replace });
    console.log(`Seeded ${result.posts} posts and ${result.cards} cards. Start the site with npm start.`);
    return 0;
  } catch (error) {
    if (error instanceof SiteNotEmptyError) {
      console.error(error.message);
      console.error(
        'To delete those posts and cards with their images and seed the demo instead: npm run seed:demo -- --replace',
      );
    } else {
      console.error(`Could not seed the demo: ${(error as Error).message}`);
    }
    return 1;
  } finally {
    await db.close();
  }
}

if (isRunAsScript()) {
  // Exits explicitly: an idle pool or a sharp worker must not keep a finished script alive.
  process.exit(await main(process.argv.slice(2)));
}
