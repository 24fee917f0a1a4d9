// Readers' comments (issue 38): taken from the post page's form (server/modules/comments/comment-form.route.ts)
// or addComment, checked against every spam and abuse rule here (the server's word is the only one
// that counts), held for the author, who moderates them at /admin/comments. A commenter's e-mail is
// stored for notifications and moderation and never leaves through a public API: the public rows
// (PublicComment) do not carry it. Design: docs/decisions/052-comments-and-outbox.md.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  blockList,
  COMMENT_DUPLICATE_WINDOW_MS,
  COMMENT_MIN_FORM_MS,
  COMMENT_RATE_PER_ADDRESS,
  COMMENT_RATE_PER_EMAIL,
  COMMENT_RATE_WINDOW_MS,
  COMMENT_TEXT_MAX,
  commentFieldErrors,
  commentMessages,
  COMMENTS_ANCHOR,
  normalizeCommentFields,
  type CommentFields,
  type CommentStatusName,
} from '#kernel/comment-rules.ts';
import { isUuid } from '#kernel/id-rules.ts';
import { postPath } from '#kernel/route-paths.ts';
import { changeOf, EVERYTHING, type ContentChanges } from '../../cache/content-changes.ts';
import { depend } from '../../cache/dependencies.ts';
import type { Config } from '../../config.ts';
import { AppError, notFound, validationError } from '../../errors.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { enqueueMail, type Outbox } from '../mail/outbox.ts';
import { checkRateLimits } from '../shared/rate-limit.ts';

/** What anyone may see of a comment: never the e-mail, the address or the status's reasons. */
export interface PublicComment {
  id: string;
  postId: string;
  parentId: string | null;
  name: string;
  website: string | null;
  text: string;
  isAuthor: boolean;
  createdAt: Date;
  /** Only ever true for the commenter's own held comment, shown to them alone. */
  pending: boolean;
}

/** The studio's row: the public fields, the status, the post, and the e-mail for moderation. */
export interface AdminComment extends PublicComment {
  status: CommentStatusName;
  email: string;
  postTitle: string;
  postSlug: string;
}

export interface CommentSettingsValue {
  enabled: boolean;
  blockedWords: string;
  blockedAddresses: string;
  approveKnown: boolean;
  updatedAt: Date;
}

export interface AddCommentInput extends CommentFields {
  postId: string;
  parentId?: string | null;
  notifyReplies?: boolean | null;
}

/** What the form brings besides the fields: its defences. */
export interface FormProof {
  /** The honeypot's value: must be empty. */
  honeypot?: string | null;
  /** The signed time the form was loaded (formToken()). */
  formToken?: string | null;
  clientAddress: string;
}

export interface AddCommentResult {
  held: boolean;
  message: string;
  comment: PublicComment;
  postSlug: string;
}

export type ModerationAction = 'approve' | 'reject' | 'spam' | 'delete';

const PUBLIC_SELECT = {
  id: true,
  postId: true,
  parentId: true,
  name: true,
  website: true,
  text: true,
  isAuthor: true,
  createdAt: true,
  status: true,
} as const satisfies Prisma.CommentSelect;

type PublicRow = Prisma.CommentGetPayload<{ select: typeof PUBLIC_SELECT }>;

const publicOf = (row: PublicRow): PublicComment => ({
  id: row.id,
  postId: row.postId,
  parentId: row.parentId,
  name: row.name,
  website: row.website,
  text: row.text,
  isAuthor: row.isAuthor,
  createdAt: row.createdAt,
  pending: row.status === 'held',
});

/** What a change to a post's approved comments touches: its page and whatever shows its count. */
export const commentsTag = (postId: string) => `comments:${postId}`;

/** What any change to approved comments touches besides: the feed of the latest ones. */
export const LATEST_COMMENTS_TAG = 'comments';

