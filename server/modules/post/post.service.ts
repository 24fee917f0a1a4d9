// Blog posts: listing, searching, reading and the admin's writes, with every rule of a post enforced
// here, once, for GraphQL and REST alike. Callers pass plain data and get rows back; expected
// failures are AppErrors (BAD_USER_INPUT with field errors, NOT_FOUND, CONFLICT). Authorization is
// the caller's job (authScopes in GraphQL, requireAdmin in REST): a service trusts that it was checked.
//
// Two kinds of reads: the public ones (list, latest, get, bySlug) see PUBLISHED posts only and are
// cached; the admin's (adminList, getAny) see drafts and scheduled posts too and are never cached.
import { AppError, notFound, validationError } from '../../errors.ts';
import {
  type Prisma,
  type Category,
  type Image,
  type Post,
  type PostRevision,
  type PostStatus,
  type PrismaClient,
} from '../../generated/prisma/client.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { ReadCaches } from '../../cache/read-caches.ts';
import type { ContentChanges, Dependencies } from '../../cache/content-changes.ts';
import { depend } from '../../cache/dependencies.ts';
import { type PostFacts, postChange } from '../../cache/post-changes.ts';
import type { FieldErrors } from '#kernel/api-errors.ts';
import { checkFocus } from '#kernel/focal-point.ts';
import { isUuid } from '#kernel/id-rules.ts';
import { messages } from '#kernel/messages.ts';
import {
  isBlankHtml,
  isCategory,
  isPostStatus,
  LATEST_COUNT,
  PAGE_SIZE,
  pageCount,
  pageError,
  postMessages,
  publishAtError,
  validatePostFields,
} from '#kernel/post-rules.ts';
import { keywordError } from '#kernel/search-rules.ts';
import { isAutomaticSlug, slugError } from '#kernel/slug-rules.ts';
import { uploadKeysIn } from '#kernel/content-pictures.ts';
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
import { surroundingsOf, type PostSurroundings } from './post-neighbours.ts';
import { recordRevision, revisionsOf } from './post-revisions.ts';
import { searchPage } from './post-search.ts';
import { publishedIdsNewestFirst } from './post-timeline.ts';
import { assignSlug, formerSlugTarget } from './post-slugs.ts';
import { sanitizeContent } from './sanitize-html.ts';

export const POST_NOT_FOUND = 'Blogpost not found';
export const REVISION_NOT_FOUND = 'Revision not found';

/** Any post, as the admin sees it: a draft may have no cover yet. */
export type PostWithImage = Post & { image: Image | null };

/**
 * A post readers may see. The database holds it (CHECK "Post_public_is_complete"): a post that is
 * not a draft has a cover, a category and a publication date.
 */
export type PublishedPost = Post & { image: Image; category: Category; publishedAt: Date };

/** A page of posts, as the blog list and the category lists show it. */
export interface PostPage<T = PostWithImage> {
  items: T[];
  /** The page asked for (one-based). */
  page: number;
  /** How many pages there are: ceil(total / 15), 0 when nothing matches. */
  pages: number;
  total: number;
}

export interface ListPostsParams {
  /** One-based; 1 when absent. */
  page?: number | null;
  /** game, tv, book or anime. */
  category?: string | null;
  /** A keyword (search-rules.ts): every word must match a word of the post, or the start of one. */
  search?: string | null;
}

export interface AdminListParams extends ListPostsParams {
  /** Only posts with this status; every status when absent. */
  status?: string | null;
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
}

/**
 * Posts come with their image in one SQL statement (a join: the relationJoins feature in
 * prisma/schema.prisma), so a read sees each post whole or not at all, even while posts are deleted.
 * Every caller shows the image, so every read loads it, and a cached read serves GraphQL and REST.
 */
const WITH_IMAGE = { include: { image: true } } as const;

/** What readers may see: the database's CHECK makes such a row a PublishedPost. */
const PUBLIC = { status: 'PUBLISHED' } as const satisfies Prisma.PostWhereInput;

// The admin's list: the post last worked on first, whatever its status.
const LAST_EDITED_FIRST = [{ updatedAt: 'desc' }, { id: 'desc' }] satisfies Prisma.PostOrderByWithRelationInput[];

const asPublished = (post: PostWithImage) => post as PublishedPost;

/**
 * What the post reads cache: one post (by id or address), that there is no such post, where an
 * address now leads, a post's surroundings, or a list's order.
 */
