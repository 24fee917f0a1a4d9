// Images in an S3-compatible bucket (UPLOADS_S3_BUCKET), against a real S3-protocol server started
// here (s3rver on 127.0.0.1): uploads land in the bucket, the pages' addresses serve their bytes
// (through the app, or straight from the bucket with UPLOADS_PUBLIC_URL), deletes and the upkeep
// remove objects, the move command takes a site's files to the bucket and back, and a backup
// carries them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskImageStorage } from '../../server/modules/media/image-storage.ts';
import { sweepOrphanImages } from '../../server/modules/media/orphan-sweep.ts';
import { exportSite, importSite } from '../../server/modules/backup/site-backup.ts';
import { DEMO_CARDS, DEMO_POSTS } from '../../prisma/demo-content.ts';
import { seedDemo } from '../../prisma/seed-demo.ts';
import { ImageStore } from '../../server/modules/media/image-store.ts';
import { moveImageFiles, MoveError } from '../../scripts/lib/move-uploads.ts';
import { DELETE_POST, uploadCard, uploadedFiles, uploadPost } from '../support/content.ts';
import { makeImage } from '../support/images.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-database.ts';

const BUCKET = 'blog-images';
const PUBLIC_BUCKET = 'public-images';
const MOVED_BUCKET = 'moved-images';
const RESTORED_BUCKET = 'restored-images';
const DEMO_BUCKET = 'demo-images';

// A stand-in client build with what the server reads to render a post page's head: its query, so
// the page preloads the post's picture.
const INDEX = `<!doctype html><html lang="en"><head><title>Blog</title>
<script type="module" crossorigin src="/assets/index-Ab12Cd.js"></script></head>
<body><div id="root"></div></body></html>`;
const OPERATIONS = {
  Site: 'query Site { site { name url __typename } }',
  PostDetail:
    'query PostDetail($slug: String!) { post(slug: $slug) { id slug title image { url srcset __typename } __typename } }',
};
const MANIFEST = { 'index.html': { file: 'assets/index-Ab12Cd.js', isEntry: true } };

let s3: S3Server;
let t: TestApp;
let admin: string;
let workDir: string;
const cleanups: Array<() => Promise<unknown> | void> = [];

beforeAll(async () => {
  s3 = await startS3Server([BUCKET, PUBLIC_BUCKET, MOVED_BUCKET, RESTORED_BUCKET, DEMO_BUCKET]);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'blog-object-storage-'));
  t = await createTestApp({ env: s3.env(BUCKET) });
  admin = (await t.signIn({ isAdmin: true })).cookie;
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t?.dispose();
  await s3?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** The bucket keys of an image's variants, as the store names them. */
const variantKeys = (image: { storageKey: string; variantWidths: number[] }) =>
  image.variantWidths.map((w) => `${image.storageKey.slice(0, 2)}/${image.storageKey}-${w}.webp`).sort();

/** The addresses in a srcset, in its order. */
const srcsetUrls = (srcset: string) => srcset.split(', ').map((entry) => entry.split(' ')[0]!);

