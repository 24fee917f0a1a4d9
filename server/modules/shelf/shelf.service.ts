// The shelf (issue 41, docs/decisions/055): what the author reads, watches and plays, for GraphQL,
// REST, the pages and the imports alike. Same contract as the other services: plain data in, rows
// out, AppErrors for expected failures, authorization checked by the caller. Every read reports the
// `shelf` tag, every write announces SHELF_CHANGE: the shelf's pages, the carousel (its items in
// progress) and the pages of posts about items cool together (docs/decisions/032).
import type { Image, Prisma, PrismaClient, ShelfItem, ShelfStatus } from '../../generated/prisma/client.ts';
import type { ContentChanges } from '../../cache/content-changes.ts';
import { depend } from '../../cache/dependencies.ts';
import { SHELF_CHANGE } from '../../cache/post-changes.ts';
import { checkFocus } from '#kernel/focal-point.ts';
import { isUuid } from '#kernel/id-rules.ts';
import type { CategoryValue } from '#kernel/post-rules.ts';
import {
  ratingHalves,
  SHELF_PAGE_SIZE,
  SHELF_YEAR_MAX,
  SHELF_YEAR_MIN,
  shelfMessages,
  shelfTag,
  validateShelfFields,
  type ShelfFields,
  type ShelfLink,
  type ShelfStatusValue,
} from '#kernel/shelf-rules.ts';
import { slugify, uniqueSlug } from '#kernel/slug-rules.ts';
import { notFound, validationError } from '../../errors.ts';
import { checkWriteInput, commitImage, deleteWithImage, type ImageUpload, saveImage } from '../media/image-upload.ts';
import type { ImageFiles } from '../media/image-files.ts';
import { deleteUnusedImages } from '../media/image-uses.ts';
import { sanitizeContent } from '../post/sanitize-html.ts';
import { isUniqueViolation } from '../shared/prisma-errors.ts';

export type ShelfItemWithImage = ShelfItem & { image: Image | null };

/** What a write sends, unchecked: ShelfFields, a cover, and (imports) where the row came from. */
export interface ShelfItemInput extends ShelfFields {
  /** A new cover replaces the old one (whose files go); absent keeps it. */
  image?: ImageUpload | null;
  /** True takes the cover away. */
  removeImage?: boolean | null;
  /** An import: the dates are as the file gives them, none made from the status (withStatusDates). */
  keepDates?: boolean;
}

export type ShelfSort = 'updated' | 'title' | 'rating' | 'finished' | 'year';
export const SHELF_SORTS: readonly ShelfSort[] = ['updated', 'title', 'rating', 'finished', 'year'];

export interface ShelfFilter {
  kind?: CategoryValue | null;
  status?: ShelfStatusValue | null;
  /** The year it was finished. */
  year?: number | null;
  /** At least this many stars. */
  minRating?: number | null;
  /** Items with this tag. */
  tag?: string | null;
  /** Items whose title has these words (the post editor's finder). */
  search?: string | null;
  sort?: ShelfSort | null;
  page?: number | null;
}

export interface ShelfPage {
  items: ShelfItemWithImage[];
  total: number;
  page: number;
  pages: number;
}

export interface YearInReview {
  year: number;
  /** Finished that year, in order of finishing. */
  items: ShelfItemWithImage[];
  /** [kind][month 0..11]: how many were finished. */
  perKindAndMonth: Record<CategoryValue, number[]>;
  /** Over the rated ones, in stars; null when none was rated. */
  averageRating: number | null;
  /** The best rated (4.5 stars and up, at most 6). */
  favourites: ShelfItemWithImage[];
}

const WITH_IMAGE = { include: { image: true } } as const;

/** Reserved addresses below /shelf/: its list's pages and its feed. A year is a number: refused too. */
const RESERVED = new Set(['page', 'feed', 'export']);

const ORDER: Record<ShelfSort, Prisma.ShelfItemOrderByWithRelationInput[]> = {
  updated: [{ updatedAt: 'desc' }, { id: 'desc' }],
  title: [{ title: 'asc' }, { id: 'asc' }],
  rating: [{ ratingHalves: { sort: 'desc', nulls: 'last' } }, { updatedAt: 'desc' }, { id: 'desc' }],
  finished: [{ finishedOn: { sort: 'desc', nulls: 'last' } }, { updatedAt: 'desc' }, { id: 'desc' }],
  year: [{ year: { sort: 'desc', nulls: 'last' } }, { title: 'asc' }, { id: 'asc' }],
};

const toDate = (value: string | null | undefined): Date | null | undefined =>
  value === undefined ? undefined : value === null || value === '' ? null : new Date(`${value}T00:00:00Z`);