type CachedRead = PublishedPost | Timeline | AddressTarget | { redirectTo: string } | PostSurroundings | null;

/** The post an address (its slug) shows. */
interface AddressTarget {
  postId: string;
}

/** A list's order: the ids of its published posts, newest first. */
interface Timeline {
  ids: string[];
}

// JavaScript strings take up to 2 bytes a character; the rest of a row (dates, ids, the image) ~1 KB.
// A row read by REST also keeps its JSON's UTF-8 bytes (post.rest.ts): its text once more, and
// about 512 bytes of names, dates and image addresses.
const postBytes = (post: Post) => 3 * (post.title.length + post.subtitle.length + post.content.length) + 1536;

function cachedBytes(value: CachedRead): number {
  if (value === null || 'redirectTo' in value || 'postId' in value) return 256;
  // An id as a string and its slot in the array.
  if ('ids' in value) return 256 + 64 * value.ids.length;
  if ('related' in value) return 512;
  return 256 + postBytes(value);
}

/** A post found by an address: the post, or the slug it now has when the address is a former one. */
export type SlugLookup = { post: PublishedPost } | { redirectTo: string } | null;

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
  };
  /** The slug the author chose, or null for one made from the title. */
  slug: string | null;
  publishAt: Date | null;
  focus: { focusX: number; focusY: number } | null;
  image: CheckedImage | null;
  /** The stored images the sanitized content shows: its pictures in the text. */
  pictureIds: string[];
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