describe(`images in a bucket, served through the app, on ${testDbKind}`, () => {
  it('stores an upload through GraphQL in the bucket, not on disk, and its addresses serve those bytes', async () => {
    const { response, body } = await uploadPost(t, admin, { title: 'Stored in a bucket' });
    expect(response.status).toBe(200);
    const image = body.data.createPost.image!;
    const storageKey = /([0-9a-f]{32})-/.exec(image.url)![1];
    const stored = await t.db.prisma.image.findUniqueOrThrow({ where: { storageKey } });
    expect(await s3.keys(BUCKET)).toEqual(expect.arrayContaining(variantKeys(stored)));
    expect(uploadedFiles(t)).toEqual([]);

    const urls = srcsetUrls(image.srcset);
    expect(urls).toHaveLength(4);
    expect(urls.at(-1)).toBe(image.url);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}-\d+\.webp$/);
      const served = await t.request(url);
      expect(served.status, url).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.equals((await s3.storage(BUCKET).get(url.slice('/uploads/'.length)))!)).toBe(true);
      expect((await sharp(bytes).metadata()).format).toBe('webp');
    }
    // The same addresses through the REST facade.
    const post = await t.db.prisma.post.findFirstOrThrow({ where: { title: 'Stored in a bucket' } });
    const rest = await (await t.request(`/api/blogposts/${post.id}`)).json();
    expect(rest.image).toMatchObject({ url: image.url, srcset: image.srcset });

    // Nothing but the store's own names is reachable through the site.
    expect((await t.request(`/uploads/${stored.storageKey.slice(0, 2)}/${'0'.repeat(32)}-480.webp`)).status).toBe(404);
    expect((await t.request('/uploads/../blog-images/x')).status).toBe(404);
  });

  it('stores a card uploaded through REST in the bucket', async () => {
    const form = new FormData();
    form.set('title', 'Reading');
    form.set('subtitle', 'A card in a bucket');
    form.append('image', new File([await makeImage({ width: 600, height: 800 })], 'card.png', { type: 'image/png' }));
    const created = await t.request('/api/upcoming', { method: 'POST', headers: { cookie: admin }, body: form });
    expect(created.status).toBe(201);
    const card = await created.json();
    const key = (card.image.url as string).slice('/uploads/'.length);
    expect(await s3.keys(BUCKET)).toContain(key);
    expect((await t.request(card.image.url)).status).toBe(200);
  });

  it("cuts a post's link preview from the bucket's largest variant", async () => {
    await uploadPost(t, admin, { title: 'With a preview' });
    const post = await t.db.prisma.post.findFirstOrThrow({
      where: { title: 'With a preview' },
      include: { image: true },
    });
    const preview = await t.request(`/social/${post.image!.storageKey}-50-50.jpg`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 1200, height: 630 });
  });

  it("deleting a post removes its image's objects from the bucket", async () => {
    const { body } = await uploadPost(t, admin, { title: 'To be deleted' });
    const id = body.data.createPost.id;
    const image = await t.db.prisma.image.findFirstOrThrow({ where: { post: { id } } });
    expect(await s3.keys(BUCKET)).toEqual(expect.arrayContaining(variantKeys(image)));
    const deleted = await t.graphql(DELETE_POST, { id }, { cookie: admin });
    expect(deleted.errors).toBeUndefined();
    const keys = await s3.keys(BUCKET);
    expect(keys.filter((key) => key.includes(image.storageKey))).toEqual([]);
    expect((await t.request(srcsetUrls(body.data.createPost.image!.srcset)[0]!)).status).toBe(404);
  });

  it('the upkeep removes objects nothing names once they are an hour old, and finishes interrupted deletes', async () => {
    const storage = s3.storage(BUCKET);
    const [someKey] = await s3.keys(BUCKET);
    const bytes = (await storage.get(someKey!))!;
    const oldOrphan = `ab/ab${'0'.repeat(30)}-480.webp`;
    const newOrphan = `cd/cd${'0'.repeat(30)}-480.webp`;
    const notOurs = 'notes/readme.txt';
    const interrupted = { storageKey: `ef${'0'.repeat(30)}`, variantWidths: [480] };
    const interruptedFile = `ef/${interrupted.storageKey}-480.webp`;
    for (const key of [oldOrphan, newOrphan, notOurs, interruptedFile]) await storage.put(key, bytes);
    const threeHoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
    for (const key of [oldOrphan, notOurs]) s3.age(BUCKET, key, threeHoursAgo);
    // A delete that committed its row's removal but stopped before removing the files.
    await t.db.prisma.pendingImageFiles.create({ data: { ...interrupted, state: 'removing' } });
    const before = await s3.keys(BUCKET);

    const result = await sweepOrphanImages(t.db.prisma, t.app.services.imageFiles);
    expect(result).toEqual({ recovered: 1, unsaved: 0, removed: [oldOrphan], skipped: false });
    const after = await s3.keys(BUCKET);
    // Exactly these two went. (Not everything under ef/: an image of an earlier test whose random
    // key starts with ef, one in 256, lives there too, and must stay.)
    expect(after).toEqual(before.filter((key) => key !== oldOrphan && key !== interruptedFile));
    expect(after).toEqual(expect.arrayContaining([newOrphan, notOurs]));
    // Every image a row names still has its objects.
    for (const image of await t.db.prisma.image.findMany())
      expect(after).toEqual(expect.arrayContaining(variantKeys(image)));
    await storage.remove([newOrphan, notOurs]);
  });
});