const fromDate = (value: Date | null): string | null => value?.toISOString().slice(0, 10) ?? null;
/** Today's date where the author lives (the site's time zone), as YYYY-MM-DD. */
const todayIn = (timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The stored row's fields as a write would send them, for an update that sends only some. */
function fieldsOf(item: ShelfItem): ShelfFields {
  return {
    kind: item.kind,
    title: item.title,
    slug: item.slug,
    creator: item.creator,
    year: item.year,
    status: item.status,
    progress: item.progress,
    progressTotal: item.progressTotal,
    rating: item.ratingHalves === null ? null : item.ratingHalves / 2,
    startedOn: fromDate(item.startedOn),
    finishedOn: fromDate(item.finishedOn),
    notes: item.notes,
    links: item.links as unknown as ShelfLink[],
    tags: item.tags,
    imageAlt: item.imageAlt,
  };
}

/** `sent` over `stored`: a field absent (undefined) from `sent` keeps its stored value. */
function merged(stored: ShelfFields, sent: ShelfFields): ShelfFields {
  const result: ShelfFields = { ...stored };
  for (const [key, value] of Object.entries(sent)) {
    if (value !== undefined) (result as Record<string, unknown>)[key] = value;
  }
  return result;
}

/**
 * The status's dates: an item that starts gets today as its start date, one that is finished today
 * as its finish date, unless the write gives them; a finished item with a total is at its end.
 */
function withStatusDates(before: ShelfFields | null, fields: ShelfFields, timeZone: string): ShelfFields {
  const result = { ...fields };
  const today = () => todayIn(timeZone);
  const moved = before?.status !== fields.status;
  if (moved && fields.status === 'in_progress' && !result.startedOn) result.startedOn = today();
  if (moved && fields.status === 'finished') {
    if (!result.finishedOn) result.finishedOn = today();
    if (result.progressTotal != null) result.progress = result.progressTotal;
  }
  return result;
}

export class ShelfService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly files: ImageFiles,
    private readonly changes: ContentChanges,
    /** The site's time zone (its settings), read at each write: the day a start or finish is dated. */
    private readonly timeZone: () => string = () => 'UTC',
  ) {}

  /** A page of items, filtered and sorted. */
  async list(filter: ShelfFilter = {}): Promise<ShelfPage> {
    depend(['shelf']);
    const page = filter.page ?? 1;
    if (!Number.isInteger(page) || page < 1) throw validationError({ page: shelfMessages.page });
    const where = this.whereOf(filter);
    const [items, total] = await Promise.all([
      this.prisma.shelfItem.findMany({
        where,
        orderBy: ORDER[filter.sort ?? 'updated'],
        skip: (page - 1) * SHELF_PAGE_SIZE,
        take: SHELF_PAGE_SIZE,
        ...WITH_IMAGE,
      }),
      this.prisma.shelfItem.count({ where }),
    ]);
    return { items, total, page, pages: Math.max(1, Math.ceil(total / SHELF_PAGE_SIZE)) };
  }

  private whereOf(filter: ShelfFilter): Prisma.ShelfItemWhereInput {
    const where: Prisma.ShelfItemWhereInput = {};
    if (filter.kind) where.kind = filter.kind;
    if (filter.status) where.status = filter.status as ShelfStatus;
    if (filter.year != null) {
      where.finishedOn = { gte: new Date(Date.UTC(filter.year, 0, 1)), lt: new Date(Date.UTC(filter.year + 1, 0, 1)) };
    }
    if (filter.minRating != null) where.ratingHalves = { gte: Math.round(filter.minRating * 2) };
    if (filter.tag) where.tags = { has: shelfTag(filter.tag) };
    if (filter.search?.trim()) where.title = { contains: filter.search.trim(), mode: 'insensitive' };
    return where;
  }

  /** Every item, oldest first: the exports and the backup. */
  async all(): Promise<ShelfItemWithImage[]> {
    return this.prisma.shelfItem.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...WITH_IMAGE });
  }

  async bySlug(slug: string): Promise<ShelfItemWithImage | null> {
    depend(['shelf']);
    return this.prisma.shelfItem.findUnique({ where: { slug: slug.toLowerCase() }, ...WITH_IMAGE });
  }

  async byId(id: string): Promise<ShelfItemWithImage | null> {
    if (!isUuid(id)) return null;
    depend(['shelf']);
    return this.prisma.shelfItem.findUnique({ where: { id }, ...WITH_IMAGE });
  }

  /** The items in progress, latest touched first: the home carousel shows them after the cards. */
  async inProgress(): Promise<ShelfItemWithImage[]> {
    depend(['shelf']);
    return this.prisma.shelfItem.findMany({
      where: { status: 'in_progress' },
      orderBy: ORDER.updated,
      take: 12,
      ...WITH_IMAGE,
    });
  }

  /** The published posts about an item (every post for the admin), newest first. */
  async postsOf(itemId: string, { includeUnpublished = false } = {}) {
    depend(['shelf']);
    const rows = await this.prisma.shelfItemPost.findMany({
      where: { itemId, ...(includeUnpublished ? {} : { post: { status: 'PUBLISHED' } }) },
      include: { post: { include: { image: true } } },
    });
    return rows
      .map((row) => row.post)
      .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0));
  }

  /** The items a post is about, in the author's order. */
  async itemsOfPost(postId: string): Promise<ShelfItemWithImage[]> {
    depend(['shelf']);
    const rows = await this.prisma.shelfItemPost.findMany({
      where: { postId },
      orderBy: { position: 'asc' },
      include: { item: WITH_IMAGE },
    });
    return rows.map((row) => row.item);
  }

  /** Replaces the items a post is about (the editor's list); unknown ids are a field error, nothing changes. */
  async setPostItems(postId: string, itemIds: readonly string[]): Promise<ShelfItemWithImage[]> {
    if (!isUuid(postId)) throw notFound('Post not found');
    const ids = [...new Set(itemIds)];
    if (ids.some((id) => !isUuid(id))) throw validationError({ shelfItems: shelfMessages.notFound });
    await this.prisma.$transaction(async (tx) => {
      const post = await tx.post.findUnique({ where: { id: postId }, select: { id: true } });
      if (!post) throw notFound('Post not found');
      const found = await tx.shelfItem.count({ where: { id: { in: ids } } });
      if (found !== ids.length) throw validationError({ shelfItems: shelfMessages.notFound });
      await tx.shelfItemPost.deleteMany({ where: { postId } });
      if (ids.length > 0) {
        await tx.shelfItemPost.createMany({ data: ids.map((itemId, position) => ({ itemId, postId, position })) });
      }
    });
    this.changes.changed(SHELF_CHANGE);
    return this.itemsOfPost(postId);
  }

  /** What /shelf/{year} shows: the items finished that year, counted per kind and month. */
  async yearInReview(year: number): Promise<YearInReview> {
    if (!Number.isInteger(year) || year < SHELF_YEAR_MIN || year > SHELF_YEAR_MAX) {
      throw validationError({ year: shelfMessages.year });
    }
    depend(['shelf']);
    const items = await this.prisma.shelfItem.findMany({
      where: this.whereOf({ year }),
      orderBy: [{ finishedOn: 'asc' }, { title: 'asc' }],
      ...WITH_IMAGE,
    });
    const perKindAndMonth = { game: [], anime: [], tv: [], book: [] } as unknown as Record<CategoryValue, number[]>;
    for (const kind of Object.keys(perKindAndMonth) as CategoryValue[]) perKindAndMonth[kind] = Array(12).fill(0);
    for (const item of items) perKindAndMonth[item.kind][item.finishedOn!.getUTCMonth()]! += 1;
    const rated = items.filter((item) => item.ratingHalves !== null);
    const averageRating =
      rated.length === 0
        ? null
        : Math.round((rated.reduce((sum, item) => sum + item.ratingHalves!, 0) / rated.length / 2) * 10) / 10;
    const favourites = rated
      .filter((item) => item.ratingHalves! >= 9)
      .sort((a, b) => b.ratingHalves! - a.ratingHalves! || a.title.localeCompare(b.title))
      .slice(0, 6);
    return { year, items, perKindAndMonth, averageRating, favourites };
  }

  /** The years with finished items, newest first (the year pages the sitemap lists). */
  async years(): Promise<number[]> {
    depend(['shelf']);
    const rows = await this.prisma.$queryRaw<Array<{ year: number }>>`
      SELECT DISTINCT EXTRACT(YEAR FROM "finishedOn")::int AS "year" FROM "ShelfItem"
      WHERE "finishedOn" IS NOT NULL ORDER BY 1 DESC`;
    return rows.map((row) => Number(row.year));
  }

  /** Finished items, latest finished first: the feed. */
  async finished(take = 30): Promise<ShelfItemWithImage[]> {
    depend(['shelf']);
    return this.prisma.shelfItem.findMany({
      where: { status: 'finished' },
      orderBy: ORDER.finished,
      take,
      ...WITH_IMAGE,
    });
  }

  /** The fields as stored, checked; throws every field's problem at once. */
  private async checked(before: ShelfItem | null, input: ShelfItemInput) {
    const sent: ShelfFields = { ...input };
    delete (sent as ShelfItemInput).image;
    delete (sent as ShelfItemInput).removeImage;
    delete (sent as ShelfItemInput).keepDates;
    const all = merged(before ? fieldsOf(before) : { status: 'planned', progress: 0 }, sent);
    const fields = input.keepDates ? all : withStatusDates(before && fieldsOf(before), all, this.timeZone());
    const errors = validateShelfFields({ ...fields, focusX: input.focusX, focusY: input.focusY });
    const image = await checkWriteInput(this.files.store, errors, input.image, { required: false });
    const title = fields.title!.trim();
    const slug = fields.slug?.trim() || null;
    if (slug && (/^\d+$/.test(slug) || RESERVED.has(slug))) {
      throw validationError({ slug: 'This address is used by the shelf itself' });
    }
    const data = {
      kind: fields.kind as CategoryValue,
      title,
      creator: fields.creator?.trim() ?? '',
      year: fields.year ?? null,
      status: fields.status as ShelfStatus,
      progress: fields.progress ?? 0,
      progressTotal: fields.progressTotal ?? null,
      ratingHalves: fields.rating == null ? null : ratingHalves(fields.rating)!,
      startedOn: toDate(fields.startedOn) ?? null,
      finishedOn: toDate(fields.finishedOn) ?? null,
      notes: fields.notes ? sanitizeContent(fields.notes) : '',
      links: (fields.links ?? []).map((link) => ({ label: link.label.trim(), url: link.url.trim() })),
      tags: [...new Set((fields.tags ?? []).map(shelfTag).filter((tag) => tag !== ''))],
      imageAlt: fields.imageAlt?.trim() ?? '',
    };
    return { data, slug, image, focus: checkFocus(input.focusX, input.focusY).focus };
  }

  /** The typed slug, or one made from the title that no other item has (never a number: /shelf/2026 is a year). */
  private async slugFor(tx: Prisma.TransactionClient, typed: string | null, title: string, kind: string, id?: string) {
    if (typed) {
      const other = await tx.shelfItem.findUnique({ where: { slug: typed }, select: { id: true } });
      if (other && other.id !== id) throw validationError({ slug: shelfMessages.slugTaken });
      return typed;
    }
    let base = slugify(title);
    if (/^\d+$/.test(base) || RESERVED.has(base)) base = `${base}-${kind}`;
    const taken = await tx.shelfItem.findMany({
      where: { slug: { startsWith: base }, ...(id ? { id: { not: id } } : {}) },
      select: { slug: true },
    });
    return uniqueSlug(base, new Set(taken.map((row) => row.slug)));
  }

  async create(input: ShelfItemInput, sourceKey: string | null = null): Promise<ShelfItemWithImage> {
    const { data, slug, image, focus } = await this.checked(null, input);
    const stored = image ? await saveImage(this.files, image) : null;
    const write = async (tx: Prisma.TransactionClient) =>
      tx.shelfItem.create({
        data: {
          ...data,
          slug: await this.slugFor(tx, slug, data.title, data.kind),
          sourceKey,
          ...(stored ? { image: { create: { ...stored, ...(focus ?? {}) } } } : {}),
        },
        ...WITH_IMAGE,
      });
    const item = await this.retryingSlug(() =>
      stored ? commitImage(this.prisma, this.files, stored, write) : this.prisma.$transaction(write),
    );
    this.changes.changed(SHELF_CHANGE);
    return item;
  }

  /** Two writes picking the same made-up slug at once: the loser tries again with the winner's taken. */
  private async retryingSlug<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'slug')) return write();
      throw error;
    }
  }

  /**
   * Changes the fields sent (an absent one keeps its value), the cover when one is sent (the old
   * one's row and files go) or taken away. Nothing changes when anything is refused.
   */
  async update(id: string, input: ShelfItemInput): Promise<ShelfItemWithImage> {
    const before = await this.byId(id);
    if (!before) throw notFound(shelfMessages.notFound);
    const { data, slug, image, focus } = await this.checked(before, input);
    const stored = image ? await saveImage(this.files, image) : null;
    const write = async (tx: Prisma.TransactionClient) => {
      // Locked: two edits at once apply one after the other, and a replaced cover is removed once.
      const [current] = await tx.$queryRaw<Array<{ imageId: string | null }>>`
        SELECT "imageId" FROM "ShelfItem" WHERE "id" = ${id}::uuid FOR UPDATE`;
      if (!current) throw notFound(shelfMessages.notFound);
      const keepSlug = !slug && before.title === data.title;
      let item = await tx.shelfItem.update({
        where: { id },
        data: {
          ...data,
          slug: keepSlug ? before.slug : await this.slugFor(tx, slug, data.title, data.kind, id),
          ...(stored ? { image: { create: { ...stored, ...(focus ?? {}) } } } : {}),
          ...(!stored && input.removeImage ? { image: { disconnect: true } } : {}),
        },
        ...WITH_IMAGE,
      });
      if (!stored && !input.removeImage && focus && current.imageId) {
        item = { ...item, image: await tx.image.update({ where: { id: current.imageId }, data: focus }) };
      }
      const gone = stored || input.removeImage ? await deleteUnusedImages(tx, this.files, [current.imageId]) : [];
      return { item, gone };
    };
    const result = await this.retryingSlug(() =>
      stored ? commitImage(this.prisma, this.files, stored, write) : this.prisma.$transaction(write),
    );
    this.changes.changed(SHELF_CHANGE);
    if (result.gone.length > 0) await this.files.removeNow(result.gone);
    return result.item;
  }

  /** One more page, episode or hour (the studio's +1): a start starts it, the total finishes it. */
  async step(id: string): Promise<ShelfItemWithImage> {
    const before = await this.byId(id);
    if (!before) throw notFound(shelfMessages.notFound);
    const progress = before.progress + 1;
    const status =
      before.progressTotal !== null && progress >= before.progressTotal
        ? 'finished'
        : before.status === 'planned' || before.status === 'on_hold'
          ? 'in_progress'
          : undefined;
    return this.update(id, { progress, ...(status ? { status } : {}) });
  }

  /** The same status or tags for several items at once; one refused changes none. */
  async bulkUpdate(
    ids: readonly string[],
    change: { status?: string | null; addTags?: string[] | null; removeTags?: string[] | null },
  ): Promise<ShelfItemWithImage[]> {
    const unique = [...new Set(ids)];
    if (unique.some((id) => !isUuid(id))) throw notFound(shelfMessages.notFound);
    const items = await this.prisma.shelfItem.findMany({ where: { id: { in: unique } } });
    if (items.length !== unique.length) throw notFound(shelfMessages.notFound);
    const remove = new Set((change.removeTags ?? []).map(shelfTag));
    const writes = items.map((item) => {
      const tags = [
        ...new Set([...item.tags.filter((tag) => !remove.has(tag)), ...(change.addTags ?? []).map(shelfTag)]),
      ];
      const fields = withStatusDates(
        fieldsOf(item),
        { ...fieldsOf(item), tags, ...(change.status ? { status: change.status } : {}) },
        this.timeZone(),
      );
      const errors = validateShelfFields(fields);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      return { id: item.id, fields };
    });
    await this.prisma.$transaction(async (tx) => {
      for (const { id, fields } of writes) {
        await tx.shelfItem.update({
          where: { id },
          data: {
            tags: fields.tags!.filter((tag) => tag !== ''),
            status: fields.status as ShelfStatus,
            progress: fields.progress ?? 0,
            startedOn: toDate(fields.startedOn) ?? null,
            finishedOn: toDate(fields.finishedOn) ?? null,
          },
        });
      }
    });
    this.changes.changed(SHELF_CHANGE);
    return this.prisma.shelfItem.findMany({ where: { id: { in: unique } }, orderBy: ORDER.updated, ...WITH_IMAGE });
  }

  /** Deletes the item (its links to posts go with it), its cover and then the cover's files; returns the id. */
  async delete(id: string): Promise<string> {
    return deleteWithImage(this.prisma, this.files, {
      id,
      notFoundMessage: shelfMessages.notFound,
      deleteRow: (tx) => tx.shelfItem.delete({ where: { id }, select: { imageId: true } }),
      committed: () => this.changes.changed(SHELF_CHANGE),
    });
  }

  /** An import's row: created, or updated where the same source key was imported before (idempotent). */
  async upsertImported(sourceKey: string, input: ShelfItemInput): Promise<'created' | 'updated'> {
    const existing = await this.prisma.shelfItem.findUnique({ where: { sourceKey }, select: { id: true } });
    if (existing) {
      await this.update(existing.id, input);
      return 'updated';
    }
    await this.create(input, sourceKey);
    return 'created';
  }

  /** Which of these source keys are already on the shelf (an import's preview). */
  async knownSources(keys: readonly string[]): Promise<Set<string>> {
    const rows = await this.prisma.shelfItem.findMany({
      where: { sourceKey: { in: [...keys] } },
      select: { sourceKey: true },
    });
    return new Set(rows.map((row) => row.sourceKey!));
  }
}
