// The whole site in one .tar.gz and back: every user (password hashes included), image row,
// post and card, as JSON with their ids and timestamps, and every image file, byte for byte. Sessions
// and login attempts are left out: they are short-lived, and a restored site signs everyone out.
// See docs/decisions/012-site-backup.md.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { SqlRunner } from '../../db/sql-runner.ts';
import { readMigrations } from '../../db/migrate.ts';
import { DiskImageStorage, type ImageStorage } from '../media/image-storage.ts';
import { uploadKeysIn } from '#kernel/content-pictures.ts';
import { ImageStore, lacksVariants } from '../media/image-store.ts';
import { IMAGE_FILE_PATH } from '../media/image-urls.ts';
import { holdingImageFiles } from '../media/removal-hold.ts';
import { createTarGzWriter, readTarGz, TarFormatError, type TarWriter } from './tar-archive.ts';
import { slugError } from '#kernel/slug-rules.ts';
import { MENU_NAMES, MENU_TARGET_KINDS } from '#kernel/menu-rules.ts';

export const BACKUP_FORMAT = 'blog-cms-backup';
export const BACKUP_VERSION = 1;

/** A stored image variant is a few MB at most; the JSON of a big blog, some tens of MB. */
const MAX_ENTRY_BYTES = 1024 * 1024 * 1024;

/** Something the person running the script must fix: printed as it is, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const isoDate = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const uuid = z.uuid();

const userRow = z.strictObject({
  id: uuid,
  name: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  isAdmin: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
const imageRow = z.strictObject({
  id: uuid,
  storageKey: z.string().regex(/^[0-9a-f]{32}$/),
  mimeType: z.string(),
  width: z.int().positive(),
  height: z.int().positive(),
  variantWidths: z.array(z.int().positive()).min(1),
  // Backups made before focal points have none: the middle, as the database's default.
  focusX: z.number().min(0).max(1).default(0.5),
  focusY: z.number().min(0).max(1).default(0.5),
  createdAt: isoDate,
});
// Fields a backup made before drafts and slugs lacks are optional: such a post was published at its
// creation, and the database gives it its title's slug (trigger "Post_defaults").
const postRow = z.strictObject({
  id: uuid,
  status: z.enum(['DRAFT', 'SCHEDULED', 'PUBLISHED']).default('PUBLISHED'),
  slug: z
    .string()
    .refine((slug) => slugError(slug) === null, 'not a slug')
    .optional(),
  title: z.string(),
  subtitle: z.string(),
  content: z.string(),
  category: z.enum(['game', 'tv', 'book', 'anime']).nullable(),
  imageId: uuid.nullable(),
  imageAlt: z.string().default(''),
  description: z.string().default(''),
  publishedAt: isoDate.nullable().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** The addresses the post had before, which redirect to it. */
  formerSlugs: z.array(z.string()).default([]),
  /** Its tags' ids (data/tags.json), in the author's order; absent from backups made before tags. */
  tags: z.array(uuid).default([]),
  /** Issue 38: its comments are closed; absent from backups made before comments. */
  commentsClosed: z.boolean().default(false),
  /** Issue 40: "Send by e-mail", and when it was e-mailed; absent from backups made before subscribers. */
  sendByEmail: z.boolean().default(true),
  emailedAt: isoDate.nullable().optional(),
});
// A backup made before cards had an alt text, a link and an order lacks them: a decorative
// picture, no link, and position 0 for all (the carousel then shows them newest first, as it did).
const cardRow = z.strictObject({
  id: uuid,
  title: z.enum(['Reading', 'Watching', 'Playing']),
  subtitle: z.string(),
  imageId: uuid,
  imageAlt: z.string().default(''),
  link: z.string().nullable().default(null),
  position: z.int().min(0).default(0),
  createdAt: isoDate,
});

