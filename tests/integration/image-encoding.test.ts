// Uploads whose smaller variants are encoded in the background (issue 37, IMAGE_VARIANTS=background):
// the author's save answers with its largest variant, which every address serves until the worker
// has made the others; the queue is a table, so a restart resumes it, and a failing job is retried,
// then given up.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_ENTRY_FILE } from '#kernel/server-render.ts';
import { createApp } from '../../server/app.ts';
import { type Change, SETTINGS_TAG } from '../../server/cache/content-changes.ts';
import { exportSite, importSite } from '../../server/modules/backup/site-backup.ts';
import { ImageEncodingQueue } from '../../server/modules/media/image-encoding.ts';
import { imageFilePath } from '../../server/modules/media/image-urls.ts';
import { DELETE_POST, POST, uploadedFiles, uploadPost } from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { startS3Server } from '../support/s3-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

// A client build whose server entry renders a post's cover from the app's GraphQL, as the real one
// does: the rendered page is kept in the response cache, and must be made again with the variants.
const ENTRY = `
export async function renderPage({ url, fetch }) {
  const slug = decodeURIComponent(url.split('?')[0].split('/').pop());
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query: 'query Page($slug: String!) { post(slug: $slug) { image { srcset } } }', variables: { slug } }),
  });
  const { post } = (await response.json()).data;
  const html = '<img srcset="' + post?.image?.srcset + '">';
  return { html, state: { cache: {}, answered: [], router: { loaderData: {}, actionData: null, errors: null } } };
}
`;

const site = {} as { t: TestApp; admin: string; clientDir: string };
beforeAll(async () => {
  site.clientDir = mkdtempSync(path.join(os.tmpdir(), 'blog-encoding-client-'));
  writeFileSync(
    path.join(site.clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Blog</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.dirname(path.join(site.clientDir, SERVER_ENTRY_FILE)), { recursive: true });
  writeFileSync(path.join(site.clientDir, SERVER_ENTRY_FILE), ENTRY);
  site.t = await createTestApp({ env: { IMAGE_VARIANTS: 'background' }, clientDir: site.clientDir });
  site.admin = (await site.t.signIn({ isAdmin: true })).cookie;
});
afterAll(async () => {
  await site.t?.dispose();
  rmSync(site.clientDir, { recursive: true, force: true });
});

const ALL_WIDTHS = [480, 720, 960, 1600];

let stopWorker: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopWorker?.();
  stopWorker = undefined;
});

/** Creates a post with a 1600x900 JPEG cover; answers the createPost result. */
async function createWithPhoto() {
  const photo = fileOf(await makeImage({ width: 1600, height: 900, format: 'jpeg' }), 'photo.jpg', 'image/jpeg');
  const { response, body } = await uploadPost(site.t, site.admin, { title: `Photo ${Math.random()}` }, photo);
  expect(response.status).toBe(200);
  expect(body.errors).toBeUndefined();
  const post = body.data.createPost;
  return { ...post, image: post.image!, key: /([0-9a-f]{32})-1600\.webp$/.exec(post.image!.url)![1]! };
}

/** The widths a srcset lists. */
const widthsOf = (srcset: string) => srcset.split(', ').map((entry) => Number(entry.split(' ')[1]!.slice(0, -1)));

/** Fetches every address of the srcset: each must be a WebP picture of its width. */
async function expectServed(srcset: string) {
  for (const entry of srcset.split(', ')) {
    const [url, width] = entry.split(' ');
    const response = await site.t.request(url!);
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(`${metadata.width}w`).toBe(width);
  }
}

/** The cover's srcset as the public post page carries it (its first answers, rendered into the page). */
async function pageSrcset(slug: string): Promise<number[]> {
  const html = await (await site.t.request(`/blog/${slug}`)).text();
  const srcset = /<img srcset="([^"]+)">/.exec(html)?.[1];
  expect(srcset, 'the page shows its cover').toBeDefined();
  return widthsOf(srcset!);
}

