// Tags (issue 36): a post's tags (Post.tags), a tag by its address, and the studio's list, rename,
// merge and delete, admin-only (refused before the resolver runs).
import { builder } from '../../builder.ts';
import { PostObject } from '../post/post.schema.ts';
import type { PostTagName } from '../post/post-types.ts';
import type { TagSummary } from './tag.service.ts';

const TagObject = builder.objectRef<PostTagName['tag']>('Tag').implement({
  description: 'A word posts are filed under besides their category; its posts are listed at /tag/{slug}',
  fields: (t) => ({
    name: t.exposeString('name'),
    slug: t.exposeString('slug', { description: 'The address: /tag/{slug}' }),
  }),
});

const TagSummaryObject = builder.objectRef<TagSummary>('TagSummary').implement({
  description: 'A tag as the studio lists it, with its posts counted',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    postCount: t.exposeInt('postCount', { description: 'Posts with it, drafts and scheduled ones included' }),
    publishedCount: t.exposeInt('publishedCount', { description: 'Published posts with it: what /tag/{slug} lists' }),
  }),
});

builder.objectField(PostObject, 'tags', (t) =>
  t.field({
    type: [TagObject],
    description: "Its tags, in the author's order",
    // Every read of a post brings its tags (post-types.ts, WITH_IMAGE).
    resolve: (post) => ((post as { tags?: PostTagName[] }).tags ?? []).map(({ tag }) => tag),
  }),
);

builder.queryFields((t) => ({
  tag: t.field({
    type: TagObject,
    nullable: true,
    description: 'The tag at /tag/{slug}; null for an address no tag has (a former one included)',
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const found = await ctx.services.posts.tagBySlug(args.slug);
      return found && 'tag' in found ? found.tag : null;
    },
  }),
  tags: t.field({
    type: [TagSummaryObject],
    authScopes: { admin: true },
    description: "Every tag, by name, with its posts counted: the editor's suggestions and the studio's list",
    complexity: 10,
    resolve: (_root, _args, ctx) => ctx.services.tags.list(),
  }),
}));

builder.mutationFields((t) => ({
  renameTag: t.field({
    type: TagSummaryObject,
    authScopes: { admin: true },
    description: 'Renames the tag (its address follows its name); its former address redirects to the new one',
    args: { id: t.arg.id({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.tags.rename(String(args.id), args.name),
  }),
  mergeTag: t.field({
    type: TagSummaryObject,
    authScopes: { admin: true },
    description:
      "Gives the tag's posts the other tag and deletes it; its addresses redirect to the other's. Returns the other",
    args: { id: t.arg.id({ required: true }), into: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.tags.merge(String(args.id), String(args.into)),
  }),
  deleteTag: t.id({
    authScopes: { admin: true },
    description: 'Takes the tag off its posts and deletes it; returns its id',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.tags.delete(String(args.id)),
  }),
}));