/** The site's settings a backup carries besides its name and author (issue 36); each optional. */
const SITE_SETTINGS_BACKUP = {
  seeded: z.boolean().optional(),
  tagline: z.string().nullable().optional(),
  bio: z.string().nullable().optional(),
  contactEmail: z.string().nullable().optional(),
  portfolioUrl: z.string().nullable().optional(),
  socialLinks: z.array(z.strictObject({ label: z.string(), url: z.string() })).optional(),
  footerText: z.string().nullable().optional(),
  language: z.string().optional(),
  timeZone: z.string().optional(),
  // The settings' pictures (their Image rows and files are in the backup with the others).
  avatarId: uuid.nullable().optional(),
  bannerId: uuid.nullable().optional(),
  // The From of the site's e-mail (issue 40).
  mailFrom: z.string().nullable().optional(),
};
const SITE_SETTINGS_SELECT = {
  title: true,
  authorName: true,
  ...Object.fromEntries(Object.keys(SITE_SETTINGS_BACKUP).map((key) => [key, true])),
} as { title: true; authorName: true } & Record<keyof typeof SITE_SETTINGS_BACKUP, true>;

// Kept beside the counted tables, and optional: backups made before them lack them. The site's
// settings (its name and author, from the first-run setup; never the setup code) and each post's
// revisions, oldest first (they are written back in that order, so their order survives).
const siteRow = z.strictObject({
  title: z.string().nullable(),
  authorName: z.string().nullable(),
  // The rest of the settings (issue 36), absent from backups made before them: left as they are.
  ...SITE_SETTINGS_BACKUP,
});
const revisionRow = z.strictObject({
  postId: uuid,
  createdAt: isoDate,
  status: z.enum(['DRAFT', 'SCHEDULED', 'PUBLISHED']),
  isPublish: z.boolean(),
  title: z.string(),
  subtitle: z.string(),
  content: z.string(),
  category: z.enum(['game', 'tv', 'book', 'anime']).nullable(),
  slug: z.string(),
  description: z.string(),
  imageId: uuid.nullable(),
  imageAlt: z.string(),
});
// The tags (issue 36), with the addresses each had before (they redirect to it).
const tagRow = z.strictObject({
  id: uuid,
  name: z.string(),
  slug: z.string().refine((slug) => slugError(slug) === null, 'not a slug'),
  createdAt: isoDate,
  formerSlugs: z.array(z.string()).default([]),
});
// The author's redirects and menus (issue 36): optional too.
const redirectRow = z.strictObject({
  id: uuid,
  from: z.string(),
  to: z.string(),
  permanent: z.boolean(),
  createdAt: isoDate,
});
const menuRow = z.strictObject({
  name: z.enum(MENU_NAMES),
  items: z.array(z.strictObject({ label: z.string(), kind: z.enum(MENU_TARGET_KINDS), target: z.string() })),
  updatedAt: isoDate,
});
// Readers' comments (issue 38), optional: a backup made before them restores none. Parents first.
const commentRow = z.strictObject({
  id: uuid,
  postId: uuid,
  parentId: uuid.nullable(),
  name: z.string(),
  email: z.string(),
  website: z.string().nullable(),
  text: z.string(),
  status: z.enum(['held', 'approved', 'rejected', 'spam']),
  isAuthor: z.boolean(),
  notifyReplies: z.boolean(),
  clientAddress: z.string().default(''),
  fingerprint: z.string().default(''),
  createdAt: isoDate,
});
// What imports brought in (issue 39): so that importing the same export into the restored site adds nothing.
const importedItemRow = z.strictObject({
  source: z.string(),
  kind: z.string(),
  sourceId: z.string(),
  targetId: uuid,
  createdAt: isoDate,
});
// Readers who follow by e-mail (issue 40), optional: a backup made before them leaves the site's as they are.
const subscriberRow = z.strictObject({
  id: uuid,
  email: z.string().refine((email) => email === email.toLowerCase(), 'not in lower case'),
  status: z.enum(['pending', 'confirmed', 'unsubscribed', 'bounced']),
  tokenHash: z.string().nullable().default(null),
  tokenExpiresAt: isoDate.nullable().default(null),
  consentSource: z.string(),
  unsubscribeKey: z.string(),
  createdAt: isoDate,
  confirmedAt: isoDate.nullable().default(null),
  unsubscribedAt: isoDate.nullable().default(null),
  updatedAt: isoDate,
});
const EXTRAS = {
  importedItems: 'data/imported-items.json',
  site: 'data/site.json',
  postRevisions: 'data/post-revisions.json',
  tags: 'data/tags.json',
  redirects: 'data/redirects.json',
  menus: 'data/menus.json',
  comments: 'data/comments.json',
  shelf: 'data/shelf.json',
  subscribers: 'data/subscribers.json',
} as const;
const SUBSCRIBERS_FILE = EXTRAS.subscribers;
// The pages the author writes (issue 36), optional as the extras: a backup made before them leaves the
// site's pages as they are.
const pageRow = z.strictObject({
  id: uuid,
  slug: z.string(),
  title: z.string(),
  description: z.string().default(''),
  content: z.string().default(''),
  status: z.enum(['DRAFT', 'PUBLISHED']).default('DRAFT'),
  createdAt: isoDate,
  updatedAt: isoDate,
});
const PAGES_FILE = 'data/pages.json';
// The shelf (issue 41), optional: a backup made before it restores no items.
const shelfRow = z.strictObject({
  id: uuid,
  kind: z.enum(['game', 'tv', 'book', 'anime']),
  title: z.string(),
  slug: z.string(),
  creator: z.string().default(''),
  year: z.number().int().nullable().default(null),
  imageId: uuid.nullable().default(null),
  imageAlt: z.string().default(''),
  status: z.enum(['planned', 'in_progress', 'finished', 'on_hold', 'dropped']),
  progress: z.number().int().default(0),
  progressTotal: z.number().int().nullable().default(null),
  ratingHalves: z.number().int().nullable().default(null),
  startedOn: isoDate.nullable().default(null),
  finishedOn: isoDate.nullable().default(null),
  notes: z.string().default(''),
  links: z.array(z.strictObject({ label: z.string(), url: z.string() })).default([]),
  tags: z.array(z.string()).default([]),
  sourceKey: z.string().nullable().default(null),
  createdAt: isoDate,
  updatedAt: isoDate,
  posts: z.array(z.strictObject({ postId: uuid, position: z.number().int() })).default([]),
});
const SHELF_FILE = EXTRAS.shelf;

