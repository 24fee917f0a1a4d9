// The post service's writes (post.service.ts): create, update, status, restoring a revision, delete and the
// pictures of a post's text, with every rule of a post enforced here, once, for GraphQL and REST
// alike. Each write announces what it changed (server/cache/post-changes.ts), which cools the cached
// reads that showed it (docs/decisions/032-writes-cool-what-they-change.md).
import { checkVersion, notFound, validationError } from '../../errors.ts';
import type { Category, Image, Post, PostStatus, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { ContentChanges } from '../../cache/content-changes.ts';
import { bothChanges, type PostFacts, postChange, tagChange } from '../../cache/post-changes.ts';
import type { FieldErrors } from '#kernel/api-errors.ts';
import { checkFocus } from '#kernel/focal-point.ts';
import { isUuid } from '#kernel/id-rules.ts';
import { messages } from '#kernel/messages.ts';
import {
  isBlankHtml,
  isCategory,
  isPostStatus,
  postMessages,
  publishAtError,
  validatePostFields,
} from '#kernel/post-rules.ts';
import { isAutomaticSlug, slugError } from '#kernel/slug-rules.ts';
import { checkTags } from '#kernel/tag-rules.ts';
import type { ImageFiles } from '../media/image-files.ts';
import { deleteUnusedImages } from '../media/image-uses.ts';
import {
  type CheckedImage,
  checkWriteInput,
  commitImage,
  deleteWithImage,
  type ImageUpload,
  saveImage,
} from '../media/image-upload.ts';
import { recordRevision } from './post-revisions.ts';
import { assignSlug } from './post-slugs.ts';
import { setPostTags, type WrittenTags } from './post-tags.ts';
import { POST_NOT_FOUND, type PostWithImage, WITH_IMAGE } from './post-types.ts';
import { storedContent } from './sanitize-html.ts';

export const REVISION_NOT_FOUND = 'Revision not found';

/** What is told of posts going public: the subscribers' e-mails (server/modules/subscribers/). */
export interface PublishHook {
  /** In the publishing transaction. */
  published(tx: Prisma.TransactionClient, postIds: readonly string[]): Promise<void>;
  /** After it committed. */
  committed(): void;
}

type Ranked = Pick<Post, 'title' | 'subtitle' | 'status' | 'category' | 'publishedAt'>;

/**
 * The words related posts rank by that an edit changed (rankWords), and those of the post as it is
 * now (entryWords), by the database's own rules, which its trigger announces to the other servers
 * too (migration *_related_words, decision 054). No statement when the edit changed neither the
 * title and subtitle nor the post's place.
 */
async function rankWordsOf(
  tx: Prisma.TransactionClient,
  before: Ranked,
  after: Ranked,
): Promise<{ rankWords: string[]; entryWords?: string[] }> {
  const reworded = before.title !== after.title || before.subtitle !== after.subtitle;
  const placed =
    before.status !== after.status ||
    before.category !== after.category ||
    before.publishedAt?.getTime() !== after.publishedAt?.getTime();
  if (!reworded && !placed) return { rankWords: [] };
  const [row] = await tx.$queryRaw<Array<{ changed: string[]; words: string[] }>>`
    SELECT "blog_rank_words_changed"(${before.title}, ${before.subtitle}, ${after.title}, ${after.subtitle}) AS "changed",
      "blog_rank_words"(${after.title}, ${after.subtitle}) AS "words"`;
  return { rankWords: row!.changed, entryWords: row!.words };
}

/** What a write sends: fields as the forms have them, unchecked. */
export interface PostInput {
  title?: string | null;
  subtitle?: string | null;
  /** HTML; sanitized before it is stored. */
  content?: string | null;
  category?: string | null;
  /** Required on create unless a draft. On update, a new image replaces the old one; absent keeps it. */
  image?: ImageUpload | null;
  /** DRAFT, SCHEDULED or PUBLISHED. Create: PUBLISHED when absent; update: the post's own when absent. */
  status?: string | null;
  /** Issue 40: e-mail it to the subscribers when it goes public (default yes); absent: unchanged. */
  sendByEmail?: boolean | null;
  /** When a SCHEDULED post goes public; ignored for the other statuses. */
  publishAt?: Date | null;
  /** The address the author chose; absent or empty: made from the title (and, while a draft, kept in step with it). */
  slug?: string | null;
  /** Absent keeps the stored one (the original client's forms have no such field); empty clears it. */
  imageAlt?: string | null;
  /** Absent keeps the stored one; empty clears it (the subtitle is then used). */
  description?: string | null;
  /** The cover's focal point, 0 to 1 from the left and from the top; absent keeps it (0.5 on a new cover). */
  focusX?: number | null;
  focusY?: number | null;
  /** Update only: the updatedAt the author's copy was read at; another one stored means CONFLICT. */
  expectedUpdatedAt?: Date | null;
  /** Update only: a save the author did not ask for (the editor's autosave); revisions are spaced out. */
  autosave?: boolean | null;
  /** The post's tags by name, in order (kernel/tag-rules.ts); absent keeps them (the original client has none). */
  tags?: readonly string[] | null;
}

interface PreparedPost {
  status: PostStatus;
  data: {
    title: string;
    subtitle: string;
    content: string;
    category: Category | null;
    /** Undefined when not sent: an edit from a form without the field keeps the stored one. */
    imageAlt: string | undefined;
    description: string | undefined;
    sendByEmail: boolean | undefined;
  };
  /** The slug the author chose, or null for one made from the title. */
  slug: string | null;
  publishAt: Date | null;
  focus: { focusX: number; focusY: number } | null;
  image: CheckedImage | null;
  /** The stored images the sanitized content shows: its pictures in the text. */
  pictureIds: string[];
  /** Its tags, checked and normalized; null: keep the stored ones. */
  tags: string[] | null;
}

/** The row as an update finds it, locked. */
interface CurrentPost {
  id: string;
  status: PostStatus;
  slug: string;
  title: string;
  subtitle: string;
  content: string;
  category: Category | null;
  imageId: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
}

export class PostWrites {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly files: ImageFiles,
    /** Told of every write, to cool the cached reads it touches. */
    private readonly changes: ContentChanges,
    /** Told, in the transaction, of a post going public (issue 40: its e-mails are queued there). */
    private readonly publishHook?: PublishHook,
  ) {}

  async create(input: PostInput): Promise<PostWithImage> {
    const prepared = await this.prepare(input, { status: input.status ?? 'PUBLISHED', hasImage: false });
    const { status, data, image } = prepared;
    // Published at once: its creation is its publication, to the millisecond.
    const createdAt = new Date();
    const publishedAt = status === 'PUBLISHED' ? createdAt : status === 'SCHEDULED' ? prepared.publishAt : null;
    const write = async (tx: Prisma.TransactionClient, imageData?: Prisma.ImageCreateWithoutPostInput) => {
      const slug = await assignSlug(tx, { postId: null, chosen: prepared.slug, title: data.title });
      const post = await tx.post.create({
        data: {
          ...data,
          status,
          createdAt,
          updatedAt: createdAt,
          publishedAt,
          slug,
          ...(imageData ? { image: { create: imageData } } : {}),
        },
        ...WITH_IMAGE,
      });
      await setPictures(tx, post.id, prepared.pictureIds);
      const written = await setPostTags(tx, post.id, prepared.tags ?? []);
      post.tags = written.tags;
      await recordRevision(tx, post, null);
      if (status === 'PUBLISHED') await this.publishHook?.published(tx, [post.id]);
      return { post, written };
    };
    let result: { post: PostWithImage; written: WrittenTags };
    if (image) {
      // The files are written first; the row that refers to them commits after, or the files go.
      const stored = await saveImage(this.files, image);
      result = await commitImage(this.prisma, this.files, stored, (tx) =>
        write(tx, { ...stored, ...(prepared.focus ?? {}) }),
      );
    } else {
      result = await this.prisma.$transaction((tx) => write(tx));
    }
    const { post, written } = result;
    if (status === 'PUBLISHED') this.publishHook?.committed();
    const change = postChange([{ id: post.id, before: null, after: factsOf(post), wordsChanged: true }]);
    this.changes.changed(bothChanges(change, tagsChange(post, written)));
    return post;
  }

  /**
   * Replaces every field; the image only when one is sent, and then the old one's files go. Refused
   * with CONFLICT when expectedUpdatedAt is given and the stored post has changed since.
   */
  async update(id: string, input: PostInput): Promise<PostWithImage> {
    if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
    // Checked before the fields, which depend on it (a draft needs less), and before re-encoding
    // an image, the costly part: an unknown post is refused first.
    const before = await this.prisma.post.findUnique({
      where: { id },
      select: { status: true, imageId: true, updatedAt: true },
    });
    if (!before) throw notFound(POST_NOT_FOUND);
    checkPostVersion(before, input.expectedUpdatedAt);
    const prepared = await this.prepare(input, {
      status: input.status ?? before.status,
      hasImage: before.imageId !== null,
    });
    const stored = prepared.image ? await saveImage(this.files, prepared.image) : null;

    const write = async (tx: Prisma.TransactionClient) => {
      // Locked: two edits at once are applied one after the other, each checked against the other's
      // result, and each replaced image is removed once.
      const [current] = await tx.$queryRaw<CurrentPost[]>`
        SELECT "id", "status", "slug", "title", "subtitle", "content", "category", "imageId", "publishedAt", "updatedAt"
        FROM "Post" WHERE "id" = ${id}::uuid FOR UPDATE`;
      if (!current) throw notFound(POST_NOT_FOUND);
      checkPostVersion(current, input.expectedUpdatedAt);
      const { status } = prepared;
      const publishedAt =
        status === 'DRAFT'
          ? null
          : status === 'SCHEDULED'
            ? prepared.publishAt
            : current.status === 'PUBLISHED' && current.publishedAt
              ? current.publishedAt
              : new Date();
      const slug =
        prepared.slug === null && !(current.status === 'DRAFT' && isAutomaticSlug(current.slug, current.title))
          ? current.slug
          : await assignSlug(tx, {
              postId: id,
              chosen: prepared.slug,
              title: prepared.data.title,
              current: current.slug,
              // Readers may have its address only if it was public.
              keepFormer: current.status === 'PUBLISHED',
            });
      const post = await tx.post.update({
        where: { id },
        data: {
          ...prepared.data,
          status,
          publishedAt,
          slug,
          ...(stored ? { image: { create: { ...stored, ...(prepared.focus ?? {}) } } } : {}),
        },
        ...WITH_IMAGE,
      });
      if (!stored && prepared.focus && current.imageId) {
        await tx.image.update({ where: { id: current.imageId }, data: prepared.focus });
        post.image = await tx.image.findUnique({ where: { id: current.imageId } });
      }
      const removedPictures = await setPictures(tx, id, prepared.pictureIds);
      const written = prepared.tags === null ? null : await setPostTags(tx, id, prepared.tags);
      if (written) post.tags = written.tags;
      await recordRevision(tx, post, current.status, { autosave: input.autosave === true });
      const goesPublic = status === 'PUBLISHED' && current.status !== 'PUBLISHED';
      if (goesPublic) await this.publishHook?.published(tx, [id]);
      // The replaced cover and the pictures taken out of the text go, unless something else uses them.
      const replaced = await deleteUnusedImages(tx, this.files, [stored ? current.imageId : null, ...removedPictures]);
      const wordsChanged = (['title', 'subtitle', 'content'] as const).some((field) => post[field] !== current[field]);
      const words = await rankWordsOf(tx, current, post);
      const change = postChange([{ id, before: factsOf(current), after: factsOf(post), wordsChanged, ...words }]);
      // Tags given or taken while it is public, or just before it is: their lists show it.
      const shown = current.status === 'PUBLISHED' ? { ...post, status: current.status } : post;
      return {
        post,
        replaced,
        goesPublic,
        change: written ? bothChanges(change, tagsChange(shown, written)) : change,
      };
    };

    const result = stored
      ? await commitImage(this.prisma, this.files, stored, write)
      : await this.prisma.$transaction(write);
    this.changes.changed(result.change);
    if (result.goesPublic) this.publishHook?.committed();
    if (result.replaced.length > 0) await this.files.removeNow(result.replaced);
    return result.post;
  }

  /**
   * Publishes, schedules or unpublishes the post as it is stored: the same checks as an update that
   * sends every stored field again (so a draft without a cover is not published).
   */
  async setStatus(id: string, status: string, publishAt: Date | null): Promise<PostWithImage> {
    const post = isUuid(id) ? await this.prisma.post.findUnique({ where: { id }, ...WITH_IMAGE }) : null;
    if (!post) throw notFound(POST_NOT_FOUND);
    return this.update(id, {
      title: post.title,
      subtitle: post.subtitle,
      content: post.content,
      category: post.category,
      imageAlt: post.imageAlt,
      description: post.description,
      status,
      publishAt,
      expectedUpdatedAt: post.updatedAt,
    });
  }

  /**
   * Makes the post's editable fields those of the revision, as a new save (an update, with its checks,
   * its conflict check and its own revision). What the post is now stays: its status and publication
   * date, and its cover (a replaced cover was deleted with its files: the revision names none then).
   * The revision's pictures in the text that were deleted since are left out, as any missing picture is.
   */
  async restoreRevision(revisionId: string, expectedUpdatedAt: Date | null): Promise<PostWithImage> {
    const revision = isUuid(revisionId)
      ? await this.prisma.postRevision.findUnique({ where: { id: revisionId } })
      : null;
    if (!revision) throw notFound(REVISION_NOT_FOUND);
    const post = await this.prisma.post.findUnique({
      where: { id: revision.postId },
      select: { status: true, imageId: true, publishedAt: true, updatedAt: true },
    });
    if (!post) throw notFound(POST_NOT_FOUND);
    const sameCover = revision.imageId !== null && revision.imageId === post.imageId;
    return this.update(revision.postId, {
      title: revision.title,
      subtitle: revision.subtitle,
      content: revision.content,
      category: revision.category,
      // An address the title made is made again from the restored title (while a draft), as the form does.
      slug: isAutomaticSlug(revision.slug, revision.title) ? null : revision.slug,
      description: revision.description,
      // The text alternative describes that cover: with another cover now, the current one's stays.
      imageAlt: sameCover ? revision.imageAlt : null,
      status: post.status,
      publishAt: post.status === 'SCHEDULED' ? post.publishedAt : null,
      expectedUpdatedAt: expectedUpdatedAt ?? post.updatedAt,
    });
  }

  /**
   * Deletes the post, then its cover and its pictures in the text that nothing else uses (rows, then
   * files); returns the id.
   */
  async delete(id: string): Promise<string> {
    let before: PostFacts | null = null;
    return deleteWithImage(this.prisma, this.files, {
      id,
      notFoundMessage: POST_NOT_FOUND,
      deleteRow: async (tx) => {
        const pictures = await tx.postPicture.findMany({ where: { postId: id }, select: { imageId: true } });
        const deleted = await tx.post.delete({
          where: { id },
          select: { imageId: true, status: true, category: true, slug: true, publishedAt: true },
        });
        before = factsOf(deleted);
        return { imageId: deleted.imageId, pictureIds: pictures.map((picture) => picture.imageId) };
      },
      committed: () => this.changes.changed(postChange([{ id, before, after: null, wordsChanged: true }])),
    });
  }

  /**
   * Stores a picture the author put in a post's text (the editor uploads it as soon as it is
   * inserted): checked and re-encoded as a cover is. Nothing uses it until a post is saved with it.
   * Every variant is made now, not in the background: the text stores the picture's srcset as it is
   * when the post is saved, and the author is writing, not waiting for a save.
   */
  async uploadPicture(upload: ImageUpload | null | undefined): Promise<Image> {
    const checked = await checkWriteInput(this.files.store, {}, upload, { required: true });
    const stored = await saveImage(this.files, checked!, 'image', { allVariants: true });
    return commitImage(this.prisma, this.files, stored, (tx) => tx.image.create({ data: stored }));
  }

  /**
   * Checks every field and the image (before decoding it) and reports all problems at once, in the
   * form's order; returns the values to store: trimmed texts and sanitized content. A draft needs
   * only its title; a scheduled post also needs a time to come.
   */
  private async prepare(
    input: PostInput,
    { status: statusInput, hasImage }: { status: string; hasImage: boolean },
  ): Promise<PreparedPost> {
    if (!isPostStatus(statusInput)) throw validationError({ status: messages.notValidOption });
    const status = statusInput;
    const draft = status === 'DRAFT';
    const errors: FieldErrors = { ...validatePostFields(input, { draft }) };
    let content = '';
    let pictureIds: string[] = [];
    if (!errors.content) {
      ({ content, pictureIds } = await storedContent(this.prisma, input.content ?? ''));
      // Content made only of what the sanitizer removes (a script, an iframe) is no content.
      if (isBlankHtml(content)) {
        if (draft) content = '';
        else errors.content = messages.required;
      }
    }
    const chosenSlug = input.slug?.trim() ? input.slug.trim() : null;
    const slugProblem = chosenSlug === null ? null : slugError(chosenSlug);
    if (slugProblem) errors.slug = slugProblem;
    if (status === 'SCHEDULED') {
      const problem = publishAtError(input.publishAt);
      if (problem) errors.publishAt = problem;
    }
    const tags = input.tags == null ? null : checkTags(input.tags);
    if (tags?.error) errors.tags = tags.error;
    const focus = focusOf(input, errors);
    const image = await checkWriteInput(this.files.store, errors, input.image, { required: !draft && !hasImage });
    const category = input.category && isCategory(input.category) ? input.category : null;
    return {
      status,
      data: {
        title: (input.title ?? '').trim(),
        subtitle: (input.subtitle ?? '').trim(),
        content,
        category,
        imageAlt: input.imageAlt == null ? undefined : input.imageAlt.trim(),
        description: input.description == null ? undefined : input.description.trim(),
        sendByEmail: input.sendByEmail ?? undefined,
      },
      slug: chosenSlug,
      publishAt: status === 'SCHEDULED' ? (input.publishAt ?? null) : null,
      focus,
      image,
      pictureIds,
      tags: tags?.tags ?? null,
    };
  }
}

