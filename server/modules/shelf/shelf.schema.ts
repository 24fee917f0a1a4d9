// The shelf's GraphQL (issue 41): ShelfItem, its queries (public: the whole shelf is public), the
// admin's writes (refused before the resolver runs) and Post.shelfItems.
import { builder } from '../../builder.ts';
import type { CategoryValue } from '#kernel/post-rules.ts';
import { SHELF_LINKS_MAX, SHELF_PAGE_SIZE, PROGRESS_UNITS, type ShelfStatusValue } from '#kernel/shelf-rules.ts';
import { ImageObject } from '../media/media.schema.ts';
import { PostObject } from '../post/post.schema.ts';
import { CategoryEnum } from '../shared/enums.schema.ts';
import type { ShelfItemWithImage, ShelfSort, YearInReview } from './shelf.service.ts';
import { importShelf, SHELF_MAPPABLE_FIELDS, type ShelfImportFormat } from './shelf-import.ts';
import { shelfCsv, shelfJson } from './shelf-export.ts';

export const ShelfStatusEnum = builder.enumType('ShelfStatus', {
  values: {
    PLANNED: { value: 'planned' },
    IN_PROGRESS: { value: 'in_progress' },
    FINISHED: { value: 'finished' },
    ON_HOLD: { value: 'on_hold' },
    DROPPED: { value: 'dropped' },
  } as const,
});

const ShelfSortEnum = builder.enumType('ShelfSort', {
  values: {
    UPDATED: { value: 'updated', description: 'Latest changed first' },
    TITLE: { value: 'title' },
    RATING: { value: 'rating', description: 'Best rated first' },
    FINISHED: { value: 'finished', description: 'Latest finished first' },
    YEAR: { value: 'year', description: 'Newest release first' },
  } as const,
});

const ShelfLinkObject = builder.objectRef<{ label: string; url: string }>('ShelfLink').implement({
  fields: (t) => ({ label: t.exposeString('label'), url: t.exposeString('url') }),
});

const dateOf = (value: Date | null) => value?.toISOString().slice(0, 10) ?? null;