/**
 * What the tests of the describe block that calls this share, made before them (with time for a
 * database of its own) and disposed of with the file's other cleanups.
 */
function madeForTheBlock<T extends { dispose(): Promise<unknown> }>(make: () => Promise<T>): () => T {
  let made: T;
  beforeAll(async () => {
    made = await make();
    cleanups.push(() => made.dispose());
  }, 60_000);
  return () => made;
}

describe('images published at UPLOADS_PUBLIC_URL (here, the bucket itself)', () => {
  let published: TestApp;
  let publicUrl: string;

  beforeAll(async () => {
    const clientDir = path.join(workDir, 'client');
    mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    writeFileSync(path.join(clientDir, 'graphql-operations.json'), JSON.stringify(OPERATIONS));
    writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
    publicUrl = `${s3.endpoint}/${PUBLIC_BUCKET}`;
    published = await createTestApp({
      env: { ...s3.env(PUBLIC_BUCKET), UPLOADS_PUBLIC_URL: `${publicUrl}/` },
      clientDir,
    });
    cleanups.push(() => published.dispose());
  }, 60_000);

  it("gives the bucket's addresses in srcset, preloads, feeds and the sitemap, and they serve the bytes", async () => {
    const cookie = (await published.signIn({ isAdmin: true })).cookie;
    const { body } = await uploadPost(published, cookie, { title: 'Published elsewhere' });
    const image = body.data.createPost.image!;
    const urls = srcsetUrls(image.srcset);
    expect(image.url).toMatch(new RegExp(`^${publicUrl}/[0-9a-f]{2}/[0-9a-f]{32}-1200\\.webp$`));
    for (const url of urls) {
      expect(url.startsWith(`${publicUrl}/`)).toBe(true);
      // Fetched from the bucket itself, as a reader's browser would.
      const served = await fetch(url);
      expect(served.status, url).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.equals((await s3.storage(PUBLIC_BUCKET).get(url.slice(publicUrl.length + 1)))!)).toBe(true);
    }

    const post = await published.db.prisma.post.findFirstOrThrow({ where: { title: 'Published elsewhere' } });
    const page = await published.request(`/blog/${post.slug}`);
    expect(page.status).toBe(200);
    // The page may show images from the bucket's origin, and from nowhere else outside the site.
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain(`img-src 'self' data: blob: ${s3.endpoint};`);
    const { document } = new JSDOM(await page.text()).window;
    const preload = document.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe(image.url);
    expect(preload?.getAttribute('imagesrcset')).toBe(image.srcset);
    // The link preview is still cut by the site (from the bucket's bytes).
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      new RegExp(`^http://blog\\.test/social/`),
    );

    const rest = await (await published.request(`/api/blogposts/${post.id}`)).json();
    expect(rest.image.url).toBe(image.url);
    const feed = await (await published.request('/rss.xml')).text();
    expect(feed).toContain(`<enclosure url="${image.url}"`);
    const size = (await s3.storage(PUBLIC_BUCKET).size(image.url.slice(publicUrl.length + 1)))!;
    expect(feed).toContain(`length="${size}"`);
    const sitemap = await (await published.request('/sitemap.xml')).text();
    expect(sitemap).toContain(`<image:loc>${image.url}</image:loc>`);
  });

  it('keeps the default policy when images are served by the site', async () => {
    const csp = (await t.request('/')).headers.get('content-security-policy')!;
    expect(csp).toContain("img-src 'self' data: blob:;");
  });
});