const TABLES = {
  users: { file: 'data/users.json', schema: userRow },
  images: { file: 'data/images.json', schema: imageRow },
  posts: { file: 'data/posts.json', schema: postRow },
  upcomingCards: { file: 'data/upcoming-cards.json', schema: cardRow },
} as const;
type TableName = keyof typeof TABLES;
export type BackupCounts = Record<TableName | 'files', number>;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { error: 'This file is not a backup of this site (no backup manifest)' }),
  version: z.literal(BACKUP_VERSION, { error: `This backup's format is not version ${BACKUP_VERSION}` }),
  createdAt: z.string(),
  migrations: z.array(z.string()),
  counts: z.object({
    users: z.int(),
    images: z.int(),
    posts: z.int(),
    upcomingCards: z.int(),
    files: z.int(),
  }),
});
type Manifest = z.infer<typeof manifestSchema>;

/** The database a backup reads or restores: its kind and raw SQL hold image files while it reads. */
export type BackupDatabase = Pick<Database, 'kind' | 'prisma' | 'sql'>;

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function describeCounts(counts: Omit<BackupCounts, 'files'>): string {
  return [
    plural(counts.posts, 'post'),
    plural(counts.upcomingCards, 'card'),
    plural(counts.users, 'user'),
    plural(counts.images, 'image'),
  ].join(', ');
}

/** The migrations the database has applied, checked against this version's own. */
async function appliedMigrations(sql: SqlRunner): Promise<string[]> {
  const rows = await sql
    .query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations"
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    )
    .catch(() => []);
  return rows.map((row) => row.migration_name);
}

// ---------------------------------------------------------------------------------------------------
// Export

/** Where a site's image files are: a folder (by its path), or any storage (a bucket). */
export type ImageFilesAt = { uploadsDir: string } | { storage: ImageStorage };

const storageOf = (at: ImageFilesAt): ImageStorage =>
  'storage' in at ? at.storage : new DiskImageStorage(at.uploadsDir);

export type ExportOptions = ImageFilesAt & {
  db: BackupDatabase;
  /** Where to write the .tar.gz; it appears there only once complete. */
  archivePath: string;
};

