// Export and import of the whole site: a seeded site on PGlite goes into one archive and comes back
// into a fresh database (PGlite, or PostgreSQL in the postgres run) with every row and every image
// file identical. Refusals (a non-empty site, a damaged or foreign archive) change nothing.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../prisma/seed-demo.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { ImageStore } from '../../server/modules/media/image-store.ts';
import { hashPassword } from '../../server/modules/auth/password.ts';
import { SessionService } from '../../server/modules/auth/session.service.ts';
import { BackupError, exportSite, importSite } from '../../server/modules/backup/site-backup.ts';
import { openSetup } from '../../server/modules/site/first-run.service.ts';
import { figureHtml } from '#kernel/content-pictures.ts';
import { createTarGzWriter, readTarGz } from '../../server/modules/backup/tar-archive.ts';
import {
  createEmptyPglite,
  createPostgresDatabase,
  createTestDatabase,
  testDbKind,
  type TestDatabase,
} from '../support/test-database.ts';
import { SAMPLE_SETTINGS } from '../support/site-settings.ts';

/** Every setting of the source site (issue 36): a backup carries them all. */
const SETTINGS = { ...SAMPLE_SETTINGS, seeded: true };

const SEED_TIMEOUT = 180_000;

let workDir: string;
let source: TestDatabase;
let sourceUploads: string;
let archive: string;
const cleanups: Array<() => Promise<void>> = [];

/** Every file under a folder, relative path to bytes. */
async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(path.join(dir, file))] as const)));
}

/** Every row the backup covers, in a stable order, as Prisma reads them (Dates, arrays, all fields). */
async function rowsOf(db: Database) {
  const byId = { orderBy: { id: 'asc' } } as const;
  return {
    users: await db.prisma.user.findMany(byId),
    images: await db.prisma.image.findMany(byId),
    posts: await db.prisma.post.findMany(byId),
    upcomingCards: await db.prisma.upcomingCard.findMany(byId),
    // A post's former addresses (their own creation time is not part of a backup).
    formerSlugs: await db.prisma.postSlugRedirect.findMany({
      select: { slug: true, postId: true },
      orderBy: { slug: 'asc' },
    }),
    // The site's name and author (never an open setup code), and every post's revisions in order.
    site: await db.prisma.siteSetting.findUnique({ where: { id: 1 }, omit: { updatedAt: true } }),
    postRevisions: await db.prisma.postRevision.findMany({
      orderBy: { sequence: 'asc' },
      omit: { id: true, sequence: true },
    }),
    // The tags, their former addresses and which posts have them, in order (issue 36).
    tags: await db.prisma.tag.findMany(byId),
    tagSlugRedirects: await db.prisma.tagSlugRedirect.findMany({ select: { slug: true, tagId: true } }),
    postTags: await db.prisma.postTag.findMany({ orderBy: [{ postId: 'asc' }, { position: 'asc' }] }),
    // The author's redirects and menus (issue 36).
    redirects: await db.prisma.redirect.findMany(byId),
    menus: await db.prisma.menu.findMany({ orderBy: { name: 'asc' } }),
    // What imports brought in (issue 39).
    importedItems: await db.prisma.importedItem.findMany({ orderBy: { sourceId: 'asc' } }),
    // Readers' comments, replies and the e-mails kept for their notifications (issue 38).
    comments: await db.prisma.comment.findMany(byId),
    // Readers who follow by e-mail (issue 40).
    subscribers: await db.prisma.subscriber.findMany(byId),
    // Not in the archive: rebuilt from each post's content, as a save records them.
    postPictures: await db.prisma.postPicture.findMany({ orderBy: [{ postId: 'asc' }, { imageId: 'asc' }] }),
    // The author's pages (issue 36), and the pictures of their text, rebuilt from it.
    pages: await db.prisma.page.findMany(byId),
    pagePictures: await db.prisma.pagePicture.findMany({ orderBy: [{ pageId: 'asc' }, { imageId: 'asc' }] }),
    // The shelf (issue 41) and the posts about its items.
    shelfItems: await db.prisma.shelfItem.findMany(byId),
    shelfItemPosts: await db.prisma.shelfItemPost.findMany({ orderBy: [{ itemId: 'asc' }, { postId: 'asc' }] }),
  };
}

