// Inserts thousands of posts a batch at a time, one statement per table per batch (unnest over
// arrays, which PGlite and node-postgres both bind), so 100 000 posts take seconds, not the hours
// that one request each would. Every post gets its own Image row (Post.imageId is unique) whose
// files are hard links to one of a few really stored images: every URL the API returns serves a
// real picture, and no picture is encoded twice.
import { link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SqlRunner } from '../../server/db/sql-runner.ts';
import { ImageStore } from '../../server/modules/media/image-store.ts';
import { pick, type Random } from '../lib/random.ts';
import { createPostWriter } from './corpus.ts';
import { uuidV7 } from '../../server/db/uuid-v7.ts';

export interface SourceImage {
  storageKey: string;
  mimeType: string;
  width: number;
  height: number;
  variantWidths: number[];
}

export interface BulkPostsOptions {
  sql: SqlRunner;
  uploadsDir: string;
  count: number;
  /** Real stored images whose files the bulk images link to. */
  sources: readonly SourceImage[];
  /** Creation time of the newest bulk post; each next one is this many milliseconds older. */
  newest: Date;
  spacingMs: number;
  /** For ids, storage keys and which picture; the text has its own fixed seed (corpus.ts). */
  random: Random;
  batchSize?: number;
  log?: (message: string) => void;
}

const INSERT_IMAGES = `
  INSERT INTO "Image" ("id", "storageKey", "mimeType", "width", "height", "variantWidths", "createdAt")
  SELECT id, key, mime, w, h, widths::int[], at
  FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::timestamptz[])
    AS t(id, key, mime, w, h, widths, at)`;

const INSERT_POSTS = `
  INSERT INTO "Post" ("id", "title", "subtitle", "content", "category", "imageId", "createdAt", "updatedAt")
  SELECT id, title, subtitle, content, category::"Category", image, at, at
  FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::timestamptz[])
    AS t(id, title, subtitle, content, category, image, at)`;

function storageKey(random: Random): string {
  return Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
}

interface ImageRow {
  id: string;
  key: string;
  mime: string;
  width: number;
  height: number;
  /** A PostgreSQL array literal, cast to int[] in SQL: binds the same way on both drivers. */
  widths: string;
  at: string;
}

interface PostRow {
  id: string;
  title: string;
  subtitle: string;
  content: string;
  category: string;
  imageId: string;
  at: string;
}

const column = <Row, Key extends keyof Row>(rows: readonly Row[], key: Key): Array<Row[Key]> =>
  rows.map((row) => row[key]);

export async function insertBulkPosts(options: BulkPostsOptions): Promise<void> {
  const { sql, uploadsDir, count, sources, random, batchSize = 2000, log = () => {} } = options;
  const writePost = createPostWriter();
  const started = performance.now();
  for (let first = 0; first < count; first += batchSize) {
    const size = Math.min(batchSize, count - first);
    const images: ImageRow[] = [];
    const posts: PostRow[] = [];
    const links: Array<[from: string, to: string]> = [];

    for (let i = first; i < first + size; i++) {
      const createdAt = options.newest.getTime() - i * options.spacingMs;
      const at = new Date(createdAt).toISOString();
      const source = pick(random, sources);
      const image: ImageRow = {
        id: uuidV7(createdAt, random),
        key: storageKey(random),
        mime: source.mimeType,
        width: source.width,
        height: source.height,
        widths: `{${source.variantWidths.join(',')}}`,
        at,
      };
      images.push(image);
      for (const width of source.variantWidths) {
        links.push([
          path.join(uploadsDir, ImageStore.relativePath(source.storageKey, width)),
          path.join(uploadsDir, ImageStore.relativePath(image.key, width)),
        ]);
      }
      const post = writePost();
      posts.push({ id: uuidV7(createdAt, random), ...post, imageId: image.id, at });
    }

    // Files first, as the image store does: a row never points at a missing file.
    await linkAll(links);
    await sql.transaction(async (tx) => {
      await tx.query(
        INSERT_IMAGES,
        (['id', 'key', 'mime', 'width', 'height', 'widths', 'at'] as const).map((key) => column(images, key)),
      );
      await tx.query(
        INSERT_POSTS,
        (['id', 'title', 'subtitle', 'content', 'category', 'imageId', 'at'] as const).map((key) => column(posts, key)),
      );
    });
    const done = first + size;
    if (done === count || done % (batchSize * 10) === 0) {
      log(`  ${done}/${count} posts (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
}

async function linkAll(links: ReadonlyArray<[string, string]>): Promise<void> {
  const folders = new Set(links.map(([, to]) => path.dirname(to)));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  // A few hundred at a time: libuv runs four at once anyway, and this bounds memory.
  for (let i = 0; i < links.length; i += 512) {
    await Promise.all(links.slice(i, i + 512).map(([from, to]) => link(from, to)));
  }
}