/** Writes the backup into a file, which appears under its name only once complete. */
export async function exportSite(options: ExportOptions): Promise<BackupCounts> {
  const { archivePath } = options;
  // Written beside the target under a temporary name: a failed export never leaves half an archive
  // where the last good one was.
  const partial = `${archivePath}.${process.pid}.partial`;
  try {
    const counts = await writeBackup({ ...options, start: () => createTarGzWriter(partial) });
    await rename(partial, archivePath);
    return counts;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export type WriteBackupOptions = ImageFilesAt & {
  db: BackupDatabase;
  /**
   * Called once the snapshot is taken, before a byte is written: where the archive goes (a file, a
   * download). What fails before it (an out-of-date database) has written nothing anywhere.
   */
  start: (counts: BackupCounts) => TarWriter;
};

/**
 * Writes the whole site as it was at one moment, even while it is written to: the rows come from one
 * repeatable-read snapshot, and no image file is removed until every file the snapshot names is read
 * (removal-hold.ts), so each post's and card's image is in the archive with every one of its files.
 */
export async function writeBackup(options: WriteBackupOptions): Promise<BackupCounts> {
  const { db, start } = options;
  const storage = storageOf(options);
  const known = readMigrations().map((m) => m.name);
  const applied = await appliedMigrations(db.sql);
  const missing = known.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new BackupError(
      `The database was updated by a newer version of this site (migration ${unknown.join(', ')}): export with that version.`,
    );
  }
  if (missing.length) {
    throw new BackupError(
      'The database is not up to date with this version: run `npm run db:migrate` (or start the site once), then export again.',
    );
  }

  return holdingImageFiles(db, async () => {
    // One snapshot, so a server writing meanwhile cannot leave a post without its image. Its
    // transaction ends before the files are read: on the embedded database it would hold up every
    // other query of the running site.
    const byId = { orderBy: { id: 'asc' } } as const;
    const [
      users,
      images,
      posts,
      upcomingCards,
      site,
      postRevisions,
      pages,
      tags,
      redirects,
      menus,
      comments,
      shelf,
      importedItems,
      subscribers,
    ] = await db.prisma.$transaction(
      [
        db.prisma.user.findMany(byId),
        db.prisma.image.findMany(byId),
        db.prisma.post.findMany({
          ...byId,
          include: {
            formerSlugs: { select: { slug: true }, orderBy: { slug: 'asc' } },
            tags: { select: { tagId: true }, orderBy: { position: 'asc' } },
          },
        }),
        db.prisma.upcomingCard.findMany(byId),
        db.prisma.siteSetting.findUnique({ where: { id: 1 }, select: SITE_SETTINGS_SELECT }),
        db.prisma.postRevision.findMany({
          orderBy: { sequence: 'asc' },
          omit: { id: true, sequence: true },
        }),
        db.prisma.page.findMany(byId),
        db.prisma.tag.findMany({
          ...byId,
          include: { formerSlugs: { select: { slug: true }, orderBy: { slug: 'asc' } } },
        }),
        db.prisma.redirect.findMany(byId),
        db.prisma.menu.findMany({ orderBy: { name: 'asc' } }),
        // Parents before their replies (a reply is always later, and ids are time-ordered).
        db.prisma.comment.findMany({ orderBy: [{ parentId: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }] }),
        db.prisma.shelfItem.findMany({
          ...byId,
          include: { posts: { select: { postId: true, position: true }, orderBy: { postId: 'asc' } } },
        }),
        db.prisma.importedItem.findMany({ orderBy: [{ source: 'asc' }, { kind: 'asc' }, { sourceId: 'asc' }] }),
        db.prisma.subscriber.findMany(byId),
      ],
      { isolationLevel: 'RepeatableRead' },
    );
    const files = images.flatMap((image) =>
      image.variantWidths.map((width) => ImageStore.relativePath(image.storageKey, width)),
    );
    const counts: BackupCounts = {
      users: users.length,
      images: images.length,
      posts: posts.length,
      upcomingCards: upcomingCards.length,
      files: files.length,
    };
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations: applied,
      counts,
    };

    const tar = start(counts);
    try {
      const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 1)}\n`);
      await tar.add('manifest.json', json(manifest));
      await tar.add(TABLES.users.file, json(users));
      await tar.add(TABLES.images.file, json(images));
      await tar.add(
        TABLES.posts.file,
        json(
          posts.map((post) => ({
            ...post,
            formerSlugs: post.formerSlugs.map((former) => former.slug),
            tags: post.tags.map((tag) => tag.tagId),
          })),
        ),
      );
      await tar.add(TABLES.upcomingCards.file, json(upcomingCards));
      await tar.add(EXTRAS.site, json(site ?? { title: null, authorName: null }));
      await tar.add(EXTRAS.postRevisions, json(postRevisions));
      await tar.add(PAGES_FILE, json(pages));
      await tar.add(
        EXTRAS.tags,
        json(tags.map((tag) => ({ ...tag, formerSlugs: tag.formerSlugs.map((former) => former.slug) }))),
      );
      await tar.add(EXTRAS.redirects, json(redirects));
      await tar.add(EXTRAS.menus, json(menus));
      await tar.add(EXTRAS.comments, json(comments));
      await tar.add(SHELF_FILE, json(shelf));
      await tar.add(EXTRAS.importedItems, json(importedItems));
      await tar.add(SUBSCRIBERS_FILE, json(subscribers));
      for (const file of files) {
        const bytes = await storage.get(file);
        if (!bytes) {
          throw new BackupError(
            `The image file ${file} is missing in ${storage.location}: the backup would be incomplete.`,
          );
        }
        // A file's date on disk is kept; a bucket's objects are dated when the archive is written.
        const mtime =
          storage instanceof DiskImageStorage ? (await stat(path.join(storage.dir, file))).mtime : undefined;
        await tar.add(`uploads/${file}`, bytes, mtime);
      }
      await tar.close();
    } catch (error) {
      await tar.abort();
      throw error;
    }
    return counts;
  });
}

/** The counts a backup's manifest gives, after reading the whole archive: it is complete and readable. */
export async function checkBackup(archivePath: string): Promise<BackupCounts> {
  let manifest: Manifest | null = null;
  try {
    for await (const entry of readTarGz(archivePath, MAX_ENTRY_BYTES)) {
      if (entry.name === 'manifest.json') {
        manifest = checked(manifestSchema, parseJson(entry.name, entry.data), entry.name);
      }
    }
  } catch (error) {
    if (error instanceof TarFormatError) throw new BackupError(`The backup is damaged: ${error.message}`);
    throw error;
  }
  if (!manifest) throw new BackupError('This file is not a backup of this site (no backup manifest)');
  return manifest.counts;
}

// ---------------------------------------------------------------------------------------------------
// Import

export type ImportOptions = ImageFilesAt & {
  db: BackupDatabase;
  archivePath: string;
  /** Delete the site's current users, posts, cards and images (rows and files) first. */
  replace?: boolean;
};

interface ReadBackup {
  manifest: Manifest;
  rows: {
    users: z.output<typeof userRow>[];
    images: z.output<typeof imageRow>[];
    posts: z.output<typeof postRow>[];
    upcomingCards: z.output<typeof cardRow>[];
  };
  /** Absent from backups made before the first-run setup and revisions. */
  site: z.output<typeof siteRow> | null;
  postRevisions: z.output<typeof revisionRow>[];
  /** Absent (null) from backups made before the author's pages. */
  pages: z.output<typeof pageRow>[] | null;
  tags: z.output<typeof tagRow>[];
  /** Absent from backups made before issue 36: none. */
  redirects: z.output<typeof redirectRow>[];
  menus: z.output<typeof menuRow>[];
  /** Absent from backups made before issue 38: none. */
  comments: z.output<typeof commentRow>[];
  /** Absent from backups made before the shelf (issue 41): none. */
  shelf: z.output<typeof shelfRow>[];
  /** Absent from backups made before issue 39: none. */
  importedItems: z.output<typeof importedItemRow>[];
  /** Absent (null) from backups made before issue 40: the site's subscribers stay. */
  subscribers: z.output<typeof subscriberRow>[] | null;
  /** Image files as written to the staging folder, relative to it. */
  files: Set<string>;
}

function parseJson(name: string, data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    throw new BackupError(`${name} in the backup is not valid JSON`);
  }
}

function checked<T extends z.ZodType>(schema: T, value: unknown, name: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new BackupError(`${name} in the backup is not valid: ${issue.message} at ${issue.path.join('.') || 'the top'}`);
}

/** Reads and checks the whole archive, writing its image files into the staging folder. */
async function readBackup(archivePath: string, staging: string): Promise<ReadBackup> {
  const json = new Map<string, unknown>();
  const files = new Set<string>();
  try {
    for await (const entry of readTarGz(archivePath, MAX_ENTRY_BYTES)) {
      if (
        entry.name === 'manifest.json' ||
        Object.values(TABLES).some((table) => table.file === entry.name) ||
        Object.values(EXTRAS).includes(entry.name as (typeof EXTRAS)[keyof typeof EXTRAS]) ||
        entry.name === PAGES_FILE
      ) {
        json.set(entry.name, parseJson(entry.name, entry.data));
      } else if (entry.name.startsWith('uploads/') && IMAGE_FILE_PATH.test(entry.name.slice('uploads/'.length))) {
        const relative = entry.name.slice('uploads/'.length);
        await mkdir(path.join(staging, path.dirname(relative)), { recursive: true });
        await writeFile(path.join(staging, relative), entry.data);
        files.add(relative);
      } else {
        // Names are checked, never trusted: nothing in an archive can write outside the uploads folder.
        throw new BackupError(`The backup holds a file this site never writes: ${entry.name}`);
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (error instanceof TarFormatError) throw new BackupError(`The backup is damaged: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`There is no file at ${archivePath}`);
    if (code?.startsWith('Z_'))
      throw new BackupError(`The backup is not a readable .tar.gz file (${(error as Error).message})`);
    throw error;
  }

  if (!json.has('manifest.json')) throw new BackupError('This file is not a backup of this site (no backup manifest)');
  const manifest = checked(manifestSchema, json.get('manifest.json'), 'manifest.json');
  const table = <K extends TableName>(name: K) => {
    const { file, schema } = TABLES[name];
    if (!json.has(file)) throw new BackupError(`The backup has no ${file}`);
    return checked(z.array(schema), json.get(file), file) as ReadBackup['rows'][K];
  };
  const rows = {
    users: table('users'),
    images: table('images'),
    posts: table('posts'),
    upcomingCards: table('upcomingCards'),
  };

  for (const name of Object.keys(rows) as TableName[]) {
    if (rows[name].length !== manifest.counts[name]) {
      throw new BackupError(
        `The backup is incomplete: ${TABLES[name].file} has ${rows[name].length} rows, not ${manifest.counts[name]}`,
      );
    }
  }
  for (const image of rows.images) {
    for (const width of image.variantWidths) {
      const file = ImageStore.relativePath(image.storageKey, width);
      if (!files.has(file))
        throw new BackupError(`The backup is incomplete: the image file uploads/${file} is missing`);
    }
  }
  const site = json.has(EXTRAS.site) ? checked(siteRow, json.get(EXTRAS.site), EXTRAS.site) : null;
  const postRevisions = json.has(EXTRAS.postRevisions)
    ? checked(z.array(revisionRow), json.get(EXTRAS.postRevisions), EXTRAS.postRevisions)
    : [];
  const optionalRows = <T extends z.ZodType>(file: string, row: T): z.output<T>[] =>
    json.has(file) ? checked(z.array(row), json.get(file), file) : [];
  const pages = json.has(PAGES_FILE) ? checked(z.array(pageRow), json.get(PAGES_FILE), PAGES_FILE) : null;
  const tags = optionalRows(EXTRAS.tags, tagRow);
  const tagIds = new Set(tags.map((tag) => tag.id));
  for (const post of rows.posts) {
    const unknown = post.tags.find((id) => !tagIds.has(id));
    if (unknown) throw new BackupError(`The backup is incomplete: post ${post.id} has tag ${unknown}, which it lacks`);
  }
  const redirects = optionalRows(EXTRAS.redirects, redirectRow);
  const menus = optionalRows(EXTRAS.menus, menuRow);
  const comments = optionalRows(EXTRAS.comments, commentRow);
  const postIds = new Set(rows.posts.map((post) => post.id));
  const orphan = comments.find((comment) => !postIds.has(comment.postId));
  if (orphan)
    throw new BackupError(`The backup is incomplete: comment ${orphan.id} is on post ${orphan.postId}, which it lacks`);
  const shelf = optionalRows(SHELF_FILE, shelfRow);
  const imageIds = new Set(rows.images.map((image) => image.id));
  for (const item of shelf) {
    if (item.imageId && !imageIds.has(item.imageId))
      throw new BackupError(
        `The backup is incomplete: shelf item ${item.id} has image ${item.imageId}, which it lacks`,
      );
    const unknown = item.posts.find((link) => !postIds.has(link.postId));
    if (unknown)
      throw new BackupError(
        `The backup is incomplete: shelf item ${item.id} names post ${unknown.postId}, which it lacks`,
      );
  }
  const importedItems = optionalRows(EXTRAS.importedItems, importedItemRow);
  const subscribers = json.has(SUBSCRIBERS_FILE)
    ? checked(z.array(subscriberRow), json.get(SUBSCRIBERS_FILE), SUBSCRIBERS_FILE)
    : null;
  const read = { manifest, rows, files, site, postRevisions, pages, tags, redirects, menus, comments, shelf };
  return { ...read, importedItems, subscribers };
}