/** A fresh, unmigrated database of the run's kind, migrated as `npm run import` does, and its uploads folder. */
async function freshTarget(): Promise<{ db: Database; uploadsDir: string }> {
  let db: Database;
  if (testDbKind === 'postgres') {
    const created = await createPostgresDatabase({ migrated: false });
    db = await openDatabase({ databaseUrl: created.url });
    cleanups.push(async () => {
      await db.close();
      await created.drop();
    });
  } else {
    db = await openDatabase({ pglite: await createEmptyPglite() });
    cleanups.push(() => db.close());
  }
  await migrate(db.sql);
  return { db, uploadsDir: await mkdtemp(path.join(workDir, 'uploads-')) };
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'blog-backup-'));
  // The source is always the embedded database: the site a self-hoster most often moves.
  source = await createTestDatabase('pglite');
  sourceUploads = path.join(workDir, 'source-uploads');
  const { prisma } = source.db;
  await seedDemo({ prisma, imageStore: new ImageStore(sourceUploads, 10 * 1024 * 1024), log: () => {} });
  const admin = await prisma.user.create({
    data: {
      name: 'Ada',
      email: 'ada@example.com',
      isAdmin: true,
      passwordHash: await hashPassword('a long password 1'),
    },
  });
  await prisma.user.create({
    data: { name: 'Reader', email: 'reader@example.com', passwordHash: await hashPassword('a long password 2') },
  });
  // The author's studio: a draft, a scheduled post, a post with a former address, a cover's alt
  // text, description and focal point all travel with the site.
  const [draft, scheduled, renamed] = await prisma.post.findMany({ orderBy: { id: 'asc' }, take: 3 });
  await prisma.post.update({ where: { id: draft!.id }, data: { status: 'DRAFT', publishedAt: null } });
  await prisma.post.update({
    where: { id: scheduled!.id },
    data: { status: 'SCHEDULED', publishedAt: new Date(Date.now() + 3 * 86_400_000) },
  });
  await prisma.post.update({
    where: { id: renamed!.id },
    data: {
      slug: 'a-new-address',
      imageAlt: 'A lantern on a dark shore',
      description: 'For link previews',
      formerSlugs: { create: [{ slug: renamed!.slug }] },
    },
  });
  await prisma.image.update({ where: { id: renamed!.imageId! }, data: { focusX: 0.2, focusY: 0.85 } });
  // A 'Currently' card's alt text, link and place in the carousel travel too.
  const [card] = await prisma.upcomingCard.findMany({ orderBy: { id: 'asc' }, take: 1 });
  await prisma.upcomingCard.update({
    where: { id: card!.id },
    data: { imageAlt: 'A lighthouse', link: 'https://example.com/lighthouse', position: 2 },
  });
  // A picture in a post's text (here another post's cover), tracked as a save tracks it.
  const [, , , illustrated, lender] = await prisma.post.findMany({
    orderBy: { id: 'asc' },
    take: 5,
    include: { image: true },
  });
  await prisma.post.update({
    where: { id: illustrated!.id },
    data: {
      content: `${illustrated!.content}${figureHtml({ ...lender!.image!, alt: 'Borrowed', caption: 'A caption' })}`,
      pictures: { create: [{ imageId: lender!.imageId! }] },
    },
  });
  // The author's pages: the about page's text rewritten, and a draft of their own showing a picture.
  await prisma.page.update({ where: { slug: 'about' }, data: { content: '<p>Rewritten by the author</p>' } });
  await prisma.page.create({
    data: {
      slug: 'now',
      title: 'Now',
      content: figureHtml({ ...lender!.image!, alt: 'Now', caption: '' }),
      pictures: { create: [{ imageId: lender!.imageId! }] },
    },
  });
  // The site's settings (the name the first-run setup gave it, the rest from /admin/settings), and
  // two revisions of a post (the older one first).
  // Its pictures (issue 36): a card's and a post's images, in the backup with their files.
  await prisma.siteSetting.create({
    data: { id: 1, ...SETTINGS, avatarId: card!.imageId, bannerId: lender!.imageId },
  });
  // The author's picture's focal point (kept on its Image row, as every picture's).
  await prisma.image.update({ where: { id: card!.imageId }, data: { focusX: 0.35, focusY: 0.15 } });
  for (const [i, title] of ['First try', 'Second try'].entries()) {
    await prisma.postRevision.create({
      data: {
        postId: renamed!.id,
        createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
        status: 'DRAFT',
        isPublish: false,
        title,
        subtitle: '',
        content: `<p>${title}</p>`,
        category: 'book',
        slug: renamed!.slug,
        description: '',
        imageId: renamed!.imageId,
        imageAlt: '',
      },
    });
  }
  // Tags: two on a post in the author's order, one with a former address, one on no post.
  const [puzzles, cozy] = await Promise.all(
    ['Puzzles', 'Cozy games', 'Unused'].map((name) =>
      prisma.tag.create({ data: { name, slug: name.toLowerCase().replace(' ', '-') } }),
    ),
  );
  await prisma.tagSlugRedirect.create({ data: { slug: 'puzzle', tagId: puzzles!.id } });
  await prisma.postTag.createMany({
    data: [
      { postId: renamed!.id, tagId: cozy!.id, position: 0 },
      { postId: renamed!.id, tagId: puzzles!.id, position: 1 },
      { postId: draft!.id, tagId: puzzles!.id, position: 0 },
    ],
  });
  // A redirect and an edited menu.
  await prisma.redirect.create({ data: { from: '/old-shelf', to: 'https://example.org/', permanent: false } });
  await prisma.menu.create({ data: { name: 'footer', items: [{ label: 'Now', kind: 'page', target: 'now' }] } });
  // A post an import brought in (issue 39): the restored site knows it, and does not import it twice.
  await prisma.importedItem.create({
    data: { source: 'wordpress:https://old.example', kind: 'post', sourceId: '42', targetId: draft!.id },
  });
  // A comment, the author's reply to it, a held one, and a post whose comments are closed (issue 38).
  const comment = await prisma.comment.create({
    data: {
      postId: renamed!.id,
      name: 'Ada',
      email: 'ada@example.com',
      website: 'https://ada.example',
      text: 'A reader writes',
      status: 'approved',
      notifyReplies: true,
      clientAddress: '203.0.113.5',
    },
  });
  await prisma.comment.create({
    data: {
      postId: renamed!.id,
      parentId: comment.id,
      name: 'Me',
      email: admin.email,
      text: 'Thanks',
      status: 'approved',
      isAuthor: true,
    },
  });
  await prisma.comment.create({ data: { postId: renamed!.id, name: 'Bo', email: 'bo@example.com', text: 'Waiting' } });
  await prisma.post.update({ where: { id: lender!.id }, data: { commentsClosed: true } });
  // Subscribers (issue 40): one confirmed, one who left, one refused; a post not to be e-mailed.
  await prisma.subscriber.createMany({
    data: [
      {
        email: 'ann@example.com',
        status: 'confirmed',
        consentSource: 'form',
        unsubscribeKey: 'key-ann',
        confirmedAt: new Date(),
      },
      { email: 'ben@example.com', status: 'unsubscribed', consentSource: 'graphql', unsubscribeKey: 'key-ben' },
      // An address the SMTP server refused for good (issue 40's delivery).
      { email: 'cy@example.com', status: 'bounced', consentSource: 'form', unsubscribeKey: 'key-cy' },
    ],
  });
  await prisma.post.update({ where: { id: renamed!.id }, data: { sendByEmail: false } });
  // The shelf (issue 41): a finished book reviewed by a post, and a game in progress.
  const book = await prisma.shelfItem.create({
    data: {
      kind: 'book',
      title: 'Dune',
      slug: 'dune',
      creator: 'Frank Herbert',
      year: 1965,
      status: 'finished',
      progress: 688,
      progressTotal: 688,
      ratingHalves: 9,
      startedOn: new Date('2026-02-01T00:00:00Z'),
      finishedOn: new Date('2026-03-14T00:00:00Z'),
      notes: '<p>Spice</p>',
      links: [{ label: 'Goodreads', url: 'https://www.goodreads.com/book/show/234225' }],
      tags: ['sci-fi'],
      sourceKey: 'goodreads:234225',
    },
  });
  await prisma.shelfItem.create({ data: { kind: 'game', title: 'Hades', slug: 'hades', status: 'in_progress' } });
  await prisma.shelfItemPost.create({ data: { itemId: book.id, postId: renamed!.id } });
  // Sessions are not part of a backup: a restored site signs everyone out.
  await new SessionService(prisma, { siteUrl: 'http://blog.test' }).create(admin.id);
  archive = path.join(workDir, 'backup.tar.gz');
}, SEED_TIMEOUT);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await source?.dispose();
  await rm(workDir, { recursive: true, force: true });
});

