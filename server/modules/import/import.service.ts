// Imports another blog's export (issue 39, docs/decisions/053-import-and-export.md): a WordPress WXR or a
// Ghost JSON is read (wxr-reader.ts, ghost-reader.ts), each item's HTML converted (html-convert.ts),
// its pictures found in the folder or zip given with it (picture-source.ts) and stored through the
// upload pipeline (checked, re-encoded, the configured storage), then everything is written in ONE
// transaction: posts, pages, tags, pictures, the old addresses as redirects and the record of what
// came from where (ImportedItem). A failure anywhere writes nothing and removes the pictures'
// files; importing the same export again skips what the record names, so it creates no duplicates.
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ContentChanges } from '../../cache/content-changes.ts';
import type { Category, PostStatus, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { CONTENT_MAX } from '#kernel/content-rules.ts';
import { figureHtml, uploadKeysIn } from '#kernel/content-pictures.ts';
import {
  type CategoryMapping,
  type CategoryTarget,
  defaultCategoryTarget,
  type ImportPreview,
  type ImportReport,
  type ItemNotes,
  IMPORT_FILE_MAX_BYTES,
  importMessages,
  isCategoryTarget,
} from '#kernel/import-rules.ts';
import { CATEGORY_SCREENS } from '#kernel/page-meta-rules.ts';
import { PAGE_TITLE_MAX, RESERVED_PAGE_SLUGS } from '#kernel/page-rules.ts';
import { DESCRIPTION_MAX, IMAGE_ALT_MAX, isCategory, POST_TEXT_MAX } from '#kernel/post-rules.ts';
import { isServerPath, redirectPathKey } from '#kernel/redirect-rules.ts';
import { pagePath, postPath, tagPath } from '#kernel/route-paths.ts';
import { SLUG_MAX, slugError, slugify, uniqueSlug } from '#kernel/slug-rules.ts';
import { normalizeTagName, TAG_NAME_MAX, TAGS_MAX, tagNameError, tagSlug } from '#kernel/tag-rules.ts';
import type { ImageFiles } from '../media/image-files.ts';
import { ImageRejectedError, type StoredImage } from '../media/image-store.ts';
import { feedPath } from '../pages/feeds.ts';
import { revisionOf } from '../post/post-revisions.ts';
import { ensureTags } from '../post/post-tags.ts';
import { sanitizeContent } from '../post/sanitize-html.ts';
import { readGhost } from './ghost-reader.ts';
import { ImportError } from './import-errors.ts';
import { plainText, shorten, type SourceItem, type SourcePicture, type SourceSite } from './import-source.ts';
import { convertHtml, PICTURE_PLACEHOLDER } from './html-convert.ts';
import { readMarkdown } from './markdown-reader.ts';
import { NO_PICTURES, openPictureSource, type PictureSource } from './picture-source.ts';
import { readWxr } from './wxr-reader.ts';
import { commentRowsOf } from './comment-rows.ts';

export interface ImportOptions {
  /** The pictures given with the export; none: every picture is listed as unresolved. */
  pictures?: PictureSource;
  /** Source category slug → its target here; a category left out takes its default. */
  mapping?: Record<string, string>;
  /**
   * The category of a post that no mapped category gives one; none: such a post is imported as a
   * draft (a public post here has a category, as it has a cover).
   */
  fallbackCategory?: string | null;
  /** Called as items are written: done out of total. */
  onProgress?: (done: number, total: number) => void;
  /** Aborted: the import stops where it is and writes nothing (the studio's Cancel). */
  signal?: AbortSignal;
  /**
   * Called after each statement that wrote a batch (of posts, or of redirects): what the batch
   * left is garbage by then. The command line collects it there (scripts/import-site.ts).
   */
  afterBatch?: () => void;
}

export type { CategoryMapping, ImportPreview, ImportReport, ItemNotes };

interface PlannedItem {
  source: SourceItem;
  /** Its status here: a public post lacking a cover or a category becomes a draft. */
  status: PostStatus;
  title: string;
  slug: string;
  subtitle: string;
  description: string;
  category: Category | null;
  tags: string[];
  /**
   * The pictures of its converted text, in placeholder order. The converted text itself is not
   * kept: the write converts the source again, batch by batch (convertItem), so a 10 000-post import
   * never holds every post's text twice (issue 39 item 7, decision 053).
   */
  pictures: SourcePicture[];
  notes: string[];
}

/** Items planned between two turns of the event loop (see write()). */
const PLAN_BATCH = 500;
/**
 * Posts written by one statement of each kind. 100, not 500: Prisma's query compiler (WebAssembly)
 * grows its memory to the largest statement it has built and never gives it back, and a
 * createManyAndReturn of 500 posts' text grew it by some 90 MB (issue 39 item 7).
 */
const POST_BATCH = 100;

/** An item's text converted (html-convert.ts): the same source gives the same result every time. */
function convertItem(site: SourceSite, source: SourceItem) {
  return convertHtml(source.html, {
    classic: site.format === 'wordpress' && !/<!--\s*wp:/.test(source.html),
    titleIsCaption: site.format === 'markdown',
  });
}

/** A turn of the event loop: the converter's DOM garbage is let go only then (see write()). */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The notes in order, each once, with how many times it came when more than once. */
function counted(notes: string[]): string[] {
  const counts = new Map<string, number>();
  for (const note of notes) counts.set(note, (counts.get(note) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([note, count]) => (count > 1 ? `${note} (${count} times)` : note));
}

/** The key of a post's cover among the stored pictures (those of the text are keyed by address). */
function coverKey(item: SourceItem): string {
  return `cover:${item.sourceId}`;
}

/** Which reader a file needs, from its first bytes: XML is WordPress's, JSON Ghost's. */
async function formatOf(file: string): Promise<'wordpress' | 'ghost' | 'markdown'> {
  let info;
  try {
    info = await stat(file);
  } catch {
    throw new ImportError(importMessages.notFound(file), 404);
  }
  // A folder or a zip is a tree of Markdown files (Hugo, Jekyll, Astro, Eleventy, or our own export).
  if (info.isDirectory()) return 'markdown';
  if (!info.isFile()) throw new ImportError(importMessages.notAnExport);
  if (info.size > IMPORT_FILE_MAX_BYTES) {
    throw new ImportError(importMessages.tooLarge(IMPORT_FILE_MAX_BYTES / 1024 / 1024), 413);
  }
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (head.startsWith('PK\u0003\u0004')) return 'markdown';
    if (head.startsWith('<')) return 'wordpress';
    if (head.startsWith('{') || head.startsWith('[')) return 'ghost';
  } finally {
    await handle.close();
  }
  throw new ImportError(importMessages.notAnExport);
}

/**
 * Reads an export of any kind; a tree of Markdown files is also where its pictures are (`tree`, to
 * close once done).
 */
export async function readExport(file: string): Promise<{ site: SourceSite; tree: PictureSource | null }> {
  const format = await formatOf(file);
  if (format === 'wordpress') return { site: await readWxr(file), tree: null };
  if (format === 'ghost') return { site: await readGhost(file), tree: null };
  const tree = await openPictureSource(file);
  try {
    return { site: await readMarkdown(tree, path.basename(file)), tree };
  } catch (error) {
    await tree.close();
    throw error;
  }
}

/** A tag's name made to fit the rules (kernel/tag-rules.ts), or null when nothing of it can be a tag. */
function tagNameOf(name: string): string | null {
  const cleaned = normalizeTagName(name.replace(/[^\p{L}\p{M}\p{N} -]+/gu, ' ').replace(/-{2,}/g, '-'))
    .replace(/^[ -]+|[ -]+$/g, '')
    .replace(/ -|- /g, ' ');
  const fitted = Array.from(cleaned)
    .slice(0, TAG_NAME_MAX)
    .join('')
    .replace(/[ -]+$/, '');
  return fitted && tagNameError(fitted) === null ? fitted : null;
}

export class ImportService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly files: ImageFiles,
    private readonly changes: ContentChanges,
  ) {}

  /** What importing the file would do, writing nothing. */
  async preview(file: string, options: ImportOptions = {}): Promise<ImportPreview> {
    const { site, tree } = await readExport(file);
    try {
      return (await this.plan(site, { ...options, pictures: options.pictures ?? tree ?? undefined })).preview;
    } finally {
      await tree?.close();
    }
  }

  /** Imports the file: everything, or nothing when anything fails. */
  async run(file: string, options: ImportOptions = {}): Promise<ImportReport> {
    const { site, tree } = await readExport(file);
    try {
      return await this.runSite(site, { ...options, pictures: options.pictures ?? tree ?? undefined });
    } finally {
      await tree?.close();
    }
  }

  private async runSite(site: SourceSite, options: ImportOptions): Promise<ImportReport> {
    const { preview, items, mapping } = await this.plan(site, options);
    const pictures = options.pictures ?? NO_PICTURES;
    // Pictures first, outside the transaction (encoding is slow); their files go if it fails.
    const stored = new Map<string, StoredImage>();
    const covers = new Map<string, SourcePicture>();
    const coverKeys = new Set<string>();
    const written: StoredImage[] = [];
    let report: ImportReport;
    try {
      const store = async (key: string, picture: SourcePicture): Promise<boolean> => {
        if (stored.has(key)) return true;
        const file = await pictures.find(picture.url, this.files.store.maxBytes);
        if (!file) return false;
        try {
          const image = await this.files.write(file.bytes, { allVariants: true });
          written.push(image);
          stored.set(key, image);
          return true;
        } catch (error) {
          if (error instanceof ImageRejectedError) {
            throw new ImportError(importMessages.notAPicture(file.path, error.message), 415);
          }
          throw error;
        }
      };
      for (const item of items) {
        options.signal?.throwIfAborted();
        for (const picture of item.pictures) await store(picture.url, picture);
        if (item.source.kind !== 'post') continue;
        // A post's cover: its featured image, else the first picture of its text that was found (the
        // same image then: a post may show its cover in its text). A cover is one post's own
        // (Post.imageId is unique): one that is already another post's is stored again.
        for (const picture of [...(item.source.cover ? [item.source.cover] : []), ...item.pictures]) {
          if (!(await store(picture.url, picture))) continue;
          const image = stored.get(picture.url)!;
          if (coverKeys.has(image.storageKey)) await store(coverKey(item.source), picture);
          else stored.set(coverKey(item.source), image);
          coverKeys.add(stored.get(coverKey(item.source))!.storageKey);
          covers.set(coverKey(item.source), picture);
          break;
        }
      }
      report = await this.prisma.$transaction(
        (tx) => this.write(tx, site, items, mapping, { stored, covers }, preview, options),
        { timeout: 30 * 60 * 1000, maxWait: 60 * 1000 },
      );
    } catch (error) {
      for (const image of written) await this.files.abandon(image);
      throw error;
    }
    // Every list, page and feed may show what came in.
    this.changes.changed();
    return report;
  }

  /** Reads what is already here and turns each new item into what will be written. */
  private async plan(
    site: SourceSite,
    options: ImportOptions,
  ): Promise<{ preview: ImportPreview; items: PlannedItem[]; mapping: Map<string, CategoryTarget> }> {
    const fallbackInput = options.fallbackCategory ?? null;
    if (fallbackInput !== null && !isCategory(fallbackInput)) throw new ImportError(importMessages.mapping);
    const fallback: Category | null = fallbackInput;
    const mapping = new Map<string, CategoryTarget>();
    for (const term of site.categories) mapping.set(term.slug, defaultCategoryTarget(term));
    for (const [slug, target] of Object.entries(options.mapping ?? {})) {
      if (!isCategoryTarget(target)) throw new ImportError(importMessages.mapping);
      mapping.set(slug, target);
    }
    const imported = await this.prisma.importedItem.findMany({
      where: { source: site.source },
      select: { kind: true, sourceId: true, targetId: true },
    });
    const postIds = new Set((await this.prisma.post.findMany({ select: { id: true } })).map((row) => row.id));
    const pageIds = new Set((await this.prisma.page.findMany({ select: { id: true } })).map((row) => row.id));
    // An item imported before and still here is skipped; one deleted since may come back.
    const done = new Set(
      imported
        .filter((row) => (row.kind === 'page' ? pageIds : postIds).has(row.targetId))
        .map((row) => `${row.kind}:${row.sourceId}`),
    );
    const takenPosts = new Set([
      ...(await this.prisma.post.findMany({ select: { slug: true } })).map((row) => row.slug),
      ...(await this.prisma.postSlugRedirect.findMany({ select: { slug: true } })).map((row) => row.slug),
    ]);
    const pagesHere = await this.prisma.page.findMany({ select: { slug: true, title: true, content: true } });
    const takenPages = new Set(pagesHere.map((row) => row.slug));
    // A page here with the same address, title and words is the same page (a site's own About page
    // exported and imported back): it is left as it is, not imported a second time.
    const samePages = new Set(pagesHere.map((row) => `${row.slug}\n${row.title}\n${plainText(row.content)}`));
    let samePageCount = 0;
    const existingSlugs: string[] = [];
    const items: PlannedItem[] = [];
    const categoryCounts = new Map<string, number>();
    const tagNames = new Set<string>();
    const pictureUrls = new Set<string>();
    // Whether each address was found among the given pictures (asked once per address).
    const found = new Map<string, boolean>();
    let comments = 0;
    const unresolved: ImportPreview['unresolved'] = [];
    const pictures = options.pictures ?? NO_PICTURES;
    for (const [index, source] of site.items.entries()) {
      // A turn of the event loop now and then lets the converter's DOM go (see write()).
      if (index % PLAN_BATCH === PLAN_BATCH - 1) await turn();
      comments += source.comments;
      if (done.has(`${source.kind}:${source.sourceId}`)) continue;
      const notes = [...source.warnings];
      const converted = convertItem(site, source);
      notes.push(...converted.warnings);
      if (
        source.kind === 'page' &&
        samePages.has(`${source.slug}\n${plainText(source.title)}\n${plainText(converted.html)}`)
      ) {
        samePageCount++;
        continue;
      }
      const max = source.kind === 'page' ? PAGE_TITLE_MAX : POST_TEXT_MAX;
      // WordPress titles may hold markup (Title <em>With</em> Markup): the text is kept.
      let title = plainText(source.title);
      if (title === '') {
        title = 'Untitled';
        notes.push('Had no title: named “Untitled”');
      } else if (Array.from(title).length > max) {
        notes.push(`Title shortened to ${max} characters (was “${title}”)`);
        title = shorten(title, max);
      }
      // The address: the one it had, when this site can have it; else one made from the title.
      const wanted = source.slug && slugError(source.slug) === null ? source.slug : slugify(title);
      const taken = source.kind === 'page' ? takenPages : takenPosts;
      let base = Array.from(wanted).slice(0, SLUG_MAX).join('');
      if (source.kind === 'page' && RESERVED_PAGE_SLUGS.includes(base)) base = `${base}-page`;
      const slug = uniqueSlug(base, taken);
      if (slug !== base) {
        existingSlugs.push(base);
        notes.push(`The address ${base} is taken here: imported as ${slug}`);
      }
      taken.add(slug);
      const excerpt = plainText(source.excerpt);
      const text = plainText(converted.html);
      const description = excerpt ? shorten(excerpt, DESCRIPTION_MAX) : '';
      const subtitle = shorten(source.subtitle || excerpt || text.split(/(?<=[.!?])\s/)[0] || '', POST_TEXT_MAX);
      let category: Category | null = null;
      const tags: string[] = [];
      for (const term of source.categories) {
        const target = mapping.get(term.slug) ?? defaultCategoryTarget(term);
        categoryCounts.set(term.slug, (categoryCounts.get(term.slug) ?? 0) + (source.kind === 'post' ? 1 : 0));
        if (!mapping.has(term.slug)) mapping.set(term.slug, target);
        if (target === 'tag') tags.push(term.name);
        else if (target !== 'skip') {
          if (category === null) category = target;
          else if (category !== target) tags.push(term.name);
        }
      }
      if (category === null && fallback) category = fallback;
      tags.push(...source.tags.map((term) => term.name));
      const names: string[] = [];
      for (const name of tags) {
        const fitted = tagNameOf(name);
        if (fitted === null) notes.push(`Tag “${name}” cannot be a tag here: left out`);
        else if (!names.some((kept) => tagSlug(kept) === tagSlug(fitted))) names.push(fitted);
      }
      if (names.length > TAGS_MAX) notes.push(`${names.length} tags: only the first ${TAGS_MAX} are kept`);
      const keptTags = source.kind === 'post' ? names.slice(0, TAGS_MAX) : [];
      for (const name of keptTags) tagNames.add(tagSlug(name));
      if (source.kind === 'page' && (source.categories.length > 0 || source.tags.length > 0)) {
        notes.push('Pages have no categories or tags here: left out');
      }
      if (source.cover?.caption)
        notes.push(`The cover's caption is not kept (covers have none here): “${plainText(source.cover.caption)}”`);
      if (source.kind === 'page' && source.cover) notes.push('Pages have no cover here: the cover is left out');
      const pageComments = source.kind === 'page' ? (source.commentList?.length ?? 0) : 0;
      if (pageComments > 0) notes.push(`Pages have no comments here: ${pageComments} left out`);
      const missing: string[] = [];
      const itemPictures = [...converted.pictures, ...(source.kind === 'post' && source.cover ? [source.cover] : [])];
      for (const url of new Set(itemPictures.map((picture) => picture.url))) {
        pictureUrls.add(url);
        if (!found.has(url)) found.set(url, pictures.has(url));
        if (!found.get(url)) missing.push(url);
      }
      if (missing.length > 0) unresolved.push({ title, urls: missing });
      // A public post here has a cover and a category (the database holds it to that): one that has
      // neither featured image nor a picture in its text found, or no category, waits as a draft.
      const hasCover = itemPictures.some((picture) => found.get(picture.url));
      let status: PostStatus = source.status;
      if (source.kind === 'post' && status !== 'DRAFT' && (!hasCover || category === null)) {
        status = 'DRAFT';
        const lacks = [!hasCover && 'no cover', category === null && 'no category'].filter(Boolean).join(' and ');
        notes.push(`Public on the old site, imported as a draft: it has ${lacks} here`);
      }
      if (converted.html.length > CONTENT_MAX) notes.push('The content is longer than this site keeps: it is cut');
      notes.splice(0, notes.length, ...counted(notes));
      items.push({
        source,
        status,
        title,
        slug,
        subtitle,
        description,
        category,
        tags: keptTags,
        pictures: converted.pictures,
        notes,
      });
    }
    const preview: ImportPreview = {
      format: site.format,
      posts: items.filter((item) => item.source.kind === 'post').length,
      pages: items.filter((item) => item.source.kind === 'page').length,
      tags: tagNames.size,
      pictures: pictureUrls.size,
      comments,
      alreadyImported: done.size + samePageCount,
      categories: site.categories.map((term) => ({
        slug: term.slug,
        name: term.name,
        target: mapping.get(term.slug) ?? 'tag',
        posts: categoryCounts.get(term.slug) ?? 0,
      })),
      existingSlugs,
      warnings: items
        .filter((item) => item.notes.length > 0)
        .map((item) => ({ title: item.title, kind: item.source.kind, messages: item.notes })),
      unresolved,
    };
    return { preview, items, mapping };
  }

  /** The whole import's writes, inside its one transaction. */
  private async write(
    tx: Prisma.TransactionClient,
    site: SourceSite,
    items: PlannedItem[],
    mapping: Map<string, CategoryTarget>,
    { stored, covers }: { stored: Map<string, StoredImage>; covers: Map<string, SourcePicture> },
    preview: ImportPreview,
    { onProgress, signal, afterBatch }: Pick<ImportOptions, 'onProgress' | 'signal' | 'afterBatch'>,
  ): Promise<ImportReport> {
    // The pictures' rows, their files no longer pending.
    const imageIds = new Map<string, string>();
    const byKey = new Map<string, StoredImage & { id: string }>();
    for (const [url, image] of stored) {
      const existing = byKey.get(image.storageKey);
      if (existing) {
        imageIds.set(url, existing.id);
        continue;
      }
      await this.files.committed(tx, image);
      const row = await tx.image.create({ data: image, select: { id: true } });
      imageIds.set(url, row.id);
      byKey.set(image.storageKey, { ...image, id: row.id });
    }
    const redirects = new Map<string, string>();
    const posts: PlannedItem[] = [];
    const now = new Date();
    const tagsBefore = await tx.tag.count();
    const created = { posts: 0, pages: 0, tags: 0, pictures: byKey.size, redirects: 0, comments: 0 };
    let done = 0;
    // An item's text as stored here: converted again from its source (the plan kept only what it
    // found), its pictures put back as this site's figures, then sanitized. Its source text is let go
    // once converted: nothing after needs it, and the site's texts are the bulk of what a run holds.
    const contentOf = (item: PlannedItem) => {
      const converted = convertItem(site, item.source);
      item.source.html = '';
      const html = converted.html.replace(PICTURE_PLACEHOLDER, (_, index: string) => {
        const picture = converted.pictures[Number(index)]!;
        const image = stored.get(picture.url);
        return image ? figureHtml({ ...image, alt: picture.alt, caption: picture.caption }) : '';
      });
      const content = sanitizeContent(html.slice(0, CONTENT_MAX), (key) => byKey.get(key));
      return { content, pictureIds: [...new Set(uploadKeysIn(content).map((key) => byKey.get(key)!.id))] };
    };
    for (const item of items) {
      // Thrown inside the transaction: everything written so far is rolled back.
      signal?.throwIfAborted();
      const { source } = item;
      const date = source.date ?? new Date();
      if (source.kind === 'post') {
        // Written below, in batches; their text is made batch by batch, so the import never holds
        // the stored text of every post at once.
        posts.push(item);
        for (const from of source.oldPaths) redirects.set(from, postPath(item.slug));
        continue;
      }
      const { content, pictureIds } = contentOf(item);
      const page = await tx.page.create({
        data: {
          slug: item.slug,
          title: item.title,
          description: item.description,
          content,
          status: source.status === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT',
          createdAt: date,
        },
        select: { id: true },
      });
      if (pictureIds.length > 0) {
        await tx.pagePicture.createMany({ data: pictureIds.map((imageId) => ({ pageId: page.id, imageId })) });
      }
      await tx.importedItem.create({
        data: { source: site.source, kind: 'page', sourceId: source.sourceId, targetId: page.id },
      });
      for (const from of source.oldPaths) redirects.set(from, pagePath(item.slug));
      created.pages++;
      done++;
      onProgress?.(done, items.length);
    }
    // Posts in batches: a few statements for hundreds of posts, not a dozen for each.
    // Each tag once (its first name, as the insert would keep): every post's tags listed, 40 000
    // entries for 10 000 posts, made statements that grew Prisma's memory by some 80 MB.
    const wantedTags = new Map<string, { name: string; slug: string }>();
    for (const name of posts.flatMap((item) => item.tags)) {
      const slug = tagSlug(name);
      if (!wantedTags.has(slug)) wantedTags.set(slug, { name, slug });
    }
    const tags = await ensureTags(tx, [...wantedTags.values()]);
    for (let start = 0; start < posts.length; start += POST_BATCH) {
      signal?.throwIfAborted();
      // The sanitizer's DOM (jsdom) is let go only once the event loop turns: objects it reaches
      // through WeakRefs live until the current task ends. Without a turn between batches, a
      // 10 000-post import kept the garbage of every post's text and passed 1.8 GB.
      await turn();
      const batch = posts.slice(start, start + POST_BATCH).map((item) => {
        const { source } = item;
        const date = source.date ?? new Date();
        const { content, pictureIds } = contentOf(item);
        const cover = stored.get(coverKey(source));
        const imageId = cover ? (imageIds.get(coverKey(source)) ?? null) : null;
        const alt = imageId ? (covers.get(coverKey(source))?.alt ?? '') : '';
        const status = imageId === null ? 'DRAFT' : item.status;
        const row: Prisma.PostCreateManyInput = {
          title: item.title,
          subtitle: item.subtitle,
          content,
          category: item.category,
          description: item.description,
          imageId,
          imageAlt: shorten(alt, IMAGE_ALT_MAX),
          status,
          slug: item.slug,
          createdAt: date,
          updatedAt: now,
          publishedAt: status === 'DRAFT' ? null : date,
        };
        return { item, pictureIds, row };
      });
      const rows = await tx.post.createManyAndReturn({ data: batch.map(({ row }) => row) });
      const bySlug = new Map(rows.map((row) => [row.slug, row]));
      const written = batch.map((entry) => ({ ...entry, post: bySlug.get(entry.item.slug)! }));
      await tx.postRevision.createMany({ data: written.map(({ post }) => revisionOf(post, null)) });
      await tx.postPicture.createMany({
        data: written.flatMap(({ post, pictureIds }) => pictureIds.map((imageId) => ({ postId: post.id, imageId }))),
      });
      await tx.postTag.createMany({
        data: written.flatMap(({ post, item }) =>
          item.tags.map((name, position) => ({ postId: post.id, tagId: tags.get(tagSlug(name))!.id, position })),
        ),
      });
      await tx.importedItem.createMany({
        data: written.map(({ post, item }) => ({
          source: site.source,
          kind: 'post',
          sourceId: item.source.sourceId,
          targetId: post.id,
        })),
      });
      const comments = written.flatMap(({ post, item }) => commentRowsOf(item.source.commentList ?? [], post.id));
      await tx.comment.createMany({ data: comments.map(({ row }) => row) });
      await tx.importedItem.createMany({
        data: comments.map(({ sourceId, row }) => ({
          source: site.source,
          kind: 'comment',
          sourceId,
          targetId: row.id,
        })),
      });
      // Written: its comments are let go too.
      for (const { item } of written) item.source.commentList = undefined;
      created.comments += comments.length;
      created.posts += batch.length;
      done += batch.length;
      onProgress?.(done, items.length);
      afterBatch?.();
    }
    // The old site's lists: a category's leads to the category here or to its tag; the feed to the feed.
    for (const term of site.categories) {
      const target = mapping.get(term.slug) ?? 'tag';
      const from = `${site.categoryBase ?? site.tagBase}/${term.slug}`;
      const screen = CATEGORY_SCREENS.find((entry) => entry.category === target);
      const tagName = target === 'tag' ? tagNameOf(term.name) : null;
      const to = screen ? pagePath(screen.path) : tagName ? tagPath(tagSlug(tagName)) : null;
      if (to) redirects.set(from, to);
    }
    for (const term of site.tags) {
      const name = tagNameOf(term.name);
      if (name) redirects.set(`${site.tagBase}/${term.slug}`, tagPath(tagSlug(name)));
    }
    for (const from of site.feedPaths) redirects.set(from, feedPath('rss', null));
    const rows = [...redirects].flatMap(([path, to]) => {
      const from = path.includes('?') ? path : redirectPathKey(path);
      if (from === null || from === '/' || from === to || isServerPath(from) || from.length > 2000) return [];
      return [{ from, to, permanent: true }];
    });
    signal?.throwIfAborted();
    // In statements of POST_BATCH × 10 rows, for the reason POST_BATCH is small: one statement of
    // every redirect (30 000 for 10 000 posts) grows Prisma's memory as much as its size.
    for (let start = 0; start < rows.length; start += POST_BATCH * 10) {
      const data = rows.slice(start, start + POST_BATCH * 10);
      created.redirects += (await tx.redirect.createMany({ data, skipDuplicates: true })).count;
      afterBatch?.();
    }
    created.tags = (await tx.tag.count()) - tagsBefore;
    // After the rows that the jobs name.
    for (const image of byKey.values()) await this.files.queueMissing(tx, image);
    return { ...preview, created };
  }
}
