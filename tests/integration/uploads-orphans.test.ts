// Nothing lost, nothing orphaned: every image file belongs to an Image row and every Image row to a
// post or a card. Replacing and deleting remove files; a write that fails leaves neither a row nor a
// file; a process stopped in the middle of a write leaves nothing that the upkeep does not finish;
// the sweep after a start removes files that no row refers to.
import { cpSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, vi } from 'vitest';
import { ImageFiles } from '../../server/modules/media/image-files.ts';
import { commitImage } from '../../server/modules/media/image-upload.ts';
import { PostService } from '../../server/modules/post/post.service.ts';
import { readCachesFor } from '../../server/services.ts';
import { upkeepAfterStart } from '../../server/startup.ts';
import {
  DELETE_CARD,
  DELETE_POST,
  POST,
  postInput,
  UPDATE_POST,
  uploadCard,
  uploadedFiles,
  uploadPost,
} from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { testOnEmptyContent as test } from '../support/fixtures.ts';
import type { TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';
import { expectErrorLog } from '../support/expected-errors.ts';

/** The files an Image row names, as uploadedFiles() lists them. */
async function filesOfRows(t: TestApp): Promise<string[]> {
  const rows = await t.db.prisma.image.findMany();
  return rows
    .flatMap((row) => row.variantWidths.map((w) => `${row.storageKey.slice(0, 2)}/${row.storageKey}-${w}.webp`))
    .sort();
}

/**
 * Every file has its row and every row its files, every row belongs to a post or a card, and no
 * file is left pending.
 */
async function expectNothingOrphaned(t: TestApp) {
  expect(uploadedFiles(t)).toEqual(await filesOfRows(t));
  expect(await t.db.prisma.image.count({ where: { post: null, upcomingCard: null } })).toBe(0);
  expect(await t.db.prisma.pendingImageFiles.count()).toBe(0);
}

/**
 * Sends `write` while the database refuses every write to `table`, as a full disk or a lost
 * connection would: the caller is answered
 * 'Unexpected error.' (and the server logs it), then the table takes writes again.
 */
async function refusedByTheDatabase(
  t: TestApp,
  table: 'Post' | 'UpcomingCard',
  write: () => Promise<{ body: { errors?: unknown[] } }>,
) {
  expectErrorLog(/Unexpected error in a GraphQL operation .*: PrismaClientKnownRequestError/);
  await t.db.prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'writes refused by the test'; END $$`);
  await t.db.prisma.$executeRawUnsafe(
    `CREATE TRIGGER refuse_write BEFORE INSERT OR UPDATE ON "${table}" FOR EACH ROW EXECUTE FUNCTION refuse_write()`,
  );
  try {
    const { body } = await write();
    expect(body.errors?.[0]).toMatchObject({ message: 'Unexpected error.' });
  } finally {
    await t.db.prisma.$executeRawUnsafe(`DROP TRIGGER refuse_write ON "${table}"`);
  }
}

describe(`replacing and deleting on ${testDbKind}`, () => {
  test("replacing a post's image deletes the old files and row, and keeps the new", async ({ app: t, admin }) => {
    const created = (await uploadPost(t, admin)).body.data.createPost;
    const oldFiles = uploadedFiles(t);
    expect(oldFiles).toHaveLength(4);

    const replacement = fileOf(await makeImage({ width: 2000, height: 1000, format: 'jpeg' }), 'new.jpg');
    const { response, body } = await t.upload(
      UPDATE_POST,
      { id: created.id, input: postInput({ title: 'New cover' }) },
      { 'input.image': replacement },
      { cookie: admin },
    );
    expect(response.status).toBe(200);
    expect(body.data.updatePost).toMatchObject({ id: created.id, title: 'New cover', image: { width: 1600 } });
    expect(body.data.updatePost.image!.url).not.toBe(created.image!.url);

    expect(await t.db.prisma.image.count()).toBe(1);
    const newFiles = uploadedFiles(t);
    expect(newFiles).toHaveLength(4);
    expect(newFiles.filter((file) => oldFiles.includes(file))).toEqual([]);
    expect((await t.request(created.image!.url)).status).toBe(404);
    expect((await t.request(body.data.updatePost.image!.url)).status).toBe(200);
    await expectNothingOrphaned(t);
  });

  test('deleting a post deletes its files and image row', async ({ app: t, admin }) => {
    const created = (await uploadPost(t, admin)).body.data.createPost;
    const kept = (await uploadPost(t, admin, { title: 'Kept' })).body.data.createPost;
    await t.graphql(DELETE_POST, { id: created.id }, { cookie: admin });
    expect(await t.db.prisma.image.count()).toBe(1);
    expect(uploadedFiles(t)).toHaveLength(4);
    expect((await t.request(created.image!.url)).status).toBe(404);
    expect((await t.request(kept.image!.url)).status).toBe(200);
    await expectNothingOrphaned(t);
  });

  test('deleting a card deletes its files and image row', async ({ app: t, admin }) => {
    const card = (await uploadCard(t, admin)).body.data.createUpcomingCard;
    expect(uploadedFiles(t)).toHaveLength(3); // 800 wide: 480, 720 and 800
    expect(await t.graphql(DELETE_CARD, { id: card.id }, { cookie: admin })).toEqual({
      data: { deleteUpcomingCard: card.id },
    });
    expect(uploadedFiles(t)).toEqual([]);
    expect(await t.db.prisma.image.count()).toBe(0);
  });
});

describe(`failed writes on ${testDbKind}`, () => {
  test('a post refused by validation stores no file', async ({ app: t, admin }) => {
    await uploadPost(t, admin, { title: '' });
    expect(uploadedFiles(t)).toEqual([]);
    expect(await t.db.prisma.image.count()).toBe(0);
  });

  test('a post the database refuses after its files were written leaves neither row nor file', async ({
    app: t,
    admin,
  }) => {
    await refusedByTheDatabase(t, 'Post', () => uploadPost(t, admin));
    expect(await t.db.prisma.post.count()).toBe(0);
    expect(await t.db.prisma.image.count()).toBe(0);
    expect(uploadedFiles(t)).toEqual([]);
  });

  test('a replacement the database refuses keeps the old image and leaves no new file', async ({ app: t, admin }) => {
    const created = (await uploadPost(t, admin)).body.data.createPost;
    const before = uploadedFiles(t);
    const replacement = fileOf(await makeImage({ format: 'webp' }));
    await refusedByTheDatabase(t, 'Post', () =>
      t.upload(
        UPDATE_POST,
        { id: created.id, input: postInput({ title: 'Never saved' }) },
        { 'input.image': replacement },
        { cookie: admin },
      ),
    );
    expect(uploadedFiles(t)).toEqual(before);
    expect((await t.graphql(POST, { id: created.id })).data.post).toEqual(created);
    await expectNothingOrphaned(t);
  });

  test('a replacement for a post deleted meanwhile leaves no new file', async ({ app: t, admin }) => {
    const created = (await uploadPost(t, admin)).body.data.createPost;
    await t.graphql(DELETE_POST, { id: created.id }, { cookie: admin });
    const { response } = await t.upload(
      UPDATE_POST,
      { id: created.id, input: postInput() },
      { 'input.image': fileOf(await makeImage()) },
      { cookie: admin },
    );
    expect(response.status).toBe(404);
    expect(uploadedFiles(t)).toEqual([]);
  });

  test('a card the database refuses leaves neither row nor file', async ({ app: t, admin }) => {
    await refusedByTheDatabase(t, 'UpcomingCard', () => uploadCard(t, admin));
    expect(await t.db.prisma.image.count()).toBe(0);
    expect(uploadedFiles(t)).toEqual([]);
  });
});

describe(`the sweep after a start on ${testDbKind}`, () => {
  const uploadsDir = (t: TestApp) => path.join(t.dataDir, 'uploads');
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

  /** Copies a stored file under a storage key no row has, dated `date`. */
  function plantOrphan(t: TestApp, from: string, key: string, date: Date): string {
    const relative = `${key.slice(0, 2)}/${key}-480.webp`;
    mkdirSync(path.join(uploadsDir(t), key.slice(0, 2)), { recursive: true });
    cpSync(path.join(uploadsDir(t), from), path.join(uploadsDir(t), relative));
    utimesSync(path.join(uploadsDir(t), relative), date, date);
    return relative;
  }

  test('removes files no row refers to, keeping the others and any younger than an hour', async ({ app: t, admin }) => {
    await uploadPost(t, admin);
    const kept = uploadedFiles(t);
    for (const file of kept) utimesSync(path.join(uploadsDir(t), file), hoursAgo(3), hoursAgo(3));
    const old = plantOrphan(t, kept[0]!, 'ab'.repeat(16), hoursAgo(2));
    const inProgress = plantOrphan(t, kept[0]!, 'cd'.repeat(16), new Date());
    expect(uploadedFiles(t)).toEqual([...kept, old, inProgress].sort());

    const lines: string[] = [];
    await upkeepAfterStart(t.db, t.app.services.imageFiles, (line) => lines.push(line));
    expect(uploadedFiles(t)).toEqual([...kept, inProgress].sort());
    expect(lines).toContain('Removed 1 image file(s) that no record refers to.');
    // The orphan's folder keeps only the post's own files, if its random key also begins with "ab".
    const keptInFolder = kept.filter((file) => file.startsWith('ab/')).map((file) => path.basename(file));
    expect(readdirSync(path.join(uploadsDir(t), 'ab')).sort()).toEqual(keptInFolder);
  });

  test('keeps the files of rows read after the first page of keys, and removes only the file no row names', async ({
    app: t,
  }) => {
    // More rows than the sweep reads at once (2 000), each with its file, all over an hour old.
    const keys = Array.from({ length: 2100 }, (_, i) => i.toString(16).padStart(32, '0'));
    await t.db.prisma.image.createMany({
      data: keys.map((storageKey) => ({
        storageKey,
        mimeType: 'image/webp',
        width: 480,
        height: 270,
        variantWidths: [480],
      })),
    });
    const plant = (key: string) => {
      const relative = `${key.slice(0, 2)}/${key}-480.webp`;
      mkdirSync(path.join(uploadsDir(t), key.slice(0, 2)), { recursive: true });
      writeFileSync(path.join(uploadsDir(t), relative), 'webp');
      utimesSync(path.join(uploadsDir(t), relative), hoursAgo(2), hoursAgo(2));
      return relative;
    };
    const named = keys.map(plant);
    plant('0f'.repeat(16));

    const lines: string[] = [];
    await upkeepAfterStart(t.db, t.app.services.imageFiles, (line) => lines.push(line));
    expect(uploadedFiles(t)).toEqual(named.sort());
    expect(lines).toContain('Removed 1 image file(s) that no record refers to.');
  });

  test('leaves the files alone when the database has no image at all (likely the wrong database)', async ({
    app: t,
    admin,
  }) => {
    await uploadPost(t, admin);
    const files = uploadedFiles(t);
    for (const file of files) utimesSync(path.join(uploadsDir(t), file), hoursAgo(3), hoursAgo(3));
    await t.db.prisma.post.deleteMany();
    await t.db.prisma.image.deleteMany();

    const lines: string[] = [];
    await upkeepAfterStart(t.db, t.app.services.imageFiles, (line) => lines.push(line));
    expect(uploadedFiles(t)).toEqual(files);
    expect(lines.join('\n')).toContain('the database has no images');
  });
});

describe(`after a process stopped in the middle of a write, on ${testDbKind}`, () => {
  /** The app's image files as another server process sees them, one that has stopped (kill -9). */
  function filesOfAStoppedProcess(t: TestApp): ImageFiles {
    return new ImageFiles(t.app.services.images, {
      kind: t.db.kind,
      sql: t.db.sql,
      prisma: t.db.prisma,
      instanceId: 'a-process-that-stopped',
      connectedInstances: () => t.db.connectedInstances(),
    });
  }

  /** A post service of a process that stops right after a delete (or replacement) commits. */
  function postsOfAProcessStoppingAfterCommit(t: TestApp): PostService {
    class StopsAfterCommit extends ImageFiles {
      override async removeNow(): Promise<void> {}
    }
    const files = new StopsAfterCommit(t.app.services.images, t.db);
    return new PostService(t.db.prisma, files, readCachesFor(t.config, t.app.changes));
  }

  test('an upload whose process stopped after writing its files is undone at the next start', async ({
    app: t,
    admin,
  }) => {
    const kept = (await uploadPost(t, admin)).body.data.createPost;
    const keptFiles = uploadedFiles(t);
    // What the stopped process did: recorded the upload, wrote every file, never committed the row.
    await filesOfAStoppedProcess(t).write(await makeImage({ width: 2000, height: 1000 }));
    expect(uploadedFiles(t)).toHaveLength(keptFiles.length + 4);

    const lines: string[] = [];
    await upkeepAfterStart(t.db, t.app.services.imageFiles, (line) => lines.push(line));
    expect(lines).toContain('Removed the files of 1 image(s) whose upload or delete was interrupted.');
    expect(uploadedFiles(t)).toEqual(keptFiles);
    expect((await t.request(kept.image!.url)).status).toBe(200);
    await expectNothingOrphaned(t);
  });

  test('a delete whose process stopped after its commit has its files removed by the upkeep', async ({
    app: t,
    admin,
  }) => {
    const deleted = (await uploadPost(t, admin)).body.data.createPost;
    const replaced = (await uploadPost(t, admin, { title: 'Replaced' })).body.data.createPost;
    const kept = (await uploadPost(t, admin, { title: 'Kept' })).body.data.createPost;
    const stopping = postsOfAProcessStoppingAfterCommit(t);
    await stopping.delete(deleted.id);
    await stopping.update(replaced.id, { ...postInput(), category: 'game', image: await makeImage() });
    expect(uploadedFiles(t)).toHaveLength(4 * 4);
    expect(await t.db.prisma.pendingImageFiles.count({ where: { state: 'removing' } })).toBe(2);

    // The running server's upkeep (every few minutes), or the next start: the same work.
    expect(await t.app.services.imageFiles.recover()).toBe(2);
    expect(uploadedFiles(t)).toHaveLength(2 * 4);
    expect((await t.request(deleted.image!.url)).status).toBe(404);
    expect((await t.request(replaced.image!.url)).status).toBe(404);
    expect((await t.request(kept.image!.url)).status).toBe(200);
    await expectNothingOrphaned(t);
  });

  test('never sweeps an upload in flight in a running process, which then commits', async ({ app: t }) => {
    const files = t.app.services.imageFiles;
    const stored = await files.write(await makeImage({ width: 800, height: 600 }));
    await upkeepAfterStart(t.db, t.app.services.imageFiles, () => {});
    expect(uploadedFiles(t)).toHaveLength(3);

    await commitImage(t.db.prisma, files, stored, (tx) =>
      tx.upcomingCard.create({ data: { title: 'Reading', subtitle: 'A book', image: { create: stored } } }),
    );
    expect(uploadedFiles(t)).toEqual(await filesOfRows(t));
    await expectNothingOrphaned(t);
  });

  test('an upload stuck for an hour is given up, and its row then refuses to commit', async ({ app: t }) => {
    const files = t.app.services.imageFiles;
    const stored = await files.write(await makeImage({ width: 800, height: 600 }));
    await t.db.prisma.pendingImageFiles.updateMany({ data: { createdAt: new Date(Date.now() - 2 * 3600_000) } });
    expect(await files.recover()).toBe(1);
    expect(uploadedFiles(t)).toEqual([]);

    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(
        commitImage(t.db.prisma, files, stored, (tx) =>
          tx.upcomingCard.create({ data: { title: 'Reading', subtitle: 'A book', image: { create: stored } } }),
        ),
      ).rejects.toMatchObject({ code: 'STORAGE_FAILED', status: 500 });
      expect(String(consoleError.mock.calls[0]?.[1])).toContain('was given up');
    } finally {
      consoleError.mockRestore();
    }
    expect(await t.db.prisma.upcomingCard.count()).toBe(0);
    await expectNothingOrphaned(t);
  });
});
