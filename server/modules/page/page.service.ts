// The pages the author writes (about, hire-me, or their own such as /now, issue 36): read at /{slug},
// written in the studio. Every rule is here, once, for GraphQL (the REST facade has no pages); the
// caller checks who may write. A page is no post: no list, feed or post search shows it.
import type { ContentChanges } from '../../cache/content-changes.ts';
import { depend } from '../../cache/dependencies.ts';
import { notFound, validationError } from '../../errors.ts';
import type { Page, PageStatus, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { isUuid } from '#kernel/id-rules.ts';
import { pageMessages, pageSlugOfFields, validatePageFields, type PageFields } from '#kernel/page-rules.ts';
import { keywordError } from '#kernel/search-rules.ts';
import type { ImageFiles } from '../media/image-files.ts';
import { deleteUnusedImages } from '../media/image-uses.ts';
import { isRecordNotFound, isUniqueViolation } from '../shared/prisma-errors.ts';
import { storedContent } from '../post/sanitize-html.ts';

/** What the page form sends, unchecked. */
export type PageInput = PageFields;

/** At most this many pages match a search: the search page lists them above the posts. */
export const PAGE_SEARCH_MAX = 10;

/** What a read reports (server/cache/dependencies.ts); a change of a page touches everything anyway. */
const PAGES_TAG = 'pages';

export class PageService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly files: ImageFiles,
    /** Told of every write, so every cached answer that may show a page is forgotten. */
    private readonly changes: ContentChanges,
  ) {}

  /** Published pages in the order they were made (readers); every page, the last edited first (the admin). */
  async list({ drafts }: { drafts: boolean }): Promise<Page[]> {
    depend([PAGES_TAG]);
    return drafts
      ? this.prisma.page.findMany({ orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }] })
      : this.prisma.page.findMany({ where: { status: 'PUBLISHED' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /** The page at /{slug}: a published one, or any with drafts (the admin); null when none. */
  async bySlug(slug: string, { drafts }: { drafts: boolean }): Promise<Page | null> {
    depend([PAGES_TAG]);
    const page = await this.prisma.page.findUnique({ where: { slug: slug.toLowerCase() } });
    return page && (drafts || page.status === 'PUBLISHED') ? page : null;
  }

  /** The admin's page by id (the editor), or null. */
  async byId(id: string): Promise<Page | null> {
    return isUuid(id) ? this.prisma.page.findUnique({ where: { id } }) : null;
  }

  /**
   * Published pages whose title, description or text has every word of the keyword (or a word
   * starting with it), best first: the search page's "Pages" group. Pages are few: their words are
   * read from the rows, with no index of their own.
   */
  async search(keyword: string): Promise<Page[]> {
    const problem = keywordError(keyword);
    if (problem) throw validationError({ search: problem });
    depend([PAGES_TAG]);
    const tsquery = keyword
      .trim()
      .split(/[\s_-]+/)
      .filter((word) => word !== '')
      .map((word) => `${word}:*`)
      .join(' & ');
    const ids = await this.prisma.$queryRaw<Array<{ id: string }>>`
      SELECT "id"::text AS "id" FROM (
        SELECT "id", "title",
          setweight(to_tsvector('english', "title"), 'A') ||
          setweight(to_tsvector('english', "description"), 'B') ||
          setweight(to_tsvector('english', regexp_replace("content", '<[^>]*>', ' ', 'g')), 'C') AS "words"
        FROM "Page" WHERE "status" = 'PUBLISHED'
      ) AS "page"
      WHERE "words" @@ to_tsquery('english', ${tsquery})
      ORDER BY ts_rank("words", to_tsquery('english', ${tsquery})) DESC, "title", "id"
      LIMIT ${PAGE_SEARCH_MAX}`;
    const pages = await this.prisma.page.findMany({ where: { id: { in: ids.map((row) => row.id) } } });
    return ids.map((row) => pages.find((page) => page.id === row.id)!).filter(Boolean);
  }

  async create(input: PageInput): Promise<Page> {
    const data = await this.prepare(input);
    const page = await this.write((tx) =>
      tx.page.create({
        data: { ...data.fields, pictures: { create: data.pictureIds.map((imageId) => ({ imageId })) } },
      }),
    );
    this.changes.changed();
    return page;
  }

  /** Replaces every field; the pictures taken out of the text go, unless something else shows them. */
  async update(id: string, input: PageInput): Promise<Page> {
    if (!isUuid(id)) throw notFound(pageMessages.notFound);
    const data = await this.prepare(input);
    const { page, removed } = await this.write(async (tx) => {
      const before = await tx.pagePicture.findMany({ where: { pageId: id }, select: { imageId: true } });
      const dropped = before.map((row) => row.imageId).filter((imageId) => !data.pictureIds.includes(imageId));
      const updated = await tx.page.update({
        where: { id },
        data: {
          ...data.fields,
          pictures: { deleteMany: {}, create: data.pictureIds.map((imageId) => ({ imageId })) },
        },
      });
      return { page: updated, removed: await deleteUnusedImages(tx, this.files, dropped) };
    });
    this.changes.changed();
    if (removed.length > 0) await this.files.removeNow(removed);
    return page;
  }

  /** Deletes the page and the pictures of its text that nothing else shows; returns its id. */
  async delete(id: string): Promise<string> {
    if (!isUuid(id)) throw notFound(pageMessages.notFound);
    const removed = await this.prisma.$transaction(async (tx) => {
      const pictures = await tx.pagePicture.findMany({ where: { pageId: id }, select: { imageId: true } });
      const { count } = await tx.page.deleteMany({ where: { id } });
      if (count === 0) throw notFound(pageMessages.notFound);
      return deleteUnusedImages(
        tx,
        this.files,
        pictures.map((row) => row.imageId),
      );
    });
    this.changes.changed();
    if (removed.length > 0) await this.files.removeNow(removed);
    return id;
  }

  /** Checks every field (all problems at once); returns the values to store. */
  private async prepare(input: PageInput) {
    const errors = validatePageFields(input);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const { content, pictureIds } = await storedContent(this.prisma, input.content ?? '');
    return {
      pictureIds,
      fields: {
        slug: pageSlugOfFields(input),
        title: input.title!.trim(),
        description: (input.description ?? '').trim(),
        content,
        status: input.status as PageStatus,
      },
    };
  }

  /** Runs the write in a transaction; another page's address is the slug's field error, not a failure. */
  private async write<T>(run: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    try {
      return await this.prisma.$transaction(run);
    } catch (error) {
      if (isUniqueViolation(error)) throw validationError({ slug: pageMessages.taken });
      if (isRecordNotFound(error)) throw notFound(pageMessages.notFound);
      throw error;
    }
  }
}
