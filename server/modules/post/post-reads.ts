// The post service's reads (post.service.ts). Two kinds: the public ones (list, latest, get, bySlug,
// findPublic, surroundings) see PUBLISHED posts only and are cached (post-read-cache.ts); the
// admin's (adminList, revisions, getAny) see drafts and scheduled posts too and are never cached.
import { validationError } from '../../errors.ts';
import type { Category, Post, PostRevision, PostStatus, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { ReadCaches } from '../../cache/read-caches.ts';
import { depend } from '../../cache/dependencies.ts';
import { isUuid } from '#kernel/id-rules.ts';
import { messages } from '#kernel/messages.ts';
import { isCategory, isPostStatus, LATEST_COUNT, PAGE_SIZE, pageCount, pageError } from '#kernel/post-rules.ts';
import { keywordError } from '#kernel/search-rules.ts';
import { slugError } from '#kernel/slug-rules.ts';
import { tagMessages } from '#kernel/tag-rules.ts';
import { surroundingsOf } from './post-neighbours.ts';
import { revisionsOf } from './post-revisions.ts';
import { PostReadCache, type TagLookup } from './post-read-cache.ts';
import { searchPage } from './post-search.ts';
import { formerSlugTarget } from './post-slugs.ts';
import { publishedIdsNewestFirst, taggedIdsNewestFirst } from './post-timeline.ts';
import { type PostPage, type PostWithImage, type PublishedPost, WITH_IMAGE } from './post-types.ts';

export interface ListPostsParams {
  /** One-based; 1 when absent. */
  page?: number | null;
  /** game, tv, book or anime. */
  category?: string | null;
  /** A keyword (search-rules.ts): every word must match a word of the post, or the start of one. */
  search?: string | null;
  /** A tag's slug: its posts alone (not with a category or a search); none for an unknown tag. */
  tag?: string | null;
}

export interface AdminListParams extends ListPostsParams {
  /** Only posts with this status; every status when absent. */
  status?: string | null;
}

/** A post found by an address: the post, or the slug it now has when the address is a former one. */
export type SlugLookup = { post: PublishedPost } | { redirectTo: string } | null;

/** What readers may see: the database's CHECK makes such a row a PublishedPost. */
const PUBLIC = { status: 'PUBLISHED' } as const satisfies Prisma.PostWhereInput;

// The admin's list: the post last worked on first, whatever its status.
const LAST_EDITED_FIRST = [{ updatedAt: 'desc' }, { id: 'desc' }] satisfies Prisma.PostOrderByWithRelationInput[];

/** A published row as a PublishedPost: the database's CHECK holds that it has all three. */
function asPublished(post: PostWithImage): PublishedPost {
  const { image, category, publishedAt } = post;
  if (!image || !category || !publishedAt)
    throw new Error(`Post ${post.id} is public without a cover, category or date`);
  return { ...post, image, category, publishedAt };
}

export class PostReads {
  // Single posts, what an address leads to, a post's surroundings, and each list's order, from which
  // its pages and the latest posts are sliced (not searches: their keys are endless and each is
  // rarely asked twice; docs/decisions/015-cached-public-reads.md, 034-memory-budgets.md). Every read
  // below reports what it shows (depend()), so its cached answer, and any response made from it, is
  // forgotten only when a write touches that (server/cache/post-changes.ts,
  // docs/decisions/032-writes-cool-what-they-change.md).
  private readonly cache: PostReadCache;

  constructor(
    private readonly prisma: PrismaClient,
    caches: ReadCaches,
  ) {
    this.cache = new PostReadCache(caches);
  }

  /** Published posts, newest first (or most relevant first with a search), PAGE_SIZE a page. */
  async list(params: ListPostsParams = {}): Promise<PostPage<PublishedPost>> {
    const { page, category, search } = checkListParams(params);
    if (params.tag != null) {
      if (category !== null || search !== null) throw validationError({ tag: tagMessages.alone });
      return this.loadTagPage(params.tag, page);
    }
    if (search === null) return this.loadPage(category, page);
    const found = await this.searchPosts(search, category, page, ['PUBLISHED']);
    return { ...found, items: found.items.map(asPublished) };
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
    return this.pageOf(await this.timeline(category), page);
  }

  /** A page of a tag's list, as loadPage makes a category's; an unknown tag's list is empty. */
  private async loadTagPage(slug: string, page: number): Promise<PostPage<PublishedPost>> {
    const found = await this.tagBySlug(slug);
    if (found === null || !('tag' in found)) return { items: [], page, pages: 0, total: 0 };
    const { id } = found.tag;
    const ids = await this.cache.get('timeline', `tag:${id}`, () => {
      // Its own changes, and every post that enters, leaves or moves in the timeline (post-changes.ts).
      depend([`tag:${slug}`, 'list:all']);
      return taggedIdsNewestFirst(this.prisma, id);
    });
    return this.pageOf(ids, page);
  }

  /**
   * The tag at an address (/tag/{slug}), or the address it now has (a former one: renamed or
   * merged). The address is lower case: one with capitals finds the tag by its lower-case one.
   */
  async tagBySlug(slug: string): Promise<TagLookup> {
    if (slugError(slug) !== null) {
      const lower = slug.toLowerCase();
      if (lower === slug || slugError(lower) !== null) return null;
      const found = await this.tagBySlug(lower);
      return found === null ? null : { redirectTo: 'tag' in found ? found.tag.slug : found.redirectTo };
    }
    return this.cache.get('tag', slug, async () => {
      depend([`tag:${slug}`]);
      const tag = await this.prisma.tag.findUnique({ where: { slug }, select: { id: true, name: true, slug: true } });
      if (tag) return { tag };
      const former = await this.prisma.tagSlugRedirect.findUnique({
        where: { slug },
        select: { tag: { select: { slug: true } } },
      });
      return former ? { redirectTo: former.tag.slug } : null;
    });
  }

  private async pageOf(ids: string[], page: number): Promise<PostPage<PublishedPost>> {
    const skip = (page - 1) * PAGE_SIZE;
    const items = skip >= ids.length ? [] : await this.publishedByIds(ids.slice(skip, skip + PAGE_SIZE));
    return { items, page, pages: pageCount(ids.length), total: ids.length };
  }

  /** The ids of a list's posts, newest first: kept until a post enters, leaves or moves in it. */
  private timeline(category: Category | null): Promise<string[]> {
    const list = category ?? 'all';
    return this.cache.get('timeline', list, () => {
      depend([`list:${list}`]);
      return publishedIdsNewestFirst(this.prisma, category);
    });
  }

  /**
   * The published posts of ids, in their order: those kept, and the others in one statement (then
   * kept, as get() keeps them). A post unpublished since its id was read is left out, not shown.
   */
  private async publishedByIds(ids: readonly string[]): Promise<PublishedPost[]> {
    const found = new Map<string, PublishedPost>();
    const missing: string[] = [];
    for (const id of ids) {
      const kept = this.cache.lookup('post', id);
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
        this.cache.putPost(post, ticket);
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The LATEST_COUNT newest published posts, for the home page. */
  async latest(): Promise<PublishedPost[]> {
    const ids = await this.timeline(null);
    return this.publishedByIds(ids.slice(0, LATEST_COUNT));
  }

  /** The published post, or null when no published post has this id (or it is not an id at all). */
  async get(id: string): Promise<PublishedPost | null> {
    if (!isUuid(id)) return null;
    return this.cache.get('post', id, async () => {
      depend([`post:${id}`]);
      const post = await this.prisma.post.findFirst({ where: { ...PUBLIC, id }, ...WITH_IMAGE });
      return post ? asPublished(post) : null;
    });
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
    const found = await this.cache.get('address', slug, async () => {
      depend([`slug:${slug}`]);
      const ticket = this.cache.ticket();
      const post = await this.prisma.post.findFirst({ where: { ...PUBLIC, slug }, ...WITH_IMAGE });
      if (post) {
        depend([`post:${post.id}`]);
        // The post is kept once, as get() keeps it; the address keeps only which post it is.
        this.cache.putPost(asPublished(post), ticket);
        return { postId: post.id };
      }
      const target = await formerSlugTarget(this.prisma, slug);
      if (target) depend([`post:${target.id}`]);
      return target?.status === 'PUBLISHED' ? { redirectTo: target.slug } : null;
    });
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
    const ids = await this.cache.get('around', post.id, async () => {
      const { surroundings, readFrom } = await surroundingsOf(this.prisma, place);
      const named = [surroundings.previous, surroundings.next, ...surroundings.related];
      depend(
        [`post:${post.id}`, ...readFrom.tags, ...named.flatMap((id) => (id ? [`post:${id}`] : []))],
        readFrom.spans,
      );
      return surroundings;
    });
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

  /** The post's revisions, newest first (post-revisions.ts): for the admin. Never cached. */
  revisions(postId: string): Promise<PostRevision[]> {
    return revisionsOf(this.prisma, postId);
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
}

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
  return { page, category, search };
}
