// kill -9 in the middle of uploads and deletes, then a restart: every image file has its row and
// every row its files, whatever the moment the process stopped at. The moment is the one that
// matters most: the first file of a new upload has just appeared on disk, while other uploads and
// deletes are in flight.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plannedWidthsOf } from '../../server/modules/media/image-store.ts';
import { CREATE_POST, DELETE_POST, postInput } from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { PROCESS_TEST_TIMEOUT, serverPlace, signInAsAdmin, type ServerProcess } from '../support/server-process.ts';
import { documentText } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const ADMIN = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'a long enough password' };

const place = serverPlace('blog-crash-', ADMIN);
const start = () => place.start();

const uploadsDir = () => path.join(place.dataDir, 'uploads');

/** Every file in the uploads folder, relative to it. */
function filesOnDisk(): string[] {
  try {
    return readdirSync(uploadsDir(), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(uploadsDir(), path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

async function createPost(server: ServerProcess, cookie: string, image: File): Promise<Response> {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({ query: documentText(CREATE_POST), variables: { input: postInput({ image: null }) } }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.input.image'] }));
  form.set('0', image);
  return fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'x-graphql-yoga-csrf': '1' },
    body: form,
  });
}

function deletePost(server: ServerProcess, cookie: string, id: string): Promise<Response> {
  return fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ query: documentText(DELETE_POST), variables: { id } }),
  });
}

/** Resolves once a file appears in the uploads folder that is not among `before`. */
async function newFileAppears(before: Set<string>): Promise<void> {
  for (;;) {
    if (filesOnDisk().some((file) => !before.has(file))) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe(`image files after kill -9 on ${testDbKind}`, { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('leaves no file without its row and no row without its files after a restart', async () => {
    const first = await start();
    const cookie = await signInAsAdmin(first, ADMIN);
    const image = fileOf(await makeImage({ width: 2400, height: 1350 }));
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const body = (await (await createPost(first, cookie, image)).json()) as { data: { createPost: { id: string } } };
      ids.push(body.data.createPost.id);
    }

    // Uploads and deletes in flight together; the kill lands as the first new file is written.
    const before = new Set(filesOnDisk());
    const inFlight = [
      ...Array.from({ length: 4 }, () => createPost(first, cookie, image)),
      ...ids.map((id) => deletePost(first, cookie, id)),
    ].map((request) => request.catch(() => null));
    await newFileAppears(before);
    await first.stop('SIGKILL');
    await Promise.all(inFlight);

    const second = await start();
    expect(await second.stop('SIGTERM')).toBe(0);

    const db = await place.openDatabase();
    try {
      const images = await db.prisma.image.findMany({
        include: { post: true, upcomingCard: true, encodingJob: true },
      });
      const fileNames = (key: string, widths: number[]) => widths.map((w) => `${key.slice(0, 2)}/${key}-${w}.webp`);
      const named = images.flatMap((row) => fileNames(row.storageKey, row.variantWidths)).sort();
      // Beside them, a queued job's variants that a killed worker wrote before its row named them:
      // the job writes them again, or a delete removes them (plannedWidthsOf).
      const queued = images
        .filter((row) => row.encodingJob)
        .flatMap((row) => fileNames(row.storageKey, plannedWidthsOf(row)));
      expect(filesOnDisk().filter((file) => !named.includes(file) && !queued.includes(file))).toEqual([]);
      expect(named.filter((file) => !filesOnDisk().includes(file))).toEqual([]);
      expect(images.filter((row) => !row.post && !row.upcomingCard)).toEqual([]);
      expect(await db.prisma.pendingImageFiles.count()).toBe(0);
    } finally {
      await db.close();
    }
  });
});
