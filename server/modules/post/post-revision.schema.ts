// A post's revisions (post-revisions.ts): the PostRevision type, Post.revisions and
// restorePostRevision. Admin only: anyone else is refused before the resolver runs, and a refused
// query is never a shareable answer (server/graphql/shareable-results.ts), so no cache holds them.
import { builder } from '../../builder.ts';
import { KEPT_REVISIONS } from '#kernel/post-rules.ts';
import { EXCERPT_WORDS } from '#kernel/reading-rules.ts';
import type { PostRevision } from '../../generated/prisma/client.ts';
import { CategoryEnum, PostStatusEnum } from '../shared/enums.schema.ts';
import { readingOf } from './post-reading.ts';
import { PostObject } from './post.schema.ts';

const PostRevisionObject = builder.objectRef<PostRevision>('PostRevision').implement({
  description: `The post as one save left it. A post keeps its last ${KEPT_REVISIONS} saves and every one that published it`,
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      description: 'When it was saved: the updatedAt it gave the post',
    }),
    status: t.expose('status', { type: PostStatusEnum, description: 'The status that save left the post in' }),
    isPublish: t.exposeBoolean('isPublish', {
      description: 'That save published the post, or scheduled it: such a revision is always kept',
    }),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle'),
    content: t.exposeString('content', { description: 'Sanitized HTML, as it was stored' }),
    excerpt: t.string({
      description: `The first ${EXCERPT_WORDS} words of the content's text, ending with '…' when cut; plain text`,
      resolve: (revision) => readingOf(revision).excerpt,
    }),
    category: t.expose('category', { type: CategoryEnum, nullable: true }),
    slug: t.exposeString('slug'),
    description: t.exposeString('description'),
  }),
});

builder.objectFields(PostObject, (t) => ({
  revisions: t.field({
    type: [PostRevisionObject],
    authScopes: { admin: true },
    description: `Admin only. Newest first: the last ${KEPT_REVISIONS} saves and every save that published the post`,
    // What is selected in each revision, for the saves kept (the publishes beyond them are rare).
    complexity: { field: 1, multiplier: KEPT_REVISIONS },
    resolve: (post, _args, ctx) => ctx.services.posts.revisions(post.id),
  }),
}));

builder.mutationFields((t) => ({
  restorePostRevision: t.field({
    type: PostObject,
    authScopes: { admin: true },
    description:
      "Makes the post's fields those of the revision, as a new save checked by the same rules as updatePost (and " +
      'itself a revision). Its status and its cover stay: a replaced cover was deleted, and is never brought back',
    args: {
      id: t.arg.id({ required: true, description: 'The revision' }),
      expectedUpdatedAt: t.arg({
        type: 'DateTime',
        description: 'The updatedAt of the copy the author looked at: if the post changed since, CONFLICT (409)',
      }),
    },
    resolve: (_root, args, ctx) => ctx.services.posts.restoreRevision(String(args.id), args.expectedUpdatedAt ?? null),
  }),
}));