/**
 * Makes the post's PostPicture rows name exactly these images; returns the images it no longer
 * names (for deleteUnusedImages).
 */
async function setPictures(tx: Prisma.TransactionClient, postId: string, imageIds: string[]): Promise<string[]> {
  const before = await tx.postPicture.findMany({ where: { postId }, select: { imageId: true } });
  const removed = before.map((row) => row.imageId).filter((imageId) => !imageIds.includes(imageId));
  if (removed.length > 0) await tx.postPicture.deleteMany({ where: { postId, imageId: { in: removed } } });
  if (imageIds.length > 0) {
    await tx.postPicture.createMany({ data: imageIds.map((imageId) => ({ postId, imageId })), skipDuplicates: true });
  }
  return removed;
}

/** The tags a save gave or took, for readers' caches: nothing while the post is not public. */
function tagsChange(post: { id: string; status: PostStatus }, written: WrittenTags) {
  return tagChange(post.status === 'PUBLISHED' ? written.touched.map((slug) => ({ postId: post.id, slug })) : []);
}

/** What the caches need to know of a post a write touched (server/cache/post-changes.ts). */
export function factsOf(post: Pick<Post, 'status' | 'category' | 'slug' | 'publishedAt'>): PostFacts {
  return {
    status: post.status,
    category: post.category,
    slug: post.slug,
    publishedAt: post.publishedAt?.getTime() ?? null,
  };
}

/** A write based on an older copy than the stored one is refused, never applied over it. */
function checkPostVersion(current: { updatedAt: Date }, expected: Date | null | undefined): void {
  checkVersion(current, expected, postMessages.conflict);
}

/** The focal point sent, checked; null when none was. */
function focusOf(input: PostInput, errors: FieldErrors): { focusX: number; focusY: number } | null {
  const { focus, error } = checkFocus(input.focusX, input.focusY);
  if (error) errors.focus = error;
  return focus;
}
