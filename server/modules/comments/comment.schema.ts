// Comments in GraphQL (issue 38): Post.comments and commentCount for everyone, addComment for
// readers, the studio's list, moderation and reply for the admin. The public Comment type has no
// e-mail field at all; the admin's AdminComment has it, for moderation only.
import { builder } from '../../builder.ts';
import { COMMENT_STATUSES } from '#kernel/comment-rules.ts';
import { PostObject } from '../post/post.schema.ts';
import type { AdminComment, CommentSettingsValue, PublicComment } from './comment.service.ts';

const CommentStatusEnum = builder.enumType('CommentStatus', {
  values: COMMENT_STATUSES,
  description: 'Where a comment is in moderation: only approved ones are public',
});

export const CommentObject = builder.objectRef<PublicComment>('Comment').implement({
  description: "A comment as anyone may see it: never the commenter's e-mail",
  fields: (t) => ({
    id: t.exposeID('id'),
    parentId: t.exposeID('parentId', { nullable: true, description: 'The comment it replies to (one level deep)' }),
    name: t.exposeString('name'),
    website: t.exposeString('website', { nullable: true }),
    text: t.exposeString('text', { description: 'Plain text: paragraphs at blank lines, links made from addresses' }),
    isAuthor: t.exposeBoolean('isAuthor', { description: "The site's author wrote it" }),
    pending: t.exposeBoolean('pending', { description: "Awaiting approval: only in its commenter's pendingComments" }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const AdminCommentObject = builder.objectRef<AdminComment>('AdminComment').implement({
  description: 'A comment as the studio moderates it',
  fields: (t) => ({
    id: t.exposeID('id'),
    postId: t.exposeID('postId'),
    postTitle: t.exposeString('postTitle'),
    postSlug: t.exposeString('postSlug'),
    parentId: t.exposeID('parentId', { nullable: true }),
    name: t.exposeString('name'),
    email: t.exposeString('email', { description: "The commenter's e-mail, for moderation; never public" }),
    website: t.exposeString('website', { nullable: true }),
    text: t.exposeString('text'),
    isAuthor: t.exposeBoolean('isAuthor'),
    status: t.field({ type: CommentStatusEnum, resolve: (comment) => comment.status }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const CommentSettingsObject = builder
  .objectRef<CommentSettingsValue & { mailConfigured: boolean }>('CommentSettings')
  .implement({
    fields: (t) => ({
      enabled: t.exposeBoolean('enabled', { description: 'Readers may comment on posts' }),
      blockedWords: t.exposeString('blockedWords', { description: 'One word or phrase a line' }),
      blockedAddresses: t.exposeString('blockedAddresses', { description: 'One e-mail or IP address a line' }),
      approveKnown: t.exposeBoolean('approveKnown', {
        description: 'A commenter whose earlier comment was approved is approved once they confirm by an e-mailed link',
      }),
      mailConfigured: t.exposeBoolean('mailConfigured', { description: 'SMTP_URL is set: e-mail can be sent' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

const AddCommentResultObject = builder
  .objectRef<{ held: boolean; message: string; comment: PublicComment; pendingToken: string }>('AddCommentResult')
  .implement({
    fields: (t) => ({
      held: t.exposeBoolean('held', { description: 'Awaiting approval (a reader comment always is at first)' }),
      message: t.exposeString('message'),
      comment: t.field({ type: CommentObject, resolve: (result) => result.comment }),
      pendingToken: t.exposeString('pendingToken', {
        description: "The commenter's held comments on this site, for pendingComments (their browser keeps it)",
      }),
    }),
  });

const AddCommentInput = builder.inputType('AddCommentInput', {
  fields: (t) => ({
    postId: t.id({ required: true }),
    parentId: t.id({ description: 'An approved comment of the post to reply to' }),
    name: t.string({ required: true }),
    email: t.string({ required: true, description: 'Never shown and never returned' }),
    website: t.string(),
    text: t.string({ required: true }),
    notifyReplies: t.boolean({ description: 'E-mail me when the author replies' }),
    formToken: t.string({ required: true, description: 'Post.commentFormToken, read when the form was shown' }),
    homepage: t.string({ description: 'Leave empty (a field for robots)' }),
    pendingToken: t.string({ description: "The browser's earlier pendingToken, to list this one with them" }),
  }),
});

const CommentSettingsInput = builder.inputType('CommentSettingsInput', {
  fields: (t) => ({
    enabled: t.boolean(),
    blockedWords: t.string(),
    blockedAddresses: t.string(),
    approveKnown: t.boolean(),
  }),
});

const ModerationActionEnum = builder.enumType('CommentModeration', {
  values: ['approve', 'reject', 'spam', 'delete'] as const,
});

builder.objectFields(PostObject, (t) => ({
  comments: t.field({
    type: [CommentObject],
    description: 'Its approved comments, oldest first (replies carry their parentId)',
    complexity: 20,
    resolve: (post, _args, ctx) => ctx.services.comments.approved(post.id),
  }),
  commentCount: t.int({
    description: 'How many approved comments it has',
    resolve: (post, _args, ctx) => ctx.services.comments.count(post.id),
  }),
  commentsClosed: t.exposeBoolean('commentsClosed', { description: 'The author closed its comments' }),
  commentsOpen: t.boolean({
    description: 'Whether readers may comment on it now (comments on for the site, and not closed here)',
    resolve: async (post, _args, ctx) => (await ctx.services.comments.openFor(post.id)).open,
  }),
  commentFormToken: t.string({
    description: "The comment form's token: when the form was shown, checked when it is sent (at least a few seconds)",
    resolve: (_post, _args, ctx) => ctx.services.comments.formToken(),
  }),
  pendingComments: t.field({
    type: [CommentObject],
    description: "A commenter's own comments on it awaiting approval, by the token addComment gave their browser",
    args: { token: t.arg.string({ required: true }) },
    resolve: (post, args, ctx) => ctx.services.comments.pending(post.id, args.token),
  }),
}));

builder.queryFields((t) => ({
  comments: t.field({
    type: [AdminCommentObject],
    authScopes: { admin: true },
    description: 'The comments to moderate, newest first (at most 500), by status and post',
    args: { status: t.arg({ type: CommentStatusEnum }), postId: t.arg.id() },
    resolve: (_root, args, ctx) =>
      ctx.services.comments.adminList({ status: args.status, postId: args.postId ? String(args.postId) : null }),
  }),
  commentsWaiting: t.int({
    authScopes: { admin: true },
    description: 'How many comments await approval (the studio header)',
    resolve: (_root, _args, ctx) => ctx.services.comments.waitingCount(),
  }),
  commentSettings: t.field({
    type: CommentSettingsObject,
    authScopes: { admin: true },
    resolve: async (_root, _args, ctx) => ({
      ...(await ctx.services.comments.settings()),
      mailConfigured: ctx.services.outbox.configured,
    }),
  }),
}));

builder.mutationFields((t) => ({
  addComment: t.field({
    type: AddCommentResultObject,
    description: "A reader's comment; held for the author's approval",
    args: { input: t.arg({ type: AddCommentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const result = await ctx.services.comments.add(
        {
          postId: String(input.postId),
          parentId: input.parentId ? String(input.parentId) : null,
          name: input.name,
          email: input.email,
          website: input.website,
          text: input.text,
          notifyReplies: input.notifyReplies,
        },
        { honeypot: input.homepage, formToken: input.formToken, clientAddress: ctx.clientAddress },
      );
      const earlier = await ctx.services.comments.pendingIds(input.pendingToken);
      const pendingToken = await ctx.services.comments.pendingToken([result.comment.id, ...earlier]);
      return { ...result, pendingToken };
    },
  }),
  moderateComments: t.idList({
    authScopes: { admin: true },
    description: 'Approves, rejects, marks as spam or deletes comments; returns the ids it changed',
    args: {
      ids: t.arg.idList({ required: true }),
      action: t.arg({ type: ModerationActionEnum, required: true }),
    },
    resolve: (_root, args, ctx) => ctx.services.comments.moderate(args.ids.map(String), args.action),
  }),
  moderateComment: t.id({
    authScopes: { admin: true },
    description: 'One comment: approve, reject, spam or delete',
    args: { id: t.arg.id({ required: true }), action: t.arg({ type: ModerationActionEnum, required: true }) },
    resolve: async (_root, args, ctx) => (await ctx.services.comments.moderate([String(args.id)], args.action))[0]!,
  }),
  replyToComment: t.field({
    type: CommentObject,
    authScopes: { admin: true },
    description: "The author's reply, published at once (a waiting comment replied to is approved)",
    args: { id: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.comments.reply(String(args.id), args.text, ctx.viewer!.id),
  }),
  updateCommentSettings: t.field({
    type: CommentSettingsObject,
    authScopes: { admin: true },
    args: { input: t.arg({ type: CommentSettingsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      ...(await ctx.services.comments.updateSettings({
        enabled: input.enabled ?? undefined,
        blockedWords: input.blockedWords ?? undefined,
        blockedAddresses: input.blockedAddresses ?? undefined,
        approveKnown: input.approveKnown ?? undefined,
      })),
      mailConfigured: ctx.services.outbox.configured,
    }),
  }),
  setPostCommentsClosed: t.boolean({
    authScopes: { admin: true },
    description: "Closes (true) or opens a post's comments; returns the new state",
    args: { postId: t.arg.id({ required: true }), closed: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.comments.setClosed(String(args.postId), args.closed),
  }),
}));
