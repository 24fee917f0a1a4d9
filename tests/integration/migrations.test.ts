import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate, MigrationError, readMigrations, type MigrationFile } from '../../server/db/migrate.ts';
import { createEmptyPglite, createPostgresDatabase, testDbKind } from '../support/test-database.ts';

// An empty database of the run's kind, not the migrated template: these tests migrate it themselves.
async function openEmptyDatabase(): Promise<{ db: Database; dispose(): Promise<void> }> {
  if (testDbKind === 'postgres') {
    const { url, drop } = await createPostgresDatabase({ migrated: false });
    const db = await openDatabase({ databaseUrl: url });
    return { db, dispose: async () => (await db.close(), await drop()) };
  }
  const db = await openDatabase({ pglite: await createEmptyPglite() });
  return { db, dispose: () => db.close() };
}

const tableNames = async (db: Database) =>
  (
    await db.sql.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    )
  ).map((row) => row.table_name);

let current: { db: Database; dispose(): Promise<void> } | undefined;
afterEach(async () => {
  await current?.dispose();
  current = undefined;
});

describe(`migrations on ${testDbKind}`, () => {
  it('create every table on an empty database and record each migration once', async () => {
    current = await openEmptyDatabase();
    const { db } = current;
    expect(await tableNames(db)).toEqual([]);

    const first = await migrate(db.sql);
    expect(first.applied).toEqual(readMigrations().map((m) => m.name));
    expect(await tableNames(db)).toEqual(
      [
        'Image',
        'LoginAttempt',
        'Page',
        'PagePicture',
        'PendingImageFiles',
        'Post',
        'PostPicture',
        'PostRevision',
        'PostSlugRedirect',
        'Session',
        'SiteSetting',
        'UpcomingCard',
        'User',
        '_prisma_migrations',
        // Issue 36's tags.
        'Tag',
        'PostTag',
        'TagSlugRedirect',
        // Issue 36's redirects and menus.
        'Redirect',
        'Menu',
        // Issue 37's queue of images' variants to encode.
        'ImageEncodingJob',
        // Issue 39's record of what imports brought in.
        'ImportedItem',
        // Issue 38's comments, their settings and the e-mail outbox.
        'Comment',
        'CommentSettings',
        'OutboxMessage',
        // Issue 41's shelf.
        'ShelfItem',
        'ShelfItemPost',
        // Issue 40's subscribers.
        'Subscriber',
        'SubscribeAttempt',
        'PostDelivery',
      ].sort(),
    );

    const rows = await db.sql.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations"',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(first.applied);
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
    expect(rows.map((r) => r.checksum)).toEqual(readMigrations().map((m) => m.checksum));
  });

  it('apply nothing on a second start', async () => {
    current = await openEmptyDatabase();
    await migrate(current.db.sql);
    const second = await migrate(current.db.sql);
    expect(second).toEqual({ applied: [], warnings: [] });
    const [count] = await current.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM "_prisma_migrations"');
    expect(count!.n).toBe(readMigrations().length);
  });

  it('roll back a failing migration whole, name it, and leave no record of it', async () => {
    current = await openEmptyDatabase();
    const broken: MigrationFile = {
      name: '29990101000000_broken',
      sql: 'CREATE TABLE "Half" (id int);\nSELECT * FROM "NoSuchTable";',
      checksum: 'x'.repeat(64),
    };
    const error = await migrate(current.db.sql, [...readMigrations(), broken]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(
      /Migration 29990101000000_broken failed and was rolled back: .*NoSuchTable/,
    );
    expect(await tableNames(current.db)).not.toContain('Half');
    const names = await current.db.sql.query<{ migration_name: string }>(
      'SELECT migration_name FROM "_prisma_migrations"',
    );
    expect(names.map((r) => r.migration_name)).not.toContain(broken.name);
  });

  it('warn, without reapplying, when an applied migration was edited afterwards', async () => {
    current = await openEmptyDatabase();
    await migrate(current.db.sql);
    const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: '0'.repeat(64) } : m));
    const result = await migrate(current.db.sql, edited);
    expect(result.applied).toEqual([]);
    expect(result.warnings).toEqual([
      `Migration ${edited[0]!.name} was edited after it was applied; the edit is not applied.`,
    ]);
  });

  it('refuse to go on after a migration that another tool left unfinished', async () => {
    current = await openEmptyDatabase();
    await migrate(current.db.sql);
    await current.db.sql.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ('x', 'y', '29990101000000_half_done', now())`,
    );
    await expect(migrate(current.db.sql)).rejects.toThrow(/29990101000000_half_done was started but never finished/);
  });

  it('let two processes start together: one migrates, the other waits and applies nothing', async () => {
    current = await openEmptyDatabase();
    // On PGlite both calls share one connection; on PostgreSQL they take two and queue on the lock.
    const [a, b] = await Promise.all([migrate(current.db.sql), migrate(current.db.sql)]);
    expect([...a.applied, ...b.applied]).toEqual(readMigrations().map((m) => m.name));
  });

  it('store e-mails in lower case only, so uniqueness ignores case', async () => {
    current = await openEmptyDatabase();
    await migrate(current.db.sql);
    await expect(
      current.db.prisma.user.create({ data: { name: 'A', email: 'Reader@Example.com', passwordHash: 'x' } }),
    ).rejects.toThrow();
  });

  it('keep the full-text vector of a post up to date, weighted, without HTML tags', async () => {
    current = await openEmptyDatabase();
    await migrate(current.db.sql);
    const { prisma } = current.db;
    const image = await prisma.image.create({
      data: { storageKey: 'k1', mimeType: 'image/webp', width: 10, height: 10, variantWidths: [] },
    });
    const post = await prisma.post.create({
      data: {
        title: 'Zelda returns',
        subtitle: 'A review',
        content: '<p>The <strong>kingdom</strong> awaits</p>',
        category: 'game',
        imageId: image.id,
      },
    });
    const hits = async (query: string) =>
      (
        await current!.db.sql.query<{ id: string }>(`SELECT id FROM "Post" WHERE search @@ to_tsquery('english', $1)`, [
          query,
        ])
      ).map((r) => r.id);
    expect(await hits('zeld:*')).toEqual([post.id]);
    expect(await hits('kingdom')).toEqual([post.id]);
    expect(await hits('strong')).toEqual([]);
    await prisma.post.update({ where: { id: post.id }, data: { title: 'Metroid returns' } });
    expect(await hits('zeld:*')).toEqual([]);
  });

  it('give each post written before revisions were kept its first revision: the post as it is', async () => {
    current = await openEmptyDatabase();
    const all = readMigrations();
    const at = all.findIndex((m) => m.name.endsWith('_post_revisions'));
    await migrate(current.db.sql, all.slice(0, at));
    await current.db.sql.query(
      `INSERT INTO "Post" (id, status, slug, title, subtitle, content, "updatedAt") VALUES
       ('019ac000-0000-7000-8000-000000000001', 'DRAFT', 'older-notes', 'Older notes', 'Sub', '<p>Kept.</p>', '2026-11-01T10:00:00Z')`,
    );
    await migrate(current.db.sql, all);
    const revisions = await current.db.prisma.postRevision.findMany();
    expect(revisions).toEqual([
      expect.objectContaining({
        postId: '019ac000-0000-7000-8000-000000000001',
        createdAt: new Date('2026-11-01T10:00:00Z'),
        status: 'DRAFT',
        isPublish: false,
        title: 'Older notes',
        slug: 'older-notes',
        content: '<p>Kept.</p>',
      }),
    ]);
  });

  it("give the 'Currently' cards already there positions in their order (newest first) and an empty alt text", async () => {
    current = await openEmptyDatabase();
    const { sql } = current.db;
    const all = readMigrations();
    const cards = all.findIndex((m) => m.name.endsWith('_currently_cards'));
    await migrate(sql, all.slice(0, cards));
    for (const [i, subtitle] of ['Dune', 'Frieren', 'Hades II'].entries()) {
      await sql.query(
        `INSERT INTO "Image" ("id", "storageKey", "mimeType", "width", "height", "variantWidths")
         VALUES (gen_random_uuid(), $1, 'image/webp', 10, 10, '{}')`,
        [`card-${i}`],
      );
      await sql.query(
        `INSERT INTO "UpcomingCard" ("id", "title", "subtitle", "imageId", "createdAt")
         SELECT gen_random_uuid(), 'Reading', $1, "id", $2 FROM "Image" WHERE "storageKey" = $3`,
        [subtitle, new Date(Date.UTC(2026, 0, 1 + i)), `card-${i}`],
      );
    }
    await migrate(sql);
    const rows = await sql.query<{ subtitle: string; position: number; imageAlt: string; link: string | null }>(
      'SELECT "subtitle", "position", "imageAlt", "link" FROM "UpcomingCard" ORDER BY "position"',
    );
    expect(rows).toEqual([
      { subtitle: 'Hades II', position: 0, imageAlt: '', link: null },
      { subtitle: 'Frieren', position: 1, imageAlt: '', link: null },
      { subtitle: 'Dune', position: 2, imageAlt: '', link: null },
    ]);
  });
});