export const ShelfItemObject = builder.prismaObject('ShelfItem', {
  include: { image: true },
  description: 'A game, anime, TV show or book the author reads, watches or plays',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.expose('kind', { type: CategoryEnum }),
    title: t.exposeString('title'),
    slug: t.exposeString('slug', { description: 'The address: the item is read at /shelf/{slug}' }),
    creator: t.exposeString('creator', { description: 'The author, studio or developer; empty: unknown' }),
    year: t.exposeInt('year', { nullable: true, description: 'The year it came out' }),
    image: t.field({
      type: ImageObject,
      nullable: true,
      resolve: (item) => (item as ShelfItemWithImage).image,
    }),
    imageAlt: t.exposeString('imageAlt'),
    status: t.expose('status', { type: ShelfStatusEnum }),
    progress: t.exposeInt('progress', { description: 'Pages, episodes or hours so far (see progressUnit)' }),
    progressTotal: t.exposeInt('progressTotal', { nullable: true, description: 'Of how many, when known' }),
    progressUnit: t.string({ resolve: (item) => PROGRESS_UNITS[item.kind as CategoryValue] }),
    rating: t.float({
      nullable: true,
      description: 'Stars, 0.5 to 5 by halves; null: not rated',
      resolve: (item) => (item.ratingHalves === null ? null : item.ratingHalves / 2),
    }),
    startedOn: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (item) => dateOf(item.startedOn) }),
    finishedOn: t.string({ nullable: true, description: 'YYYY-MM-DD', resolve: (item) => dateOf(item.finishedOn) }),
    notes: t.exposeString('notes', { description: 'Sanitized HTML, as the editor produces it' }),
    links: t.field({
      type: [ShelfLinkObject],
      complexity: { field: 1, multiplier: SHELF_LINKS_MAX },
      resolve: (item) => item.links as unknown as Array<{ label: string; url: string }>,
    }),
    tags: t.exposeStringList('tags'),
    posts: t.field({
      type: [PostObject],
      description: 'The posts about it (published ones; every one for the admin), newest first',
      complexity: { field: 2, multiplier: 10 },
      resolve: (item, _args, ctx) =>
        ctx.services.shelf.postsOf(item.id, { includeUnpublished: ctx.viewer?.isAdmin === true }),
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const ShelfPageObject = builder
  .objectRef<{ items: ShelfItemWithImage[]; total: number; page: number; pages: number }>('ShelfPage')
  .implement({
    fields: (t) => ({
      items: t.field({
        type: [ShelfItemObject],
        // What a page selects in its items, SHELF_PAGE_SIZE times (docs/decisions/018-graphql-prices.md).
        complexity: { field: 1, multiplier: SHELF_PAGE_SIZE },
        resolve: (page) => page.items,
      }),
      total: t.exposeInt('total'),
      page: t.exposeInt('page'),
      pages: t.exposeInt('pages'),
    }),
  });

const ShelfLinkInput = builder.inputType('ShelfLinkInput', {
  fields: (t) => ({ label: t.string({ required: true }), url: t.string({ required: true }) }),
});

const shelfFields = (required: boolean) =>
  builder.inputType(required ? 'CreateShelfItemInput' : 'UpdateShelfItemInput', {
    description: required
      ? 'A new item: a title and a kind are enough (status PLANNED when absent)'
      : 'The fields to change; an absent one keeps its value',
    fields: (t) => ({
      kind: t.field({ type: CategoryEnum, required }),
      title: t.string({ required }),
      slug: t.string({ description: 'The address below /shelf/; absent or empty: made from the title' }),
      creator: t.string(),
      year: t.int(),
      status: t.field({ type: ShelfStatusEnum }),
      progress: t.int(),
      progressTotal: t.int(),
      rating: t.float({ description: 'Stars, 0.5 to 5 by halves; null: not rated' }),
      startedOn: t.string({ description: 'YYYY-MM-DD; a start sets today when absent' }),
      finishedOn: t.string({ description: 'YYYY-MM-DD; finishing sets today when absent' }),
      notes: t.string({ description: 'HTML; sanitized before it is stored' }),
      links: t.field({ type: [ShelfLinkInput] }),
      tags: t.stringList(),
      image: t.field({ type: 'File', description: 'A cover; replaces the old one' }),
      removeImage: t.boolean({ description: 'True takes the cover away' }),
      imageAlt: t.string(),
      focusX: t.float(),
      focusY: t.float(),
    }),
  });
const CreateShelfItemInput = shelfFields(true);
const UpdateShelfItemInput = shelfFields(false);

const ShelfImportFormatEnum = builder.enumType('ShelfImportFormat', {
  values: {
    GOODREADS: { value: 'goodreads', description: 'A Goodreads library export (CSV)' },
    MYANIMELIST: { value: 'myanimelist', description: 'A MyAnimeList anime or manga list export (XML)' },
    CSV: { value: 'csv', description: 'Any CSV, with a column mapping' },
  } as const,
});

const ShelfImportMappingInput = builder.inputType('ShelfImportMappingInput', {
  fields: (t) => ({
    field: t.string({ required: true, description: `One of ${SHELF_MAPPABLE_FIELDS.join(', ')}` }),
    column: t.string({ required: true, description: "The column's name in the file's first line" }),
  }),
});

const ShelfImportRowObject = builder
  .objectRef<{ line: number; title: string; kind: string; status: string; action: string; error: string | null }>(
    'ShelfImportRow',
  )
  .implement({
    fields: (t) => ({
      line: t.exposeInt('line', { description: "The row's line (CSV) or entry number (XML)" }),
      title: t.exposeString('title'),
      kind: t.exposeString('kind'),
      status: t.exposeString('status'),
      action: t.exposeString('action', { description: 'create, update or skip' }),
      error: t.exposeString('error', { nullable: true, description: 'Why the row is skipped' }),
    }),
  });

const ShelfImportResultObject = builder
  .objectRef<{ rows: unknown[]; created: number; updated: number; skipped: number; applied: boolean }>(
    'ShelfImportResult',
  )
  .implement({
    fields: (t) => ({
      rows: t.field({ type: [ShelfImportRowObject], resolve: (result) => result.rows as never }),
      created: t.exposeInt('created'),
      updated: t.exposeInt('updated'),
      skipped: t.exposeInt('skipped'),
      applied: t.exposeBoolean('applied', { description: 'False for a preview (dryRun)' }),
    }),
  });

const ShelfKindMonthsObject = builder
  .objectRef<{ kind: CategoryValue; months: number[] }>('ShelfKindMonths')
  .implement({
    fields: (t) => ({
      kind: t.field({ type: CategoryEnum, resolve: (row) => row.kind }),
      months: t.exposeIntList('months', { description: 'Finished in January to December' }),
    }),
  });

const ShelfYearObject = builder.objectRef<YearInReview>('ShelfYear').implement({
  description: 'A year in review: what was finished that year',
  fields: (t) => ({
    year: t.exposeInt('year'),
    finished: t.int({ resolve: (review) => review.items.length }),
    averageRating: t.exposeFloat('averageRating', { nullable: true, description: 'Over the rated items, in stars' }),
    perKindAndMonth: t.field({
      type: [ShelfKindMonthsObject],
      complexity: { field: 1, multiplier: 4 },
      resolve: (review) =>
        (Object.keys(review.perKindAndMonth) as CategoryValue[]).map((kind) => ({
          kind,
          months: review.perKindAndMonth[kind],
        })),
    }),
    favourites: t.field({
      type: [ShelfItemObject],
      description: 'The best rated (4.5 stars and up), at most 6',
      complexity: { field: 1, multiplier: 6 },
      resolve: (review) => review.favourites,
    }),
    items: t.field({
      type: [ShelfItemObject],
      description: 'Every item finished that year, in order of finishing',
      complexity: { field: 1, multiplier: 50 },
      resolve: (review) => review.items,
    }),
  }),
});

builder.queryFields((t) => ({
  shelfInProgress: t.field({
    type: [ShelfItemObject],
    description:
      "The items in progress, latest changed first: the home carousel shows them after the 'Currently' cards",
    complexity: { field: 1, multiplier: 12 },
    resolve: (_root, _args, ctx) => ctx.services.shelf.inProgress(),
  }),
  shelfYears: t.intList({
    description: 'The years with finished items, newest first (each has its year in review)',
    resolve: (_root, _args, ctx) => ctx.services.shelf.years(),
  }),
  shelfYear: t.field({
    type: ShelfYearObject,
    args: { year: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.shelf.yearInReview(args.year),
  }),
  shelfItems: t.field({
    type: ShelfPageObject,
    description: `A page of ${SHELF_PAGE_SIZE} shelf items; year is the year they were finished`,
    args: {
      kind: t.arg({ type: CategoryEnum }),
      status: t.arg({ type: ShelfStatusEnum }),
      year: t.arg.int(),
      minRating: t.arg.float({ description: 'At least this many stars' }),
      tag: t.arg.string(),
      search: t.arg.string({ description: 'Words of the title' }),
      sort: t.arg({ type: ShelfSortEnum }),
      page: t.arg.int({ defaultValue: 1 }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.shelf.list({
        kind: args.kind as CategoryValue | null,
        status: args.status as ShelfStatusValue | null,
        year: args.year,
        minRating: args.minRating,
        tag: args.tag,
        search: args.search,
        sort: args.sort as ShelfSort | null,
        page: args.page,
      }),
  }),
  shelfItem: t.field({
    type: ShelfItemObject,
    nullable: true,
    description: 'An item by its address (slug) or its id',
    args: { slug: t.arg.string(), id: t.arg.id() },
    resolve: (_root, args, ctx) =>
      args.id ? ctx.services.shelf.byId(String(args.id)) : args.slug ? ctx.services.shelf.bySlug(args.slug) : null,
  }),
  shelfExport: t.string({
    authScopes: { admin: true },
    description: 'Every item as CSV or JSON',
    args: { format: t.arg.string({ required: true, description: 'csv or json' }) },
    resolve: async (_root, args, ctx) => {
      const items = await ctx.services.shelf.all();
      return args.format === 'json' ? shelfJson(items) : shelfCsv(items);
    },
  }),
}));

builder.mutationFields((t) => ({
  createShelfItem: t.field({
    type: ShelfItemObject,
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreateShelfItemInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.shelf.create(args.input as never),
  }),
  updateShelfItem: t.field({
    type: ShelfItemObject,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateShelfItemInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.shelf.update(String(args.id), args.input as never),
  }),
  stepShelfItem: t.field({
    type: ShelfItemObject,
    authScopes: { admin: true },
    description: 'One more page, episode or hour; reaching the total finishes it',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.shelf.step(String(args.id)),
  }),
  bulkUpdateShelfItems: t.field({
    type: [ShelfItemObject],
    authScopes: { admin: true },
    description: 'The same status, or tags added and removed, for several items; one refused changes none',
    args: {
      ids: t.arg.idList({ required: true }),
      status: t.arg({ type: ShelfStatusEnum }),
      addTags: t.arg.stringList(),
      removeTags: t.arg.stringList(),
    },
    resolve: (_root, args, ctx) => ctx.services.shelf.bulkUpdate(args.ids.map(String), args),
  }),
  deleteShelfItem: t.id({
    authScopes: { admin: true },
    description: 'Deletes the item and its cover; returns its id',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.shelf.delete(String(args.id)),
  }),
  setPostShelfItems: t.field({
    type: [ShelfItemObject],
    authScopes: { admin: true },
    description: 'The items a post is about, in order (replaces them)',
    args: { postId: t.arg.id({ required: true }), itemIds: t.arg.idList({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.shelf.setPostItems(String(args.postId), args.itemIds.map(String)),
  }),
  importShelf: t.field({
    type: ShelfImportResultObject,
    authScopes: { admin: true },
    description:
      'Imports a Goodreads CSV, a MyAnimeList XML or a CSV with a column mapping; dryRun previews it. Importing a file again updates what it imported before',
    args: {
      format: t.arg({ type: ShelfImportFormatEnum, required: true }),
      text: t.arg.string({ required: true }),
      dryRun: t.arg.boolean({ defaultValue: true }),
      mapping: t.arg({
        type: [ShelfImportMappingInput],
        description: 'The generic CSV: which column holds each field',
      }),
    },
    resolve: (_root, args, ctx) =>
      importShelf(ctx.services.shelf, {
        format: args.format as ShelfImportFormat,
        text: args.text,
        dryRun: args.dryRun ?? true,
        mapping: args.mapping ? Object.fromEntries(args.mapping.map((pair) => [pair.field, pair.column])) : null,
      }),
  }),
}));

builder.objectField(PostObject, 'shelfItems', (t) =>
  t.field({
    type: [ShelfItemObject],
    description: 'The shelf items the post is about (a review): its page shows their boxes',
    complexity: { field: 2, multiplier: 4 },
    resolve: (post, _args, ctx) => ctx.services.shelf.itemsOfPost(post.id),
  }),
);
