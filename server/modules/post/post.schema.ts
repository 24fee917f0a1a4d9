// The Post type, its page type and the post queries and mutations. Resolvers only translate
// arguments and call the post service; the admin-only fields refuse other callers (authScopes)
// before the resolver runs, so a refused call has no side effect.
import type { InputFieldBuilder } from '@pothos/core';
import { builder, type BuilderTypes } from '../../builder.ts';
import { AUTOSAVE_REVISION_EVERY_MS, DESCRIPTION_MAX, LATEST_COUNT, PAGE_SIZE } from '#kernel/post-rules.ts';
import { TAGS_MAX } from '#kernel/tag-rules.ts';
import { EXCERPT_WORDS, WORDS_PER_MINUTE } from '#kernel/reading-rules.ts';
import { SEARCH_CANDIDATES } from '#kernel/search-rules.ts';
import { SEARCH_PRICE } from './post-search.ts';
import { RELATED_CANDIDATES, RELATED_COUNT } from './post-neighbours.ts';
import { readingOf } from './post-reading.ts';
import { ImageObject } from '../media/media.schema.ts';
import { socialImagePath } from '../media/social-image.ts';
import { CategoryEnum, PostStatusEnum } from '../shared/enums.schema.ts';
import { validationError } from '../../errors.ts';
import type { Context } from '../../context.ts';
import type { PostPage, PostWithImage } from './post.service.ts';