describe(`export from PGlite, import into ${testDbKind}`, () => {
  it('exports every row and file into one .tar.gz', async () => {
    const counts = await exportSite({ db: source.db, uploadsDir: sourceUploads, archivePath: archive });
    expect(counts).toEqual({
      users: 2,
      images: 35,
      posts: 32,
      upcomingCards: 3,
      files: (await filesUnder(sourceUploads)).size,
    });
    const bytes = await readFile(archive);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip
    expect(await readdir(workDir)).not.toContain(expect.stringMatching(/partial/));
  });

  it(
    'imports into a fresh database: every row (ids, timestamps, password hashes) and every file byte-identical',
    async () => {
      const target = await freshTarget();
      // A site just started waits for its first-run setup: the restored accounts close it.
      await openSetup(target.db.prisma);
      const counts = await importSite({ db: target.db, uploadsDir: target.uploadsDir, archivePath: archive });
      expect(counts).toMatchObject({ users: 2, images: 35, posts: 32, upcomingCards: 3 });

      const [before, after] = [await rowsOf(source.db), await rowsOf(target.db)];
      expect(after).toEqual(before);
      expect(after.posts.map((post) => post.status).sort()).toEqual([
        'DRAFT',
        ...Array<string>(30).fill('PUBLISHED'),
        'SCHEDULED',
      ]);
      expect(after.site).toMatchObject({ id: 1, ...SETTINGS, setupCodeHash: null });
      // The restored site shows the same pictures: the same rows, whose files came across.
      expect(after.site?.avatarId).toBe(after.upcomingCards.find((c) => c.imageAlt === 'A lighthouse')!.imageId);
      expect(after.site?.bannerId).toEqual(expect.any(String));
      // Cut where the author chose, as before.
      expect(after.images.find((image) => image.id === after.site?.avatarId)).toMatchObject({
        focusX: 0.35,
        focusY: 0.15,
      });
      expect(after.postRevisions.map((revision) => revision.title)).toEqual(['First try', 'Second try']);
      expect(after.formerSlugs).toHaveLength(1);
      expect(after.tags.map((tag) => tag.name).sort()).toEqual(['Cozy games', 'Puzzles', 'Unused']);
      expect(after.tagSlugRedirects).toMatchObject([{ slug: 'puzzle' }]);
      expect(after.postTags).toHaveLength(3);
      expect(after.redirects).toMatchObject([{ from: '/old-shelf', to: 'https://example.org/', permanent: false }]);
      expect(after.menus).toMatchObject([{ name: 'footer', items: [{ label: 'Now', kind: 'page', target: 'now' }] }]);
      expect(after.importedItems).toMatchObject([{ kind: 'post', sourceId: '42' }]);
      expect(after.postPictures).toHaveLength(1);
      expect(after.comments.map((comment) => [comment.text, comment.status, comment.parentId !== null])).toEqual([
        ['A reader writes', 'approved', false],
        ['Thanks', 'approved', true],
        ['Waiting', 'held', false],
      ]);
      expect(after.posts.filter((post) => post.commentsClosed)).toHaveLength(1);
      expect(after.subscribers.map((row) => [row.email, row.status, row.unsubscribeKey])).toEqual([
        ['ann@example.com', 'confirmed', 'key-ann'],
        ['ben@example.com', 'unsubscribed', 'key-ben'],
        ['cy@example.com', 'bounced', 'key-cy'],
      ]);
      expect(after.posts.filter((post) => !post.sendByEmail)).toHaveLength(1);
      expect(after.pages.map((page) => page.slug).sort()).toEqual([
        'about',
        'disclaimer',
        'hire-me',
        'now',
        'privacy-policy',
      ]);
      expect(after.pages.find((page) => page.slug === 'about')!.content).toBe('<p>Rewritten by the author</p>');
      expect(after.pagePictures).toHaveLength(1);
      expect(after.shelfItems.map((item) => [item.title, item.status, item.ratingHalves])).toEqual(
        expect.arrayContaining([
          ['Dune', 'finished', 9],
          ['Hades', 'in_progress', null],
        ]),
      );
      expect(after.shelfItemPosts).toHaveLength(1);
      expect(after.images.filter((image) => image.focusX === 0.2 && image.focusY === 0.85)).toHaveLength(1);
      expect(after.upcomingCards.filter((card) => card.link === 'https://example.com/lighthouse')).toMatchObject([
        { imageAlt: 'A lighthouse', position: 2 },
      ]);
      expect(after.users.map((user) => user.passwordHash)).toEqual(before.users.map((user) => user.passwordHash));
      expect(after.posts[0]!.createdAt.getTime()).toBe(before.posts[0]!.createdAt.getTime());
      expect(await target.db.prisma.session.count()).toBe(0);

      const [sourceFiles, targetFiles] = [await filesUnder(sourceUploads), await filesUnder(target.uploadsDir)];
      expect([...targetFiles.keys()]).toEqual([...sourceFiles.keys()]);
      for (const [file, bytes] of sourceFiles) expect(targetFiles.get(file)!.equals(bytes), file).toBe(true);

      // The generated search column is rebuilt by the database: search works on the restored site.
      const [{ matches }] = await target.db.prisma.$queryRaw<[{ matches: number }]>`
        SELECT count(*)::int AS matches FROM "Post" WHERE search @@ to_tsquery('english', 'soundtrack')`;
      expect(matches).toBeGreaterThan(0);
      // No staging folder is left beside the uploads.
      expect((await readdir(workDir)).filter((name) => name.includes('.import-'))).toEqual([]);
    },
    SEED_TIMEOUT,
  );

  it('refuses a site that is not empty, and changes nothing', async () => {
    const target = await freshTarget();
    await importSite({ db: target.db, uploadsDir: target.uploadsDir, archivePath: archive });
    const [rows, files] = [await rowsOf(target.db), await filesUnder(target.uploadsDir)];
    const attempt = importSite({ db: target.db, uploadsDir: target.uploadsDir, archivePath: archive });
    await expect(attempt).rejects.toBeInstanceOf(BackupError);
    await expect(attempt).rejects.toThrow(
      /^The site is not empty \(32 posts, 3 cards, 2 users, 35 images in the database; \d+ image files in .+\): a backup is only restored into an empty site\. To delete all of it and restore the backup instead, add --replace\.$/,
    );
    expect(await rowsOf(target.db)).toEqual(rows);
    expect(await filesUnder(target.uploadsDir)).toEqual(files);
  });

  it('refuses image files in the uploads folder even when the database is empty', async () => {
    const target = await freshTarget();
    const stray = path.join(target.uploadsDir, 'ab', `ab${'0'.repeat(30)}-480.webp`);
    await writeFile(path.join(target.uploadsDir, 'readme.txt'), 'not an image');
    await mkdir(path.dirname(stray), { recursive: true });
    await writeFile(stray, 'old');
    await expect(importSite({ db: target.db, uploadsDir: target.uploadsDir, archivePath: archive })).rejects.toThrow(
      /^The site is not empty \(1 image file in /,
    );
    expect(await target.db.prisma.user.count()).toBe(0);
  });

  it(
    'with replace, deletes the current site (rows, sessions and files) and restores the backup',
    async () => {
      const target = await freshTarget();
      const { prisma } = target.db;
      const other = await prisma.user.create({
        data: { name: 'Other', email: 'other@example.com', passwordHash: 'x' },
      });
      await new SessionService(prisma, { siteUrl: 'http://blog.test' }).create(other.id);
      const oldImage = path.join(target.uploadsDir, 'cd', `cd${'1'.repeat(30)}-960.webp`);
      await mkdir(path.dirname(oldImage), { recursive: true });
      await writeFile(oldImage, 'old image');
      // The current site's avatar: replaced by the backup's, whose image rows replace this one.
      const { id: oldImageId } = await prisma.image.create({
        data: {
          storageKey: `cd${'1'.repeat(30)}`,
          mimeType: 'image/webp',
          width: 960,
          height: 540,
          variantWidths: [960],
        },
      });
      await prisma.siteSetting.upsert({
        where: { id: 1 },
        update: { avatarId: oldImageId },
        create: { id: 1, avatarId: oldImageId },
      });

      await importSite({ db: target.db, uploadsDir: target.uploadsDir, archivePath: archive, replace: true });
      expect(await rowsOf(target.db)).toEqual(await rowsOf(source.db));
      expect(await prisma.session.count()).toBe(0);
      const files = await filesUnder(target.uploadsDir);
      expect([...files.keys()]).toEqual([...(await filesUnder(sourceUploads)).keys()]);

      // Restoring the same backup over itself is a no-op, not a failure.
      await importSite({ db: target.db, uploadsDir: target.uploadsDir, archivePath: archive, replace: true });
      expect(await rowsOf(target.db)).toEqual(await rowsOf(source.db));
      expect(await filesUnder(target.uploadsDir)).toEqual(files);
    },
    SEED_TIMEOUT,
  );
});

describe('archives that are not a good backup', () => {
  async function expectRefused(file: string, message: RegExp) {
    const target = await freshTarget();
    await expect(importSite({ db: target.db, uploadsDir: target.uploadsDir, archivePath: file })).rejects.toThrow(
      message,
    );
    expect(await target.db.prisma.user.count()).toBe(0);
    expect(await filesUnder(target.uploadsDir)).toEqual(new Map());
  }

  it('refuses a cut-short archive', async () => {
    const bytes = await readFile(archive);
    const cut = path.join(workDir, 'cut.tar.gz');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefused(cut, /^The backup (is damaged|is not a readable \.tar\.gz file)/);
  });

  it('refuses a file that is not gzip, and a missing file', async () => {
    const junk = path.join(workDir, 'junk.tar.gz');
    await writeFile(junk, randomBytes(2000));
    await expectRefused(junk, /^The backup is not a readable \.tar\.gz file/);
    await expectRefused(path.join(workDir, 'missing.tar.gz'), /^There is no file at /);
  });

  it('refuses a tar.gz that is not a backup of this site', async () => {
    const other = path.join(workDir, 'other.tar.gz');
    await writeFile(other, gzipSync(Buffer.alloc(1024)));
    await expectRefused(other, /no backup manifest/);
  });

  it('refuses an archive holding a path outside the uploads folder', async () => {
    const evil = path.join(workDir, 'evil.tar.gz');
    const tar = createTarGzWriter(evil);
    await tar.add('manifest.json', Buffer.from('{}'));
    await tar.add('uploads/../../escape.txt', Buffer.from('gotcha'));
    await tar.close();
    await expectRefused(evil, /^The backup holds a file this site never writes: uploads\/\.\.\/\.\.\/escape\.txt$/);
    await expect(readFile(path.join(workDir, '..', 'escape.txt'))).rejects.toThrow();
  });

  it('refuses a backup whose image file is missing', async () => {
    // The real backup's tables with one image file left out.
    const partial = path.join(workDir, 'partial.tar.gz');
    const tar = createTarGzWriter(partial);
    let skipped = '';
    for await (const entry of readTarGz(archive, 1e9)) {
      if (!skipped && entry.name.startsWith('uploads/')) skipped = entry.name;
      else await tar.add(entry.name, entry.data);
    }
    await tar.close();
    await expectRefused(partial, new RegExp(`^The backup is incomplete: the image file ${skipped} is missing$`));
  });
});