export class PostService {
  // Single posts, what an address leads to, a post's surroundings, and each list's order, from which
  // its pages and the latest posts are sliced (not searches: their keys are endless and each is
  // rarely asked twice; docs/decisions/015-cached-public-reads.md, 034-memory-budgets.md). Its
  // budget is READ_CACHE_MB. Every read below reports what it
  // shows (depend()), so its cached answer, and any response made from it, is forgotten only when a
  // write touches that (server/cache/post-changes.ts, docs/decisions/032-writes-cool-what-they-change.md).
  private readonly cache: ReadCache<CachedRead>;
  private readonly changes: ContentChanges;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly files: ImageFiles,
    caches: ReadCaches,
  ) {
    this.changes = caches.changes;
    this.cache = caches.create<CachedRead>('posts', cachedBytes);
  }

  /** Published posts, newest first (or most relevant first with a search), 15 a page. */
  async list(params: ListPostsParams = {}): Promise<PostPage<PublishedPost>> {
    const { page, category, search } = checkListParams(params);
    if (search !== null) {
      return (await this.searchPosts(search, category, page, ['PUBLISHED'])) as PostPage<PublishedPost>;
    }
    return this.loadPage(category, page);
  }

  /** Every post, drafts and scheduled ones included, the last edited first: the author's own list. */
  async adminList(params: AdminListParams = {}): Promise<PostPage> {
    const { page, category, search } = checkListParams(params);
    const status = params.status ?? null;
    if (status !== null && !isPostStatus(status)) throw validationError({ status: messages.notValidOption });
    if (search !== null) return this.searchPosts(search, category, page, status ? [status] : null);
    const where: Prisma.PostWhereInput = { ...(category ? { category } : {}), ...(status ? { status } : {}) };
    const [total, items] = await Promise.all([
      this.prisma.post.count({ where }),
      this.prisma.post.findMany({
        where,
        orderBy: LAST_EDITED_FIRST,
        skip: (page - 1) * PAGE_SIZE,
        take: PAGE_SIZE,
        ...WITH_IMAGE,
      }),
    ]);
    return { items, page, pages: pageCount(total), total };
  }

  private async searchPosts(
    keyword: string,
    category: Category | null,
    page: number,
    statuses: PostStatus[] | null,
  ): Promise<PostPage> {
    depend(['search']);
    const { ids, total } = await searchPage(this.prisma, keyword, category, (page - 1) * PAGE_SIZE, statuses);
    const rows = ids.length ? await this.prisma.post.findMany({ where: { id: { in: ids } }, ...WITH_IMAGE }) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A post unpublished between the two statements is left out rather than shown.
    const items = ids.flatMap((id) => {
      const row = byId.get(id);
      return row && (statuses === null || statuses.includes(row.status)) ? [row] : [];
    });
    return { items, page, pages: pageCount(total), total };
  }

  /**
   * A page of a list: a slice of the list's order, then its posts, each kept on its own. Neither is
   * a query once read: a new post re-reads only each list's order (one statement of ids), and the
   * posts already read stay kept, so every page of a list is ready again at once after a write.
   * Each page used to be a query of its own, and a new post, which moves every page, made each
   * one cost a query again (docs/decisions/034-memory-budgets.md).
   */
  private async loadPage(category: Category | null, page: number): Promise<PostPage<PublishedPost>> {
    const { ids } = await this.timeline(category);
    const skip = (page - 1) * PAGE_SIZE;
    const items = skip >= ids.length ? [] : await this.publishedByIds(ids.slice(skip, skip + PAGE_SIZE));
    return { items, page, pages: pageCount(ids.length), total: ids.length };
  }

  /** The ids of a list's posts, newest first: kept until a post enters, leaves or moves in it. */
  private timeline(category: Category | null): Promise<Timeline> {
    const list = `list:${category ?? 'all'}`;
    return this.cache.get(`timeline:${category ?? 'all'}`, async () => {
      depend([list]);
      return { ids: await publishedIdsNewestFirst(this.prisma, category) };
    }) as Promise<Timeline>;
  }

  /**
   * The published posts of ids, in their order: those kept, and the others in one statement (then
   * kept, as get() keeps them). A post unpublished since its id was read is left out, not shown.
   */
  private async publishedByIds(ids: readonly string[]): Promise<PublishedPost[]> {
    const found = new Map<string, PublishedPost>();
    const missing: string[] = [];
    for (const id of ids) {
      const kept = this.cache.lookup(`post:${id}`)?.value as PublishedPost | null | undefined;
      if (kept) found.set(id, kept);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const ticket = this.cache.ticket();
      depend(missing.map((id) => `post:${id}`));
      const rows = await this.prisma.post.findMany({ where: { ...PUBLIC, id: { in: missing } }, ...WITH_IMAGE });
      for (const row of rows) {
        const post = asPublished(row);
        found.set(row.id, post);
        if (ticket !== null) this.cache.put(`post:${row.id}`, post, ticket, postDependencies(row.id));
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The 9 newest published posts, for the home page. */
  async latest(): Promise<PublishedPost[]> {
    const { ids } = await this.timeline(null);
    return this.publishedByIds(ids.slice(0, LATEST_COUNT));
  }

  /** The published post, or null when no published post has this id (or it is not an id at all). */
  async get(id: string): Promise<PublishedPost | null> {
    if (!isUuid(id)) return null;
    return this.cache.get(`post:${id}`, async () => {
      depend([`post:${id}`]);
      const post = await this.prisma.post.findFirst({ where: { ...PUBLIC, id }, ...WITH_IMAGE });
      return post ? asPublished(post) : null;
    }) as Promise<PublishedPost | null>;
  }

  /**
   * The published post at an address (/blog/{slug}): by its slug, or, for an address it had before
   * (a former slug, or its id), the slug to redirect to.
   */
  async bySlug(slug: string): Promise<SlugLookup> {
    const lower = slug.toLowerCase();
    if (isUuid(slug)) {
      const post = await this.get(slug);
      return post ? { redirectTo: post.slug } : null;
    }
    if (slugError(slug) !== null) {
      // An address typed or copied with capitals (/blog/Celeste-Review) is a post's in lower case:
      // it redirects there. Anything else no post can have (a NUL, a path's junk): answered without
      // asking the database.
      if (lower === slug || slugError(lower) !== null) return null;
      const found = await this.bySlug(lower);
      return found === null ? null : { redirectTo: 'post' in found ? found.post.slug : found.redirectTo };
    }
    const found = (await this.cache.get(`slug:${slug}`, async () => {
      depend([`slug:${slug}`]);
      const ticket = this.cache.ticket();
      const post = await this.prisma.post.findFirst({ where: { ...PUBLIC, slug }, ...WITH_IMAGE });
      if (post) {
        depend([`post:${post.id}`]);
        // The post is kept once, as get() keeps it; the address keeps only which post it is.
        if (ticket !== null) this.cache.put(`post:${post.id}`, asPublished(post), ticket, postDependencies(post.id));
        return { postId: post.id };
      }
      const target = await formerSlugTarget(this.prisma, slug);
      if (target) depend([`post:${target.id}`]);
      return target?.status === 'PUBLISHED' ? { redirectTo: target.slug } : null;
    })) as AddressTarget | { redirectTo: string } | null;
    if (found === null || 'redirectTo' in found) return found;
    // Unpublished since the address was read: nothing there any more.
    const post = await this.get(found.postId);
    return post ? { post } : null;
  }

  /** The published post with this id, slug or former slug: what an API read by either finds. */
  async findPublic(idOrSlug: string): Promise<PublishedPost | null> {
    if (isUuid(idOrSlug)) return this.get(idOrSlug);
    const found = await this.bySlug(idOrSlug);
    if (found === null || 'post' in found) return found?.post ?? null;
    const current = await this.bySlug(found.redirectTo);
    return current !== null && 'post' in current ? current.post : null;
  }

  /**
   * What a published post's page shows after its text: the posts published just before and after
   * it, and a few related ones (post-neighbours.ts). A draft or a scheduled post, seen by the admin
   * in preview, has no place among the published ones yet: none. The ids are cached with the reads;
   * a post deleted since is left out rather than shown.
   */
  async surroundings(post: Post): Promise<{
    previous: PublishedPost | null;
    next: PublishedPost | null;
    related: PublishedPost[];
  }> {
    if (post.status !== 'PUBLISHED' || post.publishedAt === null) return { previous: null, next: null, related: [] };
    const place = { id: post.id, publishedAt: post.publishedAt, category: post.category };
    const ids = (await this.cache.get(`around:${post.id}`, async () => {
      const { surroundings, readFrom } = await surroundingsOf(this.prisma, place);
      const named = [surroundings.previous, surroundings.next, ...surroundings.related];
      depend(
        [`post:${post.id}`, ...readFrom.tags, ...named.flatMap((id) => (id ? [`post:${id}`] : []))],
        readFrom.spans,
      );
      return surroundings;
    })) as PostSurroundings;
    // The posts those ids name, in one statement for the ones not kept (a page's first render would
    // otherwise ask for each in turn, and on PGlite each waits for the one before).
    const named = [ids.previous, ids.next, ...ids.related].filter((id): id is string => id !== null);
    const found = new Map((await this.publishedByIds(named)).map((found) => [found.id, found]));
    const byId = (id: string | null) => (id === null ? null : (found.get(id) ?? null));
    return {
      previous: byId(ids.previous),
      next: byId(ids.next),
      related: ids.related.flatMap((id) => found.get(id) ?? []),
    };
  }

  /** Any post, drafts included, by id or by slug (a former one too): for the admin. Never cached. */
  async getAny(idOrSlug: string): Promise<PostWithImage | null> {
    if (isUuid(idOrSlug)) return this.prisma.post.findUnique({ where: { id: idOrSlug }, ...WITH_IMAGE });
    if (slugError(idOrSlug) !== null) return null;
    const post = await this.prisma.post.findUnique({ where: { slug: idOrSlug }, ...WITH_IMAGE });
    if (post) return post;
    const target = await formerSlugTarget(this.prisma, idOrSlug);
    return target ? this.prisma.post.findUnique({ where: { id: target.id }, ...WITH_IMAGE }) : null;
  }

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
      await recordRevision(tx, post, null);
      return post;
    };
    let post: PostWithImage;
    if (image) {
      // The files are written first; the row that refers to them commits after, or the files go.
      const stored = await saveImage(this.files, image);
      post = await commitImage(this.prisma, this.files, stored, (tx) =>
        write(tx, { ...stored, ...(prepared.focus ?? {}) }),
      );
    } else {
      post = await this.prisma.$transaction((tx) => write(tx));
    }
    this.changes.changed(postChange([{ id: post.id, before: null, after: factsOf(post), wordsChanged: true }]));
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
    checkVersion(before, input.expectedUpdatedAt);
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
      checkVersion(current, input.expectedUpdatedAt);
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
      await recordRevision(tx, post, current.status, { autosave: input.autosave === true });
      // The replaced cover and the pictures taken out of the text go, unless something else uses them.
      const replaced = await deleteUnusedImages(tx, this.files, [stored ? current.imageId : null, ...removedPictures]);
      const wordsChanged = (['title', 'subtitle', 'content'] as const).some((field) => post[field] !== current[field]);
      return { post, replaced, change: { id, before: factsOf(current), after: factsOf(post), wordsChanged } };
    };

    const result = stored
      ? await commitImage(this.prisma, this.files, stored, write)
      : await this.prisma.$transaction(write);
    this.changes.changed(postChange([result.change]));
    if (result.replaced.length > 0) await this.files.removeNow(result.replaced);
    return result.post;
  }

  /**
   * Publishes, schedules or unpublishes the post as it is stored: the same checks as an update that
   * sends every stored field again (so a draft without a cover is not published).
   */
  async setStatus(id: string, status: string, publishAt: Date | null): Promise<PostWithImage> {
    const post = isUuid(id) ? await this.getAny(id) : null;
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

  /** The post's revisions, newest first (post-revisions.ts): for the admin. Never cached. */
  revisions(postId: string): Promise<PostRevision[]> {
    return revisionsOf(this.prisma, postId);
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
   */
  async uploadPicture(upload: ImageUpload | null | undefined): Promise<Image> {
    const checked = await checkWriteInput(this.files.store, {}, upload, { required: true });
    const stored = await saveImage(this.files, checked!);
    return commitImage(this.prisma, this.files, stored, (tx) => tx.image.create({ data: stored }));
  }

  /**
   * The content as it is stored: sanitized, and its pictures limited to images stored here, each
   * described by its stored row (sizes and variants). Returns it with those images' ids.
   */
  private async storedContent(html: string): Promise<{ content: string; pictureIds: string[] }> {
    const keys = uploadKeysIn(html);
    const images = keys.length
      ? await this.prisma.image.findMany({
          where: { storageKey: { in: keys } },
          select: { id: true, storageKey: true, width: true, height: true, variantWidths: true },
        })
      : [];
    const byKey = new Map(images.map((image) => [image.storageKey, image]));
    const content = sanitizeContent(html, (key) => byKey.get(key));
    const pictureIds = uploadKeysIn(content).map((key) => byKey.get(key)!.id);
    return { content, pictureIds };
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
      ({ content, pictureIds } = await this.storedContent(input.content ?? ''));
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
    const focus = focusOf(input, errors);
    const image = await checkWriteInput(this.files.store, errors, input.image, { required: !draft && !hasImage });
    const category = input.category && isCategory(input.category) ? (input.category as Category) : null;
    return {
      status,
      data: {
        title: (input.title ?? '').trim(),
        subtitle: (input.subtitle ?? '').trim(),
        content,
        category,
        imageAlt: input.imageAlt == null ? undefined : input.imageAlt.trim(),
        description: input.description == null ? undefined : input.description.trim(),
      },
      slug: chosenSlug,
      publishAt: status === 'SCHEDULED' ? (input.publishAt ?? null) : null,
      focus,
      image,
      pictureIds,
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

/** What the caches need to know of a post a write touched (server/cache/post-changes.ts). */
export function factsOf(post: Pick<Post, 'status' | 'category' | 'slug' | 'publishedAt'>): PostFacts {
  return {
    status: post.status,
    category: post.category,
    slug: post.slug,
    publishedAt: post.publishedAt?.getTime() ?? null,
  };
}

/** What a single post read depends on: that post (get() reports the same). */
const postDependencies = (id: string): Dependencies => ({ tags: new Set([`post:${id}`]), spans: [] });

function checkListParams(params: ListPostsParams): { page: number; category: Category | null; search: string | null } {
  const page = params.page ?? 1;
  const pageProblem = pageError(page);
  if (pageProblem) throw validationError({ page: pageProblem });
  const category = params.category ?? null;
  if (category !== null && !isCategory(category)) throw validationError({ category: messages.notValidOption });
  const search = params.search ?? null;
  if (search !== null) {
    const keywordProblem = keywordError(search);
    if (keywordProblem) throw validationError({ search: keywordProblem });
  }
  return { page, category: category as Category | null, search };
}

/** A write based on an older copy than the stored one is refused, never applied over it. */
function checkVersion(current: { updatedAt: Date }, expected: Date | null | undefined): void {
  if (expected && expected.getTime() !== current.updatedAt.getTime()) {
    throw new AppError('CONFLICT', postMessages.conflict);
  }
}

/** The focal point sent, checked; null when none was. */
function focusOf(input: PostInput, errors: FieldErrors): { focusX: number; focusY: number } | null {
  const { focus, error } = checkFocus(input.focusX, input.focusY);
  if (error) errors.focus = error;
  return focus;
}
