// The Post type, its page type and the post queries and mutations. Resolvers only translate
// arguments and call the post service; the admin-only fields refuse other callers (authScopes)
// before the resolver runs, so a refused call has no side effect.
import { builder } from '../../builder.ts';
import { LATEST_COUNT, PAGE_SIZE } from '#kernel/post-rules.ts';
import { EXCERPT_WORDS, WORDS_PER_MINUTE } from '#kernel/reading-rules.ts';
import { SEARCH_CANDIDATES, SEARCH_PRICE } from './post-search.ts';
import { readingOf } from './post-reading.ts';
import { ImageObject } from '../media/media.schema.ts';
import { CategoryEnum } from '../shared/enums.schema.ts';
import type { PostPage } from './post.service.ts';

// Every read and write of the post service returns posts with their image (one statement, a join),
// so the image is a plain field of the row, not a relation Pothos would plan a query for.
const PostObject = builder.prismaObject('Post', {
  include: { image: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle'),
    content: t.exposeString('content', { description: 'Sanitized HTML, as the editor produces it' }),
    category: t.expose('category', { type: CategoryEnum }),
    excerpt: t.string({
      description: `The first ${EXCERPT_WORDS} words of the content's text, ending with '…' when cut; plain text`,
      resolve: (post) => readingOf(post).excerpt,
    }),
    readingMinutes: t.int({
      description: `Minutes to read the content at ${WORDS_PER_MINUTE} words a minute; at least 1`,
      resolve: (post) => readingOf(post).readingMinutes,
    }),
    image: t.field({ type: ImageObject, resolve: (post) => post.image }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const PostPageObject = builder.objectRef<PostPage>('PostPage').implement({
  description: 'One page of a list of posts, 15 a page',
  fields: (t) => ({
    items: t.field({
      type: [PostObject],
      // What a page selects in its posts, PAGE_SIZE times (docs/decisions/018-graphql-prices.md).
      complexity: { field: 1, multiplier: PAGE_SIZE },
      resolve: (page) => page.items,
    }),
    page: t.exposeInt('page'),
    pages: t.exposeInt('pages', { description: 'ceil(total / 15); 0 when nothing matches' }),
    total: t.exposeInt('total', {
      description: `How many posts the list has; with a search, how many match, counting at most the newest ${SEARCH_CANDIDATES}`,
    }),
  }),
});

const CreatePostInput = builder.inputType('CreatePostInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    subtitle: t.string({ required: true }),
    content: t.string({ required: true, description: 'HTML; sanitized before it is stored' }),
    category: t.field({ type: CategoryEnum, required: true }),
    image: t.field({ type: 'File', required: true }),
  }),
});

const UpdatePostInput = builder.inputType('UpdatePostInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    subtitle: t.string({ required: true }),
    content: t.string({ required: true, description: 'HTML; sanitized before it is stored' }),
    category: t.field({ type: CategoryEnum, required: true }),
    image: t.field({ type: 'File', description: 'A new image replaces the current one; none keeps it' }),
  }),
});

builder.queryFields((t) => ({
  posts: t.field({
    type: PostPageObject,
    description: 'Newest first, or most relevant first with a search',
    args: {
      page: t.arg.int({ defaultValue: 1 }),
      category: t.arg({ type: CategoryEnum }),
      search: t.arg.string({ description: 'Every word must match a word of the post, or its start' }),
    },
    // A list page is read from memory once read; a search is a query of its own every time.
    complexity: (args) => (args.search?.trim() ? SEARCH_PRICE : 1),
    resolve: (_root, args, ctx) =>
      ctx.services.posts.list({ page: args.page, category: args.category, search: args.search }),
  }),
  latestPosts: t.field({
    type: [PostObject],
    description: 'The 9 newest posts',
    complexity: { field: 1, multiplier: LATEST_COUNT },
    resolve: (_root, _args, ctx) => ctx.services.posts.latest(),
  }),
  post: t.field({
    type: PostObject,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.posts.get(String(args.id)),
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
  deletePost: t.id({
    authScopes: { admin: true },
    description: 'Deletes the post and its image; returns its id',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.posts.delete(String(args.id)),
  }),
}));