describe(`background encoding of variants on ${testDbKind}`, () => {
  it('answers a create with its largest variant, served everywhere until the worker adds the others', async () => {
    const post = await createWithPhoto();
    const { key } = post;
    // The answer names one variant, which is there and served; the others are not made yet.
    expect(post.image).toMatchObject({ width: 1600, height: 900 });
    expect(widthsOf(post.image.srcset)).toEqual([1600]);
    await expectServed(post.image.srcset);
    expect(uploadedFiles(site.t)).toContain(imageFilePath(key, 1600));
    expect(uploadedFiles(site.t)).not.toContain(imageFilePath(key, 480));
    expect(await site.t.db.prisma.imageEncodingJob.findUnique({ where: { storageKey: key } })).toMatchObject({
      state: 'queued',
    });
    // The REST facade the original client reads, and the public page (cached from now on).
    const rest = await (await site.t.request(`/api/blogposts/${post.id}`)).json();
    expect(widthsOf(rest.image.srcset)).toEqual([1600]);
    expect(await pageSrcset(post.slug)).toEqual([1600]);
    // The link preview is cut from the variant there is.
    const preview = await site.t.request(`/social/${key}-50-50.jpg`);
    expect(preview.status).toBe(200);

    // What the servers hear of the variants' arrival: the image's change, not the site's settings,
    // whose notice has every server forget every answer (a post's cover is not the site's picture).
    const heard: Change[] = [];
    const stopHearing = site.t.db.watchContentChanges().subscribe((change) => heard.push(change));

    const worker = site.t.app.services.imageEncoding;
    worker.start();
    stopWorker = () => worker.stop();
    await vi.waitFor(
      async () => {
        const { data } = await site.t.graphql(POST, { id: post.id });
        expect(widthsOf(data.post!.image!.srcset)).toEqual(ALL_WIDTHS);
      },
      { timeout: 20_000, interval: 50 },
    );
    const { data } = await site.t.graphql(POST, { id: post.id });
    await expectServed(data.post!.image!.srcset);
    expect(await site.t.db.prisma.imageEncodingJob.count({ where: { storageKey: key } })).toBe(0);
    // The cached page and the REST answer were made again with them (the image's change was heard).
    await vi.waitFor(async () => expect(await pageSrcset(post.slug)).toEqual(ALL_WIDTHS), { timeout: 10_000 });
    stopHearing();
    expect(heard.filter((change) => change.tags.has(SETTINGS_TAG))).toEqual([]);
    const restAfter = await (await site.t.request(`/api/blogposts/${post.id}`)).json();
    expect(widthsOf(restAfter.image.srcset)).toEqual(ALL_WIDTHS);
  });

  it('resumes a queued job after a restart: a second app on the same database encodes it', async () => {
    const post = await createWithPhoto();
    const { key } = post;
    // As a process that stopped in the middle of it left it: claimed, one attempt counted.
    await site.t.db.prisma.imageEncodingJob.update({
      where: { storageKey: key },
      data: { worker: 'a-process-that-stopped', claimedAt: new Date(), attempts: 1 },
    });
    const second = createApp({ config: site.t.config, db: site.t.db, clientDir: site.clientDir });
    second.services.imageEncoding.start();
    stopWorker = () => second.services.imageEncoding.stop();
    await vi.waitFor(
      async () => {
        const image = await site.t.db.prisma.image.findUniqueOrThrow({ where: { storageKey: key } });
        expect(image.variantWidths).toEqual(ALL_WIDTHS);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(await site.t.db.prisma.imageEncodingJob.count({ where: { storageKey: key } })).toBe(0);
    for (const width of ALL_WIDTHS) expect(uploadedFiles(site.t)).toContain(imageFilePath(key, width));
  });

  it('gives a job to one worker only when two claim at once (two servers on one database)', async () => {
    const post = await createWithPhoto();
    const { images, imageFiles } = site.t.app.services;
    const workers = [1, 2].map(() => new ImageEncodingQueue(site.t.db, images, imageFiles));
    const took = await Promise.all(workers.map((worker) => worker.runOne()));
    expect(took.sort()).toEqual([false, true]);
    const image = await site.t.db.prisma.image.findUniqueOrThrow({ where: { storageKey: post.key } });
    expect(image.variantWidths).toEqual(ALL_WIDTHS);
  });

  it('retries a failing job, and marks it failed after its last attempt, keeping the variant there is', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { images, imageFiles } = site.t.app.services;
      const worker = new ImageEncodingQueue(site.t.db, images, imageFiles, { maxAttempts: 3, retryDelayMs: () => 0 });
      const failing = await createWithPhoto();
      const recovering = await createWithPhoto();
      const keyOf = (post: typeof failing) => post.key;
      // Their largest variants are unreadable, so encoding fails; one of them is mended after a failure.
      const original = await images.read(imageFilePath(keyOf(recovering), 1600));
      for (const post of [failing, recovering]) {
        await images.storage.put(imageFilePath(keyOf(post), 1600), new Uint8Array([1, 2, 3]));
      }
      expect(await worker.runOne()).toBe(true);
      expect(await worker.runOne()).toBe(true);
      const jobs = await site.t.db.prisma.imageEncodingJob.findMany({ orderBy: { createdAt: 'asc' } });
      expect(jobs.map((job) => [job.state, job.attempts, job.worker])).toEqual([
        ['queued', 1, null],
        ['queued', 1, null],
      ]);
      expect(jobs[0]!.lastError).toBeTruthy();
      await images.storage.put(imageFilePath(keyOf(recovering), 1600), original);
      // Until nothing is ready: the failing one is tried twice more, the mended one succeeds.
      while (await worker.runOne()) {
        // each claim runs one job
      }
      const failed = await site.t.db.prisma.imageEncodingJob.findUniqueOrThrow({
        where: { storageKey: keyOf(failing) },
      });
      expect(failed).toMatchObject({ state: 'failed', attempts: 3, worker: null });
      expect(await site.t.db.prisma.imageEncodingJob.count({ where: { storageKey: keyOf(recovering) } })).toBe(0);
      const images2 = await site.t.db.prisma.image.findMany({
        where: { storageKey: { in: [keyOf(failing), keyOf(recovering)] } },
      });
      const widths = Object.fromEntries(images2.map((image) => [image.storageKey, image.variantWidths]));
      expect(widths).toEqual({ [keyOf(failing)]: [1600], [keyOf(recovering)]: ALL_WIDTHS });
      // A failed job is never claimed again.
      expect(await worker.runOne()).toBe(false);
      expect(logged).toHaveBeenCalledTimes(4);
    } finally {
      logged.mockRestore();
    }
  });

  it('drops the job of a post deleted before its variants were made, leaving no file', async () => {
    const post = await createWithPhoto();
    const { key } = post;
    const { data } = await site.t.graphql(DELETE_POST, { id: post.id }, { cookie: site.admin });
    expect(data.deletePost).toBe(post.id);
    expect(await site.t.db.prisma.imageEncodingJob.count({ where: { storageKey: key } })).toBe(0);
    expect(uploadedFiles(site.t).filter((file) => file.includes(key))).toEqual([]);
    const worker = new ImageEncodingQueue(site.t.db, site.t.app.services.images, site.t.app.services.imageFiles);
    expect(await worker.runOne()).toBe(false);
  });

  it('a backup of an image without its variants yet restores it with its job queued', async () => {
    const post = await createWithPhoto();
    // This one alone (the failed job's picture above was made unreadable).
    await site.t.db.prisma.post.deleteMany({ where: { id: { not: post.id } } });
    await site.t.db.prisma.image.deleteMany({ where: { storageKey: { not: post.key } } });
    const archive = path.join(site.clientDir, 'backup.tar.gz');
    await exportSite({ db: site.t.db, uploadsDir: path.join(site.t.dataDir, 'uploads'), archivePath: archive });
    const target = await createTestApp({ env: { IMAGE_VARIANTS: 'background' } });
    try {
      await importSite({ db: target.db, uploadsDir: path.join(target.dataDir, 'uploads'), archivePath: archive });
      expect(await target.db.prisma.imageEncodingJob.findUnique({ where: { storageKey: post.key } })).toMatchObject({
        state: 'queued',
      });
      const { images, imageFiles } = target.app.services;
      while (await new ImageEncodingQueue(target.db, images, imageFiles).runOne()) {
        // the restored site's jobs, one at a time
      }
      const image = await target.db.prisma.image.findUniqueOrThrow({ where: { storageKey: post.key } });
      expect(image.variantWidths).toEqual(ALL_WIDTHS);
    } finally {
      await target.dispose();
    }
  });

  it('encodes them in a bucket too: the variants are written there and served', async () => {
    const s3 = await startS3Server(['encoded']);
    const bucketSite = await createTestApp({ env: { IMAGE_VARIANTS: 'background', ...s3.env('encoded') } });
    try {
      const { cookie } = await bucketSite.signIn({ isAdmin: true });
      const photo = fileOf(await makeImage({ width: 1600, height: 900, format: 'jpeg' }), 'photo.jpg', 'image/jpeg');
      const { body } = await uploadPost(bucketSite, cookie, {}, photo);
      const key = /([0-9a-f]{32})-1600\.webp$/.exec(body.data.createPost.image!.url)![1]!;
      expect(await s3.keys('encoded')).toEqual([imageFilePath(key, 1600)]);
      const { images, imageFiles } = bucketSite.app.services;
      expect(await new ImageEncodingQueue(bucketSite.db, images, imageFiles).runOne()).toBe(true);
      expect(await s3.keys('encoded')).toEqual(ALL_WIDTHS.map((width) => imageFilePath(key, width)).sort());
      const { data } = await bucketSite.graphql(POST, { id: body.data.createPost.id });
      for (const entry of data.post!.image!.srcset.split(', ')) {
        const response = await bucketSite.request(entry.split(' ')[0]!);
        expect(response.status).toBe(200);
        expect(`${(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width}w`).toBe(
          entry.split(' ')[1],
        );
      }
    } finally {
      await bucketSite.dispose();
      await s3.stop();
    }
  });
});