describe("moving a site's images between the uploads folder and a bucket", () => {
  const onDisk = madeForTheBlock(() => createTestApp());

  it('moves every file to the bucket and back, checked, and a second run changes nothing', async () => {
    const cookie = (await onDisk().signIn({ isAdmin: true })).cookie;
    await uploadPost(onDisk(), cookie, { title: 'First' });
    await uploadCard(onDisk(), cookie);
    const disk = new DiskImageStorage(path.join(onDisk().dataDir, 'uploads'));
    const bucket = s3.storage(MOVED_BUCKET);
    const files = uploadedFiles(onDisk());
    // Four variants of the 1200-pixel post picture, three of the 800-pixel card's.
    expect(files).toHaveLength(7);
    const original = new Map(files.map((file) => [file, readFileSync(path.join(disk.dir, file))]));

    expect(await moveImageFiles({ db: onDisk().db, from: disk, to: bucket })).toEqual({
      copied: 7,
      alreadyThere: 0,
      removedFromSource: 7,
    });
    expect(await s3.keys(MOVED_BUCKET)).toEqual(files);
    expect(uploadedFiles(onDisk())).toEqual([]);
    for (const [file, bytes] of original) expect((await bucket.get(file))!.equals(bytes)).toBe(true);

    // Run again (after an interruption, or by mistake): everything is found in place.
    expect(await moveImageFiles({ db: onDisk().db, from: disk, to: bucket })).toEqual({
      copied: 0,
      alreadyThere: 7,
      removedFromSource: 0,
    });

    expect(await moveImageFiles({ db: onDisk().db, from: bucket, to: disk })).toEqual({
      copied: 7,
      alreadyThere: 0,
      removedFromSource: 7,
    });
    expect(await s3.keys(MOVED_BUCKET)).toEqual([]);
    expect(uploadedFiles(onDisk())).toEqual(files);
    for (const [file, bytes] of original) expect(readFileSync(path.join(disk.dir, file)).equals(bytes)).toBe(true);
    // The site serves them from the folder again.
    expect((await onDisk().request(`/uploads/${files[0]}`)).status).toBe(200);

    // A file in neither place stops the move before anything is removed.
    rmSync(path.join(disk.dir, files[0]!));
    const refused = moveImageFiles({ db: onDisk().db, from: disk, to: bucket });
    await expect(refused).rejects.toThrow(MoveError);
    await expect(refused).rejects.toThrow(`1 image file(s) are in neither ${disk.dir} nor s3://${MOVED_BUCKET}`);
    expect(uploadedFiles(onDisk())).toEqual(files.slice(1));
  });
});

describe('a backup of a site whose images are in a bucket', () => {
  it("exports the bucket's files and restores them into another bucket, byte for byte", async () => {
    const archivePath = path.join(workDir, 'backup.tar.gz');
    const source = s3.storage(BUCKET);
    const counts = await exportSite({ db: t.db, storage: source, archivePath });
    const images = await t.db.prisma.image.findMany();
    const files = images.flatMap(variantKeys).sort();
    expect(counts.files).toBe(files.length);

    const target: TestDatabase = await createTestDatabase();
    cleanups.push(() => target.dispose());
    const restoredStorage = s3.storage(RESTORED_BUCKET);
    const restored = await importSite({ db: target.db, storage: restoredStorage, archivePath });
    expect(restored.files).toBe(files.length);
    expect(await s3.keys(RESTORED_BUCKET)).toEqual(files);
    for (const file of files) expect((await restoredStorage.get(file))!.equals((await source.get(file))!)).toBe(true);
    expect(await target.db.prisma.image.count()).toBe(images.length);

    // Restoring again into a bucket that has files is refused unless replacing, naming the bucket.
    await expect(importSite({ db: target.db, storage: restoredStorage, archivePath })).rejects.toThrow(
      `in s3://${RESTORED_BUCKET}`,
    );
  });
});

describe('the demo seed on a site whose images are in a bucket', () => {
  const site = madeForTheBlock(() => createTestDatabase());

  it("writes every post's and card's image into the bucket, and with replace removes the old ones", async () => {
    const imageStore = new ImageStore(s3.storage(DEMO_BUCKET), 10 * 1024 * 1024);
    // A part of the demo: the whole of it re-encodes dozens of pictures.
    const content = { posts: DEMO_POSTS.slice(0, 1), cards: DEMO_CARDS.slice(0, 1) };
    await seedDemo({ prisma: site().db.prisma, imageStore, content, log: () => {} });
    const first = await site().db.prisma.image.findMany();
    expect(first).toHaveLength(2);
    expect(await s3.keys(DEMO_BUCKET)).toEqual(first.flatMap(variantKeys).sort());

    await seedDemo({ prisma: site().db.prisma, imageStore, content, replace: true, log: () => {} });
    const second = await site().db.prisma.image.findMany();
    expect(await s3.keys(DEMO_BUCKET)).toEqual(second.flatMap(variantKeys).sort());
    expect(second.map((image) => image.storageKey)).not.toContain(first[0]!.storageKey);
  });
});
