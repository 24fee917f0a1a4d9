// A backup of a site that is running and being written to: GET /api/backup (the studio's download)
// is the admin's alone, and a backup keeps every file its snapshot names even when the author
// deletes the image meanwhile. The scripts and a real server process: tests/process/backup-scripts.test.ts.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { backupFileName } from '../../server/modules/backup/backup.rest.ts';
import { checkBackup, exportSite } from '../../server/modules/backup/site-backup.ts';
import { readTarGz } from '../../server/modules/backup/tar-archive.ts';
import { DiskImageStorage } from '../../server/modules/media/image-storage.ts';
import { ImageStore } from '../../server/modules/media/image-store.ts';
import { DELETE_POST, uploadPost } from '../support/content.ts';
import { testOnEmptyContent as test } from '../support/fixtures.ts';
import { testDbKind } from '../support/test-database.ts';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'blog-live-backup-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** The names of an archive's entries. */
async function entriesOf(archive: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of readTarGz(archive, 1024 * 1024 * 1024)) names.push(entry.name);
  return names;
}

describe(`GET /api/backup on ${testDbKind}`, () => {
  test('gives the admin the whole site as a dated download that no other site can read', async ({ app: t, admin }) => {
    await uploadPost(t, admin);
    const response = await t.request('/api/backup', { headers: { cookie: admin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${backupFileName()}"`);
    expect(backupFileName(new Date('2026-03-04T23:59:00Z'))).toBe('blog-backup-2026-03-04.tar.gz');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const archive = path.join(workDir, 'download.tar.gz');
    await writeFile(archive, new Uint8Array(await response.arrayBuffer()));
    expect(await checkBackup(archive)).toEqual({ users: 1, images: 1, posts: 1, upcomingCards: 0, files: 4 });
  });

  test('refuses anonymous callers, readers, a wrong token and another site’s page', async ({ app: t, admin }) => {
    const reader = (await t.signIn({ isAdmin: false })).cookie;
    const refusals: Array<{ headers: Record<string, string>; status: number }> = [
      { headers: {}, status: 401 },
      { headers: { cookie: reader }, status: 403 },
      { headers: { authorization: 'Bearer not-the-servers-token-not-the-servers-token' }, status: 401 },
      // The admin's own cookie, sent by another site's page: answered as to nobody.
      { headers: { cookie: admin, origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' }, status: 401 },
    ];
    for (const { headers, status } of refusals) {
      const response = await t.request('/api/backup', { headers });
      expect(response.status, JSON.stringify(headers)).toBe(status);
      expect(response.headers.get('content-disposition')).toBeNull();
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe(`a backup while the author deletes, on ${testDbKind}`, () => {
  test('keeps the files its snapshot names; they go once it has read them', async ({ app: t, admin }) => {
    const posts: Array<{ id: string }> = [];
    for (let i = 0; i < 2; i++) posts.push((await uploadPost(t, admin, { title: `Post ${i}` })).body.data.createPost);
    const uploads = path.join(t.dataDir, 'uploads');
    const { image: deleted } = await t.db.prisma.post.findUniqueOrThrow({
      where: { id: posts[0]!.id },
      select: { image: true },
    });
    if (!deleted) throw new Error('The post was created without its image');
    const deletedFiles = deleted.variantWidths.map((w) => ImageStore.relativePath(deleted.storageKey, w));

    // The backup stops at its first image file, after its snapshot, until the delete is done.
    let reading!: () => void;
    const readingStarted = new Promise<void>((resolve) => (reading = resolve));
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    class PausingStorage extends DiskImageStorage {
      override async get(file: string) {
        reading();
        await resumed;
        return super.get(file);
      }
    }
    // On PostgreSQL the backup runs as another process would, on its own connections: the hold is
    // the database's lock, not this process's count.
    let backupDb: Database = t.db;
    if (testDbKind === 'postgres') backupDb = await openDatabase({ databaseUrl: t.url });
    try {
      const archive = path.join(workDir, 'during-delete.tar.gz');
      const backup = exportSite({ db: backupDb, storage: new PausingStorage(uploads), archivePath: archive });
      await readingStarted;

      const result = await t.graphql(DELETE_POST, { id: posts[0]!.id }, { cookie: admin });
      expect(result.errors).toBeUndefined();
      expect(await t.db.prisma.image.count({ where: { id: deleted.id } })).toBe(0);
      // Still there, and still recorded as to be removed.
      for (const file of deletedFiles) expect(existsSync(path.join(uploads, file)), file).toBe(true);
      expect(await t.db.prisma.pendingImageFiles.count({ where: { storageKey: deleted.storageKey } })).toBe(1);

      resume();
      expect(await backup).toMatchObject({ posts: 2, images: 2, files: 8 });
      expect(await entriesOf(archive)).toEqual(expect.arrayContaining(deletedFiles.map((file) => `uploads/${file}`)));

      // The upkeep, which a server runs every few minutes (and at once here, when the backup is this
      // process's own), removes them once the backup has let go.
      if (testDbKind === 'postgres') await t.app.services.imageFiles.recover();
      await expect.poll(() => deletedFiles.filter((file) => existsSync(path.join(uploads, file)))).toEqual([]);
      await expect.poll(() => t.db.prisma.pendingImageFiles.count()).toBe(0);
    } finally {
      resume();
      if (backupDb !== t.db) await backupDb.close();
    }
  });
});
