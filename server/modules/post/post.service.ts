// Blog posts: listing, searching, reading and the admin's writes, with every rule of a post enforced
// here, once, for GraphQL and REST alike. Callers pass plain data and get rows back; expected
// failures are AppErrors (BAD_USER_INPUT with field errors, NOT_FOUND). Authorization is the caller's
// job (authScopes in GraphQL, requireAdmin in REST): a service trusts that it was checked.
import { notFound, validationError } from '../../errors.ts';
import { type Prisma, type Category, type Image, type Post, type PrismaClient } from '../../generated/prisma/client.ts';
import { ReadCache } from '../../cache/read-cache.ts';
import type { ContentChanges } from '../../cache/content-changes.ts';
import { isUuid } from '#kernel/id-rules.ts';
import { messages } from '#kernel/messages.ts';
import {
  isBlankHtml,
  isCategory,
  LATEST_COUNT,
  PAGE_SIZE,
  pageCount,
  pageError,
  validatePostFields,
} from '#kernel/post-rules.ts';
import { keywordError } from '#kernel/search-rules.ts';
import type { ImageFiles } from '../media/image-files.ts';
import {
  type CheckedImage,
  checkWriteInput,
  commitImage,
  deleteWithImage,
  type ImageUpload,
  saveImage,
} from '../media/image-upload.ts';
import { isRecordNotFound } from '../shared/prisma-errors.ts';
import { searchPage } from './post-search.ts';
import { sanitizeContent } from './sanitize-html.ts';

export const POST_NOT_FOUND = 'Blogpost not found';

export type PostWithImage = Post & { image: Image };

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

/** What a write sends: fields as the forms have them, unchecked. */
export interface PostInput {
  title?: string | null;
  subtitle?: string | null;
  /** HTML; sanitized before it is stored. */
  content?: string | null;
  category?: string | null;
  /** Required on create. On update, a new image replaces the old one; absent keeps it. */
  image?: ImageUpload | null;
}

/**
 * Posts come with their image in one SQL statement (a join: the relationJoins feature in
 * prisma/schema.prisma), so a read sees each post whole or not at all, even while posts are deleted.
 * Every caller shows the image, so every read loads it, and a cached read serves GraphQL and REST.
 */
const WITH_IMAGE = { include: { image: true } } as const;

// Ties on the creation time (posts imported together) still come back in one stable order.
const NEWEST_FIRST = [{ createdAt: 'desc' }, { id: 'desc' }] satisfies Prisma.PostOrderByWithRelationInput[];

/**
 * What the post reads cache: a page, the latest posts, one post, that there is no such post, or the
 * size of a list.
 */
type CachedRead = PostPage | PostWithImage[] | PostWithImage | null | number;

/**
 * Memory the cached reads may take, roughly: a page of 15 posts of 2 KB is about 80 KB, so this holds
 * the first few hundred pages and posts that readers actually open.
 */
export const POST_CACHE_BYTES = 48 * 1024 * 1024;

// JavaScript strings take up to 2 bytes a character; the rest of a row (dates, ids, the image) ~1 KB.
const postBytes = (post: Post) => 2 * (post.title.length + post.subtitle.length + post.content.length) + 1024;

function cachedBytes(value: CachedRead): number {
  if (value === null || typeof value === 'number') return 256;
  const posts = Array.isArray(value) ? value : 'items' in value ? value.items : [value];
  return posts.reduce((sum, post) => sum + postBytes(post), 256);
}

interface PreparedPost {
  data: { title: string; subtitle: string; content: string; category: Category };
  image: CheckedImage | null;
}