/** The change approved comments of these posts make (the database's notice says the same: post-changes.ts). */
export const commentsChange = (postIds: Iterable<string>) =>
  changeOf([...new Set([...postIds].map(commentsTag)), LATEST_COMMENTS_TAG]);

/** How many comments the feed of the latest carries. */
export const LATEST_COMMENTS_COUNT = 20;

/** An approved comment with the post it is on, for the feed. */
export interface LatestComment extends PublicComment {
  post: { id: string; slug: string; title: string };
}

const fingerprintOf = (text: string) =>
  createHash('sha256').update(text.toLowerCase().replace(/\s+/g, ' ').trim()).digest('base64url');

const MAX_PENDING_IN_TOKEN = 20;

export class CommentService {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly changes: ContentChanges,
    private readonly config: Pick<Config, 'siteUrl' | 'siteName'>,
    private readonly outbox: Outbox,
  ) {}

  // ---- signing: the form's time token, the pending-comments token, the e-mailed links ----

  private signingKey(): Promise<Buffer> {
    this.key ??= this.prisma.commentSettings
      .findUniqueOrThrow({ where: { id: 1 }, select: { signingKey: true } })
      .then((row) => Buffer.from(row.signingKey, 'utf8'))
      .catch((error: unknown) => {
        this.key = null;
        throw error;
      });
    return this.key;
  }

  private async sign(purpose: string, value: string): Promise<string> {
    const mac = createHmac('sha256', await this.signingKey())
      .update(`${purpose}\n${value}`)
      .digest('base64url');
    return `${value}.${mac.slice(0, 32)}`;
  }

  /** The value a token signed for purpose carries, or null when it is not one of ours. */
  private async verify(purpose: string, token: string | null | undefined): Promise<string | null> {
    if (!token) return null;
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const value = token.slice(0, dot);
    const expected = Buffer.from(await this.sign(purpose, value));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? value : null;
  }

  /** A token of the time the form was loaded, checked when it is sent (the least time to write). */
  formToken(now = Date.now()): Promise<string> {
    return this.sign('form', String(now));
  }

  /** The token of the commenter's held comments (their browser keeps it), newest first. */
  pendingToken(ids: readonly string[]): Promise<string> {
    return this.sign('pending', ids.slice(0, MAX_PENDING_IN_TOKEN).join('~'));
  }

  async pendingIds(token: string | null | undefined): Promise<string[]> {
    const value = await this.verify('pending', token);
    return value ? value.split('~').filter((id) => isUuid(id)) : [];
  }

  linkToken(purpose: 'unsubscribe' | 'confirm', commentId: string): Promise<string> {
    return this.sign(purpose, commentId);
  }

  // ---- settings ----

  async settings(): Promise<CommentSettingsValue> {
    const row = await this.prisma.commentSettings.findUniqueOrThrow({ where: { id: 1 } });
    return {
      enabled: row.enabled,
      blockedWords: row.blockedWords,
      blockedAddresses: row.blockedAddresses,
      approveKnown: row.approveKnown,
      updatedAt: row.updatedAt,
    };
  }

  async updateSettings(input: Partial<Omit<CommentSettingsValue, 'updatedAt'>>): Promise<CommentSettingsValue> {
    const clean = (lines: string | undefined) => (lines === undefined ? undefined : blockList(lines).join('\n'));
    const data = {
      enabled: input.enabled ?? undefined,
      approveKnown: input.approveKnown ?? undefined,
      blockedWords: clean(input.blockedWords ?? undefined),
      blockedAddresses: clean(input.blockedAddresses ?? undefined),
    };
    if ((data.blockedWords?.length ?? 0) > 20_000 || (data.blockedAddresses?.length ?? 0) > 20_000) {
      throw validationError({ blockedWords: 'At most 20 000 characters' });
    }
    await this.prisma.commentSettings.update({ where: { id: 1 }, data });
    // Every post page shows the form or that comments are off.
    this.changes.changed(EVERYTHING);
    return this.settings();
  }

  // ---- readers ----

  /** A post's approved comments, oldest first (replies after their parent's place in the list). */
  async approved(postId: string): Promise<PublicComment[]> {
    depend([commentsTag(postId)]);
    const rows = await this.prisma.comment.findMany({
      where: { postId, status: 'approved' },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: PUBLIC_SELECT,
    });
    return rows.map(publicOf);
  }

  /**
   * The latest approved comments on published posts, newest first: the comments' feed. It depends on
   * every approved comment and on each post it names (a post unpublished or renamed changes it).
   */
  async latest(limit = LATEST_COMMENTS_COUNT): Promise<LatestComment[]> {
    depend([LATEST_COMMENTS_TAG]);
    const rows = await this.prisma.comment.findMany({
      where: { status: 'approved', post: { status: 'PUBLISHED' } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      select: { ...PUBLIC_SELECT, post: { select: { id: true, slug: true, title: true } } },
    });
    depend([...new Set(rows.map((row) => `post:${row.postId}`))]);
    return rows.map((row) => ({ ...publicOf(row), post: row.post }));
  }

  private countBatch: { ids: Set<string>; result: Promise<Map<string, number>> } | null = null;

  /** The approved comments of a post, counted with those of the other posts asked in the same tick. */
  async count(postId: string): Promise<number> {
    depend([commentsTag(postId)]);
    if (!this.countBatch) {
      const ids = new Set<string>();
      const result = new Promise<Map<string, number>>((resolve, reject) => {
        setImmediate(() => {
          this.countBatch = null;
          this.prisma.comment
            .groupBy({ by: ['postId'], where: { postId: { in: [...ids] }, status: 'approved' }, _count: true })
            .then((groups) => resolve(new Map(groups.map((group) => [group.postId, group._count]))), reject);
        });
      });
      this.countBatch = { ids, result };
    }
    this.countBatch.ids.add(postId);
    return (await this.countBatch.result).get(postId) ?? 0;
  }

  /** The held comments of a commenter's token on one post (their own, shown to them marked as waiting). */
  async pending(postId: string, token: string | null | undefined): Promise<PublicComment[]> {
    const ids = await this.pendingIds(token);
    if (ids.length === 0 || !isUuid(postId)) return [];
    depend([commentsTag(postId), ...ids.map((id) => `comment:${id}`)]);
    const rows = await this.prisma.comment.findMany({
      where: { id: { in: ids }, postId, status: 'held' },
      orderBy: { createdAt: 'asc' },
      select: PUBLIC_SELECT,
    });
    return rows.map(publicOf);
  }

  /** Whether a post takes comments now: the site's switch, and the post's own. */
  async openFor(postId: string): Promise<{ open: boolean; reason: string | null }> {
    const [settings, post] = await Promise.all([
      this.prisma.commentSettings.findUnique({ where: { id: 1 }, select: { enabled: true } }),
      this.prisma.post.findUnique({ where: { id: postId }, select: { commentsClosed: true } }),
    ]);
    if (!settings?.enabled) return { open: false, reason: commentMessages.off };
    if (post?.commentsClosed) return { open: false, reason: commentMessages.closed };
    return { open: true, reason: null };
  }

  /**
   * A reader's comment: every check first, and a refusal stores nothing. Rate limits count the
   * comments stored in the window (inserted, then counted, in one transaction: parallel sends cannot
   * all slip under the limit). No refusal says whether the e-mail was seen before.
   */
  async add(input: AddCommentInput, proof: FormProof, now = Date.now()): Promise<AddCommentResult> {
    if (proof.honeypot) throw new AppError('BAD_USER_INPUT', commentMessages.honeypot);
    const loadedAt = Number(await this.verify('form', proof.formToken));
    if (!proof.formToken || !Number.isFinite(loadedAt) || loadedAt <= 0) {
      throw new AppError('BAD_USER_INPUT', commentMessages.badToken);
    }
    if (now - loadedAt < COMMENT_MIN_FORM_MS) throw new AppError('BAD_USER_INPUT', commentMessages.tooFast);

    const fields = normalizeCommentFields(input);
    const errors = commentFieldErrors(fields);
    if (Object.keys(errors).length > 0) throw validationError(errors);

    if (!isUuid(input.postId)) throw notFound(commentMessages.postNotFound);
    const post = await this.prisma.post.findFirst({
      where: { id: input.postId, status: 'PUBLISHED' },
      select: { id: true, slug: true, title: true, commentsClosed: true },
    });
    if (!post) throw notFound(commentMessages.postNotFound);
    const settings = await this.settings();
    if (!settings.enabled) throw new AppError('FORBIDDEN', commentMessages.off);
    if (post.commentsClosed) throw new AppError('FORBIDDEN', commentMessages.closed);
    let parentId: string | null = null;
    if (input.parentId) {
      if (!isUuid(input.parentId)) throw validationError({ parentId: commentMessages.parentNotFound });
      const parent = await this.prisma.comment.findFirst({
        where: { id: input.parentId, postId: post.id, status: 'approved' },
        select: { id: true, parentId: true },
      });
      if (!parent) throw validationError({ parentId: commentMessages.parentNotFound });
      // One level deep: a reply to a reply answers its thread.
      parentId = parent.parentId ?? parent.id;
    }

    const blockedWords = blockList(settings.blockedWords);
    const haystack = `${fields.name}\n${fields.website ?? ''}\n${fields.text}`.toLowerCase();
    const blockedAddresses = new Set(blockList(settings.blockedAddresses));
    if (
      blockedWords.some((word) => haystack.includes(word)) ||
      blockedAddresses.has(fields.email) ||
      blockedAddresses.has(proof.clientAddress.toLowerCase())
    ) {
      throw new AppError('BAD_USER_INPUT', commentMessages.blocked);
    }

    const fingerprint = fingerprintOf(fields.text);
    const since = (ms: number) => new Date(now - ms);
    const duplicate = await this.prisma.comment.count({
      where: {
        postId: post.id,
        fingerprint,
        createdAt: { gte: since(COMMENT_DUPLICATE_WINDOW_MS) },
        OR: [{ email: fields.email }, { clientAddress: proof.clientAddress }],
      },
    });
    if (duplicate > 0) throw new AppError('CONFLICT', commentMessages.duplicate);

    const trusted =
      settings.approveKnown &&
      (await this.prisma.comment.count({ where: { email: fields.email, status: 'approved', isAuthor: false } })) > 0;
    const admin = await this.prisma.user.findFirst({
      where: { isAdmin: true },
      orderBy: { createdAt: 'asc' },
      select: { email: true },
    });

    const row = await this.prisma.$transaction(async (tx) => {
      const created = await tx.comment.create({
        data: {
          postId: post.id,
          parentId,
          name: fields.name,
          email: fields.email,
          website: fields.website,
          text: fields.text,
          notifyReplies: input.notifyReplies === true,
          clientAddress: proof.clientAddress,
          fingerprint,
          createdAt: new Date(now),
        },
        select: PUBLIC_SELECT,
      });
      const window = { gte: since(COMMENT_RATE_WINDOW_MS) };
      const [byAddress, byEmail] = await Promise.all([
        tx.comment.count({ where: { clientAddress: proof.clientAddress, createdAt: window, isAuthor: false } }),
        tx.comment.count({ where: { email: fields.email, createdAt: window, isAuthor: false } }),
      ]);
      const nthOldest = (where: Prisma.CommentWhereInput) => async (skip: number) =>
        (
          await tx.comment.findFirst({
            where: { ...where, createdAt: window, isAuthor: false },
            orderBy: { createdAt: 'asc' },
            skip,
            select: { createdAt: true },
          })
        )?.createdAt ?? null;
      // Thrown inside the transaction: the comment just written is rolled back.
      await checkRateLimits(
        [
          {
            count: byAddress,
            limit: COMMENT_RATE_PER_ADDRESS,
            nthOldest: nthOldest({ clientAddress: proof.clientAddress }),
          },
          { count: byEmail, limit: COMMENT_RATE_PER_EMAIL, nthOldest: nthOldest({ email: fields.email }) },
        ],
        COMMENT_RATE_WINDOW_MS,
        now,
        commentMessages.tooManyComments,
      );
      const link = `${this.config.siteUrl}${postPath(post.slug)}`;
      if (admin) {
        await enqueueMail(tx, {
          kind: 'comment-held',
          to: admin.email,
          subject: `New comment awaiting approval on "${post.title}"`,
          text:
            `${fields.name} commented on "${post.title}" (${link}):\n\n${fields.text}\n\n` +
            `Approve, reject or reply at ${this.config.siteUrl}/admin/comments`,
        });
      }
      if (trusted) {
        const token = await this.linkToken('confirm', created.id);
        await enqueueMail(tx, {
          kind: 'comment-confirm',
          to: fields.email,
          subject: `Confirm your comment on "${post.title}"`,
          text:
            `You commented on "${post.title}" (${link}) with this e-mail address. As your earlier comments ` +
            `were approved, this one is published once you confirm it by opening this link:\n\n` +
            `${this.config.siteUrl}/comments/confirm?token=${encodeURIComponent(token)}\n\n` +
            'If you did not write it, ignore this e-mail: the author will review it.',
        });
      }
      return created;
    });
    this.outbox.wake();
    return { held: true, message: commentMessages.held, comment: publicOf(row), postSlug: post.slug };
  }

  /** The e-mailed confirmation of a trusted commenter: their held comment is published. */
  async confirm(token: string): Promise<{ postSlug: string }> {
    const id = await this.verify('confirm', token);
    const comment = id && (await this.prisma.comment.findUnique({ where: { id }, select: { status: true } }));
    if (!id || !comment) throw new AppError('BAD_USER_INPUT', commentMessages.linkInvalid);
    // Only a held one: a comment the author rejected or marked as spam stays so.
    if (comment.status === 'held') await this.moderate([id], 'approve');
    const row = await this.prisma.comment.findUniqueOrThrow({
      where: { id },
      select: { post: { select: { slug: true } } },
    });
    return { postSlug: row.post.slug };
  }

  /** The e-mailed unsubscribe link: no more reply notifications for that comment. */
  async unsubscribe(token: string): Promise<void> {
    const id = await this.verify('unsubscribe', token);
    if (!id) throw new AppError('BAD_USER_INPUT', commentMessages.linkInvalid);
    await this.prisma.comment.updateMany({ where: { id }, data: { notifyReplies: false } });
  }

  // ---- the author ----

  async adminList(filter: { status?: CommentStatusName | null; postId?: string | null }): Promise<AdminComment[]> {
    const rows = await this.prisma.comment.findMany({
      where: {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.postId ? { postId: filter.postId } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 500,
      select: { ...PUBLIC_SELECT, email: true, post: { select: { title: true, slug: true } } },
    });
    return rows.map((row) => ({
      ...publicOf(row),
      status: row.status,
      email: row.email,
      postTitle: row.post.title,
      postSlug: row.post.slug,
    }));
  }

  waitingCount(): Promise<number> {
    return this.prisma.comment.count({ where: { status: 'held' } });
  }

  /** Approves, rejects, marks as spam or deletes comments; returns the ids it changed. */
  async moderate(ids: readonly string[], action: ModerationAction): Promise<string[]> {
    if (ids.length === 0) return [];
    if (ids.length > 500) throw validationError({ ids: 'At most 500 comments at a time' });
    if (!ids.every(isUuid)) throw notFound(commentMessages.notFound);
    const rows = await this.prisma.comment.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, postId: true, status: true },
    });
    if (rows.length === 0) throw notFound(commentMessages.notFound);
    const found = rows.map((row) => row.id);
    if (action === 'delete') {
      await this.prisma.comment.deleteMany({ where: { id: { in: found } } });
    } else {
      const status = ({ approve: 'approved', reject: 'rejected', spam: 'spam' } as const)[action];
      await this.prisma.comment.updateMany({ where: { id: { in: found } }, data: { status } });
    }
    // Only the posts whose public comments changed (one was, or now is, approved); the database's
    // trigger tells the other servers the same.
    const touched = rows.filter((row) => row.status === 'approved' || action === 'approve');
    this.changes.changed(
      changeOf([...commentsChange(touched.map((row) => row.postId)).tags, ...found.map((id) => `comment:${id}`)]),
    );
    return found;
  }

  /** The author's reply, published at once; the commenter who asked is told by e-mail. */
  async reply(parentId: string, text: string, authorId: string): Promise<PublicComment> {
    if (!isUuid(parentId)) throw notFound(commentMessages.notFound);
    const body = text.replace(/\r\n?/g, '\n').trim();
    if (body === '') throw validationError({ text: commentMessages.textRequired });
    if (body.length > COMMENT_TEXT_MAX) throw validationError({ text: commentMessages.textTooLong });
    const parent = await this.prisma.comment.findUnique({
      where: { id: parentId },
      select: {
        id: true,
        parentId: true,
        postId: true,
        status: true,
        email: true,
        name: true,
        notifyReplies: true,
        isAuthor: true,
        post: { select: { slug: true, title: true } },
      },
    });
    if (!parent) throw notFound(commentMessages.notFound);
    const author = await this.prisma.user.findUniqueOrThrow({
      where: { id: authorId },
      select: { name: true, email: true },
    });
    const row = await this.prisma.$transaction(async (tx) => {
      // Replying to a waiting comment approves it: the author has read it and answers it in public.
      if (parent.status !== 'approved') {
        await tx.comment.update({ where: { id: parent.id }, data: { status: 'approved' } });
      }
      const created = await tx.comment.create({
        data: {
          postId: parent.postId,
          parentId: parent.parentId ?? parent.id,
          name: author.name,
          email: author.email,
          text: body,
          status: 'approved',
          isAuthor: true,
          fingerprint: fingerprintOf(body),
        },
        select: PUBLIC_SELECT,
      });
      if (parent.notifyReplies && !parent.isAuthor) {
        const token = await this.linkToken('unsubscribe', parent.id);
        const unsubscribe = `${this.config.siteUrl}/comments/unsubscribe?token=${encodeURIComponent(token)}`;
        await enqueueMail(tx, {
          kind: 'comment-reply',
          to: parent.email,
          subject: `${author.name} replied to your comment on "${parent.post.title}"`,
          text:
            `${author.name} replied to your comment on "${parent.post.title}":\n\n${body}\n\n` +
            `Read it at ${this.config.siteUrl}${postPath(parent.post.slug)}#${COMMENTS_ANCHOR}\n\n` +
            `To stop these e-mails for this comment: ${unsubscribe}`,
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
      }
      return created;
    });
    this.outbox.wake();
    this.changes.changed(commentsChange([parent.postId]));
    return publicOf(row);
  }

  /** Closes or opens a post's comments (the editor's checkbox). */
  async setClosed(postId: string, closed: boolean): Promise<boolean> {
    if (!isUuid(postId)) throw notFound(commentMessages.postNotFound);
    // Raw, so the post's updatedAt stays: the editor's next save must not be refused as a conflict.
    const count = await this.prisma
      .$executeRaw`UPDATE "Post" SET "commentsClosed" = ${closed} WHERE "id" = ${postId}::uuid`;
    if (count === 0) throw notFound(commentMessages.postNotFound);
    this.changes.changed(changeOf([commentsTag(postId), `post:${postId}`]));
    return closed;
  }
}