/** Image files (by their relative paths) in the uploads folder or bucket. */
async function storedImageFiles(storage: ImageStorage): Promise<string[]> {
  const files: string[] = [];
  for await (const file of storage.list()) if (IMAGE_FILE_PATH.test(file.path)) files.push(file.path);
  return files;
}

/**
 * Restores a backup into an empty site, or over the current one with replace. The archive is read
 * and checked in full before anything changes; the rows go in one transaction; the files move into
 * place only after it commits. Returns what was restored.
 */
export async function importSite(options: ImportOptions): Promise<BackupCounts> {
  const { db, archivePath, replace = false } = options;
  const storage = storageOf(options);
  // Beside the folder, so that files move in by a rename; for a bucket, anywhere local.
  const staging =
    storage instanceof DiskImageStorage
      ? `${storage.dir.replace(/[\\/]+$/, '')}.import-${process.pid}-${randomBytes(4).toString('hex')}`
      : await mkdtemp(path.join(os.tmpdir(), 'blog-import-'));
  await mkdir(staging, { recursive: true });
  try {
    const backup = await readBackup(archivePath, staging);
    const known = readMigrations().map((m) => m.name);
    const newer = backup.manifest.migrations.filter((name) => !known.includes(name));
    if (newer.length) {
      throw new BackupError(
        `This backup was made by a newer version of this site (migration ${newer.join(', ')}): update the site first.`,
      );
    }

    const existingFiles = await storedImageFiles(storage);
    const { prisma } = db;
    const { rows } = backup;
    await prisma.$transaction(
      async (tx) => {
        const current = {
          users: await tx.user.count(),
          images: await tx.image.count(),
          posts: await tx.post.count(),
          upcomingCards: await tx.upcomingCard.count(),
        };
        const hasRows = Object.values(current).some((n) => n > 0);
        if ((hasRows || existingFiles.length > 0) && !replace) {
          const what = [
            hasRows ? `${describeCounts(current)} in the database` : '',
            existingFiles.length ? `${plural(existingFiles.length, 'image file')} in ${storage.location}` : '',
          ].filter(Boolean);
          throw new BackupError(
            `The site is not empty (${what.join('; ')}): a backup is only restored into an empty site. ` +
              'To delete all of it and restore the backup instead, add --replace.',
          );
        }
        if (replace) {
          // Children before parents: the relations RESTRICT, and sessions go with their users.
          await tx.post.deleteMany();
          await tx.upcomingCard.deleteMany();
          await tx.shelfItem.deleteMany();
          await tx.pagePicture.deleteMany();
          // The settings' pictures: the backup's own, or none (a backup made before them).
          await tx.siteSetting.updateMany({ data: { avatarId: null, bannerId: null } });
          await tx.image.deleteMany();
          await tx.session.deleteMany();
          await tx.loginAttempt.deleteMany();
          await tx.user.deleteMany();
          await tx.redirect.deleteMany();
          await tx.menu.deleteMany();
        }
        // Files an interrupted upload or delete left are replaced below with the rest; their records
        // would otherwise let the upkeep remove a restored file of the same name (decision 019).
        await tx.pendingImageFiles.deleteMany();
        await tx.user.createMany({ data: rows.users });
        await tx.image.createMany({ data: rows.images });
        // An image saved before its smaller variants were made has them made after the restore.
        await tx.imageEncodingJob.createMany({
          data: rows.images.filter(lacksVariants).map(({ storageKey }) => ({ storageKey })),
        });
        await tx.post.createMany({
          data: rows.posts.map(({ formerSlugs: _former, tags: _tags, ...post }) => ({
            ...post,
            // A backup made before subscribers: its public posts are never e-mailed (as the migration did).
            emailedAt:
              post.emailedAt !== undefined
                ? post.emailedAt
                : post.status === 'PUBLISHED'
                  ? (post.publishedAt ?? post.createdAt)
                  : null,
          })),
        });
        await tx.postSlugRedirect.createMany({
          data: rows.posts.flatMap((post) => post.formerSlugs.map((slug) => ({ slug, postId: post.id }))),
        });
        await tx.upcomingCard.createMany({ data: rows.upcomingCards });
        // The tags: a site restored has the backup's alone (one left without posts goes too).
        await tx.tag.deleteMany();
        await tx.tag.createMany({ data: backup.tags.map(({ formerSlugs: _former, ...tag }) => tag) });
        await tx.tagSlugRedirect.createMany({
          data: backup.tags.flatMap((tag) => tag.formerSlugs.map((slug) => ({ slug, tagId: tag.id }))),
        });
        await tx.postTag.createMany({
          data: rows.posts.flatMap((post) =>
            post.tags.map((tagId, position) => ({ postId: post.id, tagId, position })),
          ),
        });
        // Oldest first: each gets the next sequence number, so a post's revisions keep their order.
        await tx.postRevision.createMany({ data: backup.postRevisions });
        await tx.redirect.createMany({ data: backup.redirects, skipDuplicates: true });
        // Comments went with their posts above (a cascade); parents come first in the file.
        await tx.comment.createMany({ data: backup.comments });
        await tx.shelfItem.createMany({ data: backup.shelf.map(({ posts: _posts, ...item }) => item) });
        await tx.shelfItemPost.createMany({
          data: backup.shelf.flatMap((item) => item.posts.map((link) => ({ itemId: item.id, ...link }))),
        });
        await tx.importedItem.deleteMany();
        await tx.importedItem.createMany({ data: backup.importedItems });
        if (backup.subscribers) {
          await tx.subscriber.deleteMany();
          await tx.subscriber.createMany({ data: backup.subscribers });
        }
        for (const menu of backup.menus) {
          await tx.menu.upsert({ where: { name: menu.name }, update: menu, create: menu });
        }
        // The restored site's name and author; and whatever first-run setup this site had open is
        // closed: its accounts are now the backup's, and no setup code may rename them.
        const named = backup.site ?? {};
        await tx.siteSetting.upsert({
          where: { id: 1 },
          update: { ...named, setupCodeHash: null },
          create: { id: 1, ...named },
        });
        // Which images each post's text shows is read from the text itself, as a save records it.
        const imageIds = new Map(rows.images.map((image) => [image.storageKey, image.id]));
        await tx.postPicture.createMany({
          data: rows.posts.flatMap((post) =>
            uploadKeysIn(post.content).flatMap((key) => {
              const imageId = imageIds.get(key);
              return imageId ? [{ postId: post.id, imageId }] : [];
            }),
          ),
        });
        if (backup.pages) {
          // The backup's pages replace the site's (a new site's are the ones every site starts with).
          await tx.page.deleteMany();
          await tx.page.createMany({ data: backup.pages });
          await tx.pagePicture.createMany({
            data: backup.pages.flatMap((page) =>
              [...new Set(uploadKeysIn(page.content))].flatMap((key) =>
                imageIds.has(key) ? [{ pageId: page.id, imageId: imageIds.get(key)! }] : [],
              ),
            ),
          });
        }
      },
      // A large site's rows take longer than Prisma's 5-second default.
      { timeout: 10 * 60 * 1000, maxWait: 60 * 1000 },
    );

    // Committed: now the files. The replaced site's files that the backup does not have go first.
    const wanted = new Set(
      rows.images.flatMap((image) => image.variantWidths.map((w) => ImageStore.relativePath(image.storageKey, w))),
    );
    await storage.remove(existingFiles.filter((file) => !wanted.has(file)));
    for (const file of wanted) {
      if (storage instanceof DiskImageStorage) {
        await mkdir(path.join(storage.dir, path.dirname(file)), { recursive: true });
        await rename(path.join(staging, file), path.join(storage.dir, file));
      } else {
        await storage.put(file, await readFile(path.join(staging, file)));
      }
    }
    if (storage instanceof DiskImageStorage) await removeEmptyShards(storage.dir);
    return { ...backup.manifest.counts, files: wanted.size };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function removeEmptyShards(uploadsDir: string): Promise<void> {
  const shards = await readdir(uploadsDir).catch(() => []);
  await Promise.all(
    shards
      .filter((name) => /^[0-9a-f]{2}$/.test(name))
      .map((name) => rmdir(path.join(uploadsDir, name)).catch(() => {})),
  );
}