export class PostService {
  // Lists (not searches: their keys are endless and each is rarely asked twice), the latest posts
  // and single posts, until anything visitors read changes (docs/decisions/015-cached-public-reads.md).
  private readonly cache: ReadCache<CachedRead>;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly files: ImageFiles,
    private readonly changes: ContentChanges,
  ) {
    this.cache = new ReadCache<CachedRead>(changes, { maxBytes: POST_CACHE_BYTES, sizeOf: cachedBytes });
  }

  /** Newest first (or most relevant first with a search), 15 a page. */
  async list(params: ListPostsParams = {}): Promise<PostPage> {
    const page = params.page ?? 1;
    const pageProblem = pageError(page);
    if (pageProblem) throw validationError({ page: pageProblem });
    const category = params.category ?? null;
    if (category !== null && !isCategory(category)) {
      throw validationError({ category: messages.notValidOption });
    }
    const skip = (page - 1) * PAGE_SIZE;

    if (params.search !== null && params.search !== undefined) {
      const keywordProblem = keywordError(params.search);
      if (keywordProblem) throw validationError({ search: keywordProblem });
      const { ids, total } = await searchPage(this.prisma, params.search, category as Category | null, skip);
      const rows = ids.length ? await this.prisma.post.findMany({ where: { id: { in: ids } }, ...WITH_IMAGE }) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      const items = ids.flatMap((id) => byId.get(id) ?? []);
      return { items, page, pages: pageCount(total), total };
    }

    const key = `list:${category ?? 'all'}:${page}`;
    return this.cache.get(key, () => this.loadPage(category as Category | null, page)) as Promise<PostPage>;
  }

  /**
   * A page of a list, in at most 3 statements: the list's size (itself cached: every page of a list
   * shares it), the page's ids, then the posts with their images. The ids come alone first because
   * a deep page skips thousands of rows, and skipping index entries is cheap where skipping whole
   * rows is not.
   */
  private async loadPage(category: Category | null, page: number): Promise<PostPage> {
    const where: Prisma.PostWhereInput = category ? { category } : {};
    const skip = (page - 1) * PAGE_SIZE;
    const total = (await this.cache.get(`count:${category ?? 'all'}`, () =>
      this.prisma.post.count({ where }),
    )) as number;
    if (skip >= total) return { items: [], page, pages: pageCount(total), total };
    const ids = await this.prisma.post.findMany({
      where,
      orderBy: NEWEST_FIRST,
      skip,
      take: PAGE_SIZE,
      select: { id: true },
    });
    const rows = await this.prisma.post.findMany({
      where: { id: { in: ids.map((row) => row.id) } },
      orderBy: NEWEST_FIRST,
      ...WITH_IMAGE,
    });
    return { items: rows, page, pages: pageCount(total), total };
  }

  /** The 9 newest posts, for the home page. */
  async latest(): Promise<PostWithImage[]> {
    return this.cache.get('latest', () =>
      this.prisma.post.findMany({ orderBy: NEWEST_FIRST, take: LATEST_COUNT, ...WITH_IMAGE }),
    ) as Promise<PostWithImage[]>;
  }

  /** The post, or null when no post has this id (or it is not an id at all). */
  async get(id: string): Promise<PostWithImage | null> {
    if (!isUuid(id)) return null;
    return this.cache.get(`post:${id}`, () =>
      this.prisma.post.findUnique({ where: { id }, ...WITH_IMAGE }),
    ) as Promise<PostWithImage | null>;
  }

  async create(input: PostInput): Promise<PostWithImage> {
    const { data, image } = await this.prepare(input, { imageRequired: true });
    // The files are written first; the row that refers to them commits after, or the files go.
    const stored = await saveImage(this.files, image!);
    const post = await commitImage(this.prisma, this.files, stored, (tx) =>
      tx.post.create({ data: { ...data, image: { create: stored } }, ...WITH_IMAGE }),
    );
    this.changes.changed();
    return post;
  }

  /** Replaces every field; the image only when one is sent, and then the old one's files go. */
  async update(id: string, input: PostInput): Promise<PostWithImage> {
    if (!isUuid(id)) throw notFound(POST_NOT_FOUND);
    const { data, image } = await this.prepare(input, { imageRequired: false });

    if (!image) {
      try {
        const post = await this.prisma.post.update({ where: { id }, data, ...WITH_IMAGE });
        this.changes.changed();
        return post;
      } catch (error) {
        throw isRecordNotFound(error) ? notFound(POST_NOT_FOUND) : error;
      }
    }

    // Re-encoding is the costly part: refuse an unknown post before it.
    const exists = await this.prisma.post.findUnique({ where: { id }, select: { id: true } });
    if (!exists) throw notFound(POST_NOT_FOUND);
    const stored = await saveImage(this.files, image);
    const result = await commitImage(this.prisma, this.files, stored, async (tx) => {
      // Locked, so two edits replacing the image at once each remove the image they replaced.
      const [current] = await tx.$queryRaw<Array<{ imageId: string }>>`
        SELECT "imageId" FROM "Post" WHERE "id" = ${id}::uuid FOR UPDATE`;
      if (!current) throw notFound(POST_NOT_FOUND);
      const post = await tx.post.update({
        where: { id },
        data: { ...data, image: { create: stored } },
        ...WITH_IMAGE,
      });
      const replaced = await tx.image.delete({ where: { id: current.imageId } });
      await this.files.removeLater(tx, [replaced]);
      return { post, replaced };
    });
    this.changes.changed();
    await this.files.removeNow([result.replaced]);
    return result.post;
  }

  /** Deletes the post, its image row and then its files; returns the id. */
  async delete(id: string): Promise<string> {
    return deleteWithImage(this.prisma, this.files, {
      id,
      notFoundMessage: POST_NOT_FOUND,
      deleteRow: (tx) => tx.post.delete({ where: { id }, select: { imageId: true } }),
      committed: () => this.changes.changed(),
    });
  }

  /**
   * Checks every field and the image (before decoding it) and reports all problems at once, in the
   * form's order; returns the values to store: trimmed texts and sanitized content.
   */
  private async prepare(input: PostInput, { imageRequired }: { imageRequired: boolean }): Promise<PreparedPost> {
    const errors = validatePostFields(input);
    let content = '';
    if (!errors.content) {
      content = sanitizeContent(input.content ?? '');
      // Content made only of what the sanitizer removes (a script, an iframe) is no content.
      if (isBlankHtml(content)) errors.content = messages.required;
    }
    const image = await checkWriteInput(this.files.store, errors, input.image, { required: imageRequired });
    return {
      data: {
        title: (input.title ?? '').trim(),
        subtitle: (input.subtitle ?? '').trim(),
        content,
        category: input.category as Category,
      },
      image,
    };
  }
}