// Every read and write of the post service returns posts with their image (one statement, a join),
// so the image is a plain field of the row, not a relation Pothos would plan a query for.
export const PostObject = builder.prismaObject('Post', {
  include: { image: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.expose('status', { type: PostStatusEnum }),
    slug: t.exposeString('slug', { description: 'The readable address: the post is read at /blog/{slug}' }),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle'),
    content: t.exposeString('content', { description: 'Sanitized HTML, as the editor produces it' }),
    category: t.expose('category', {
      type: CategoryEnum,
      nullable: true,
      description: 'Null only for a draft that has none yet',
    }),
    excerpt: t.string({
      description: `The first ${EXCERPT_WORDS} words of the content's text, ending with '…' when cut; plain text`,
      resolve: (post) => readingOf(post).excerpt,
    }),
    readingMinutes: t.int({
      description: `Minutes to read the content at ${WORDS_PER_MINUTE} words a minute; at least 1`,
      resolve: (post) => readingOf(post).readingMinutes,
    }),
    image: t.field({
      type: ImageObject,
      nullable: true,
      description: 'The cover; null only for a draft that has none yet',
      resolve: (post) => post.image,
    }),
    imageAlt: t.exposeString('imageAlt', { description: "The cover's text alternative; empty: decorative" }),
    // On the post, not the image: an Image has no id in the client's cache, and two queries asking
    // different fields of one would replace each other's copy.
    socialImageUrl: t.string({
      nullable: true,
      description:
        'What link previews show of the post (og:image): its cover cut to 1200x630 around the focal point, a ' +
        'JPEG at a path below /social/ on this site; null without a cover',
      resolve: (post) => (post.image ? socialImagePath(post.image) : null),
    }),
    description: t.exposeString('description', {
      description: 'For search engines and link previews; empty falls back to the subtitle',
    }),
    publishedAt: t.expose('publishedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it went public, or will (SCHEDULED); null while a draft. The date readers see',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

type SurroundedPost = Parameters<Context['services']['posts']['surroundings']>[0];
type Surroundings = Awaited<ReturnType<Context['services']['posts']['surroundings']>>;
// previousPost, nextPost and relatedPosts each need the post's surroundings, and a query asks for
// them at once: one load per post and request, so that the posts they name are read together.
const surroundingsByRequest = new WeakMap<Context, Map<string, Promise<Surroundings>>>();

function surroundingsOnce(post: SurroundedPost, ctx: Context): Promise<Surroundings> {
  let loads = surroundingsByRequest.get(ctx);
  if (!loads) surroundingsByRequest.set(ctx, (loads = new Map()));
  let load = loads.get(post.id);
  if (!load) loads.set(post.id, (load = ctx.services.posts.surroundings(post)));
  return load;
}

// What the post's page shows after its text. Apart, since each field is itself a Post.
builder.objectFields(PostObject, (t) => ({
  // Read once per post from the cache; a few posts each, so priced like a short list.
  previousPost: t.field({
    type: PostObject,
    nullable: true,
    description: 'The published post just before this one (older); null for the oldest, a draft or a scheduled post',
    complexity: 2,
    resolve: async (post, _args, ctx) => (await surroundingsOnce(post, ctx)).previous,
  }),
  nextPost: t.field({
    type: PostObject,
    nullable: true,
    description: 'The published post just after this one (newer); null for the newest, a draft or a scheduled post',
    complexity: 2,
    resolve: async (post, _args, ctx) => (await surroundingsOnce(post, ctx)).next,
  }),
  relatedPosts: t.field({
    type: [PostObject],
    description: `Up to ${RELATED_COUNT} published posts like this one, chosen among the ${RELATED_CANDIDATES} of its category published nearest it (those before it first): of its category first, then those whose titles and subtitles share most words with its title and subtitle, then the newest`,
    complexity: { field: 2, multiplier: RELATED_COUNT },
    resolve: async (post, _args, ctx) => (await surroundingsOnce(post, ctx)).related,
  }),
}));

const PostPageObject = builder.objectRef<PostPage>('PostPage').implement({
  description: `One page of a list of posts, ${PAGE_SIZE} a page`,
  fields: (t) => ({
    items: t.field({
      type: [PostObject],
      // What a page selects in its posts, PAGE_SIZE times (docs/decisions/018-graphql-prices.md).
      complexity: { field: 1, multiplier: PAGE_SIZE },
      resolve: (page) => page.items,
    }),
    page: t.exposeInt('page'),
    pages: t.exposeInt('pages', { description: `ceil(total / ${PAGE_SIZE}); 0 when nothing matches` }),
    total: t.exposeInt('total', {
      description: `How many posts the list has; with a search, how many match, counting at most the newest ${SEARCH_CANDIDATES}`,
    }),
  }),
});

/** The fields both writes share: all but the cover, and an update's version and autosave. */
const postFields = (t: InputFieldBuilder<BuilderTypes, 'InputObject'>) => ({
  title: t.string({ required: true }),
  subtitle: t.string({ required: true }),
  content: t.string({ required: true, description: 'HTML; sanitized before it is stored' }),
  category: t.field({ type: CategoryEnum, description: 'Required unless a draft' }),
  status: t.field({
    type: PostStatusEnum,
    defaultValue: 'PUBLISHED',
    description: 'PUBLISHED when absent. A DRAFT needs only a title; the other rules apply to the rest',
  }),
  publishAt: t.field({ type: 'DateTime', description: 'When a SCHEDULED post goes public: a time to come' }),
  slug: t.string({
    description:
      'The address (/blog/{slug}): lower-case letters, digits and dashes. Absent or empty: made from the title',
  }),
  imageAlt: t.string({ description: "The cover's text alternative" }),
  description: t.string({ description: `For search engines and link previews; at most ${DESCRIPTION_MAX} characters` }),
  focusX: t.float({ description: "The cover's focal point from the left, 0 to 1" }),
  focusY: t.float({ description: "The cover's focal point from the top, 0 to 1" }),
  tags: t.stringList({
    description: `Its tags by name, in order, at most ${TAGS_MAX}; each found by its address or made new. Absent keeps them`,
  }),
  sendByEmail: t.boolean({
    description:
      'Issue 40: e-mail it to the confirmed subscribers when it goes public (new posts: yes). Absent keeps it',
  }),
});

const CreatePostInput = builder.inputType('CreatePostInput', {
  fields: (t) => ({
    ...postFields(t),
    image: t.field({ type: 'File', description: 'Required unless a draft' }),
  }),
});

const UpdatePostInput = builder.inputType('UpdatePostInput', {
  fields: (t) => ({
    ...postFields(t),
    image: t.field({ type: 'File', description: 'A new image replaces the current one; none keeps it' }),
    expectedUpdatedAt: t.field({
      type: 'DateTime',
      description: 'The updatedAt of the copy this edit started from: if the post changed since, CONFLICT (409)',
    }),
    autosave: t.boolean({
      description:
        'A save the author did not ask for (an editor saving as they type): it records a revision only when ' +
        `the newest is ${AUTOSAVE_REVISION_EVERY_MS / 60_000} minutes old, unless it publishes`,
    }),
  }),
});

const isAdmin = (ctx: Context) => ctx.viewer?.isAdmin === true;

builder.queryFields((t) => ({
  posts: t.field({
    type: PostPageObject,
    description: 'Newest first, or most relevant first with a search',
    args: {
      page: t.arg.int({ defaultValue: 1 }),
      category: t.arg({ type: CategoryEnum }),
      search: t.arg.string({ description: 'Every word must match a word of the post, or its start' }),
      tag: t.arg.string({ description: "A tag's slug: its posts (alone, without a category or a search)" }),
    },
    // A list page is read from memory once read; a search is a query of its own every time.
    complexity: (args) => (args.search?.trim() ? SEARCH_PRICE : 1),
    resolve: (_root, args, ctx) =>
      ctx.services.posts.list({ page: args.page, category: args.category, search: args.search, tag: args.tag }),
  }),
  latestPosts: t.field({
    type: [PostObject],
    description: `The ${LATEST_COUNT} newest posts`,
    complexity: { field: 1, multiplier: LATEST_COUNT },
    resolve: (_root, _args, ctx) => ctx.services.posts.latest(),
  }),
  post: t.field({
    type: PostObject,
    nullable: true,
    description:
      'A published post by id or by slug (a former slug finds it too); an admin also gets drafts and scheduled posts',
    args: { id: t.arg.id(), slug: t.arg.string() },
    resolve: async (_root, args, ctx): Promise<PostWithImage | null> => {
      const key = args.id ?? args.slug;
      if ((args.id == null) === (args.slug == null) || key == null) {
        throw validationError({ id: 'Give the id or the slug of the post' });
      }
      if (isAdmin(ctx)) return ctx.services.posts.getAny(String(key));
      // An id is only ever an id, whichever argument brings it.
      return args.id != null ? ctx.services.posts.get(String(args.id)) : ctx.services.posts.findPublic(String(key));
    },
  }),
  adminPosts: t.field({
    type: PostPageObject,
    authScopes: { admin: true },
    description: "Every post, drafts and scheduled ones included, the last edited first: the author's list",
    args: {
      page: t.arg.int({ defaultValue: 1 }),
      status: t.arg({ type: PostStatusEnum }),
      category: t.arg({ type: CategoryEnum }),
      search: t.arg.string({ description: 'Every word must match a word of the post, or its start' }),
    },
    complexity: (args) => (args.search?.trim() ? SEARCH_PRICE : 1),
    resolve: (_root, args, ctx) =>
      ctx.services.posts.adminList({
        page: args.page,
        status: args.status,
        category: args.category,
        search: args.search,
      }),
  }),
}));

builder.mutationFields((t) => ({
  createPost: t.field({
    type: PostObject,
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreatePostInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.posts.create(args.input),
  }),
  updatePost: t.field({
    type: PostObject,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdatePostInput, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.posts.update(String(args.id), args.input),
  }),
  uploadPostPicture: t.field({
    type: ImageObject,
    authScopes: { admin: true },
    description:
      "Stores a picture for a post's text (checked and re-encoded as a cover is); the content then shows it " +
      'by its url and srcset. One that no saved post shows is deleted after a week',
    args: { image: t.arg({ type: 'File', required: true }) },
    resolve: (_root, args, ctx) => ctx.services.posts.uploadPicture(args.image),
  }),
  deletePost: t.id({
    authScopes: { admin: true },
    description: 'Deletes the post and its image; returns its id',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.posts.delete(String(args.id)),
  }),
  setPostStatus: t.field({
    type: PostObject,
    authScopes: { admin: true },
    description:
      'Publishes, schedules or unpublishes (DRAFT) a post as it is stored, checked by the same rules as updatePost',
    args: {
      id: t.arg.id({ required: true }),
      status: t.arg({ type: PostStatusEnum, required: true }),
      publishAt: t.arg({ type: 'DateTime' }),
    },
    resolve: (_root, args, ctx) => ctx.services.posts.setStatus(String(args.id), args.status, args.publishAt ?? null),
  }),
}));
