// The reads behind the feeds, the sitemap and the server-rendered page heads: small, index-backed
// queries, published posts only.
import type { ReadCache } from '../../cache/read-cache.ts';
import type { ReadCaches } from '../../cache/read-caches.ts';
import { depend } from '../../cache/dependencies.ts';
import type { Category, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { CATEGORIES, type CategoryValue } from '#kernel/post-rules.ts';
import type { PublishedPost } from '../post/post.service.ts';
import { WITH_IMAGE } from '../post/post-types.ts';

// Newest publication first, as the blog lists them.
const NEWEST_FIRST = [{ publishedAt: 'desc' }, { id: 'desc' }] satisfies Prisma.PostOrderByWithRelationInput[];

/** Posts in a feed: the newest, as feed readers poll for what is new. */
export const FEED_SIZE = 20;
/** The sitemap protocol's limit for one file; a personal blog stays far below it. */
export const SITEMAP_MAX_URLS = 50_000;

export interface PostCounts {
  total: number;
  byCategory: Record<CategoryValue, number>;
  /** Latest change of any post, overall and per category; null when there is none. */
  lastModified: Date | null;
  lastModifiedByCategory: Record<CategoryValue, Date | null>;
}

/** A tag's list as the sitemap names it: tags with published posts only. */
export interface SitemapTag {
  slug: string;
  /** Its published posts. */
  total: number;
  lastModified: Date | null;
}

export interface SitemapPost {
  slug: string;
  updatedAt: Date;
  image: { storageKey: string; variantWidths: number[]; width: number };
}

export class SeoService {
  // Every page head asks for these (the author's name, the lists' sizes): kept until a write touches
  // them (docs/decisions/032-writes-cool-what-they-change.md). Every read reports what it shows, so
  // the feeds and the sitemap kept as responses are forgotten the same way.
  private readonly cache: ReadCache<PostCounts | number | string | null>;

  constructor(
    private readonly prisma: PrismaClient,
    caches: ReadCaches,
    /** The author's name the site's settings give (issue 36); without one, the admin account's. */
    private readonly settingsAuthorName: () => string | undefined = () => undefined,
  ) {
    this.cache = caches.create('pageHeads', () => 1024);
  }

  /** The newest posts, of one category or all, or with one tag (its id and slug), with their images. */
  async newestPosts(
    category: CategoryValue | null,
    take = FEED_SIZE,
    tag: { id: string; slug: string } | null = null,
  ): Promise<PublishedPost[]> {
    // A tag's list also moves with every post that enters, leaves or moves in the timeline (post-changes.ts).
    depend(tag ? [`tag:${tag.slug}`, 'list:all'] : [`list:${category ?? 'all'}`]);
    const where: Prisma.PostWhereInput = { status: 'PUBLISHED' };
    if (category) where.category = category as Category;
    if (tag) where.tags = { some: { tagId: tag.id } };
    const posts = await this.prisma.post.findMany({ where, orderBy: NEWEST_FIRST, take, ...WITH_IMAGE });
    depend(posts.map((post) => `post:${post.id}`));
    // Published: the database's CHECK holds that such a post has a cover, a category and a date.
    return posts as PublishedPost[];
  }

  /** The lists' sizes and the dates of their latest changes. */
  async postCounts(): Promise<PostCounts> {
    return this.cache.get('postCounts', () => {
      depend(['list:all', 'modified']);
      return this.countPosts();
    }) as Promise<PostCounts>;
  }

  /**
   * How many posts one list holds (the blog's, or a category's): what a list page's head needs. Kept
   * apart from postCounts, whose dates every edit changes, and per list, so an edit that moves no
   * post leaves the list pages' heads cached, and a post moved to another category the blog's.
   */
  async listSize(category: CategoryValue | null): Promise<number> {
    const list = category ?? 'all';
    return this.cache.get(`listSize:${list}`, () => {
      depend([`list:${list}`]);
      return this.prisma.post.count({
        where: category ? { status: 'PUBLISHED', category: category as Category } : { status: 'PUBLISHED' },
      });
    }) as Promise<number>;
  }

  private async countPosts(): Promise<PostCounts> {
    const rows = await this.prisma.post.groupBy({
      by: ['category'],
      where: { status: 'PUBLISHED' },
      _count: { _all: true },
      _max: { updatedAt: true },
    });
    const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<CategoryValue, number>;
    const lastModifiedByCategory = Object.fromEntries(CATEGORIES.map((c) => [c, null])) as Record<
      CategoryValue,
      Date | null
    >;
    for (const row of rows) {
      if (row.category === null) continue; // only a draft lacks one, and drafts are not counted
      byCategory[row.category] = row._count._all;
      lastModifiedByCategory[row.category] = row._max.updatedAt;
    }
    const dates = Object.values(lastModifiedByCategory).filter((date): date is Date => date !== null);
    return {
      total: Object.values(byCategory).reduce((sum, n) => sum + n, 0),
      byCategory,
      lastModified: dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null,
      lastModifiedByCategory,
    };
  }

  /** Every post's id, last change and image, newest first, for the sitemap. */
  async sitemapPosts(take = SITEMAP_MAX_URLS): Promise<SitemapPost[]> {
    depend(['list:all', 'modified']);
    const posts = await this.prisma.post.findMany({
      where: { status: 'PUBLISHED' },
      orderBy: NEWEST_FIRST,
      take,
      select: {
        slug: true,
        updatedAt: true,
        image: { select: { storageKey: true, variantWidths: true, width: true } },
      },
    });
    return posts as SitemapPost[];
  }

  /** The tags with published posts, each with their count and latest change, for the sitemap. */
  async sitemapTags(): Promise<SitemapTag[]> {
    depend(['list:all', 'modified']);
    const rows = await this.prisma.$queryRaw<Array<{ slug: string; total: bigint; lastModified: Date | null }>>`
      SELECT t."slug", count(*) AS "total", max(p."updatedAt") AS "lastModified"
      FROM "Tag" t JOIN "PostTag" pt ON pt."tagId" = t."id" JOIN "Post" p ON p."id" = pt."postId"
      WHERE p."status" = 'PUBLISHED'::"PostStatus"
      GROUP BY t."slug" ORDER BY t."slug"`;
    return rows.map((row) => ({ slug: row.slug, total: Number(row.total), lastModified: row.lastModified }));
  }

  /**
   * Who the posts are by: posts record no author, and the site is one person's blog, so it is the
   * first admin's name (null when there is no admin, and callers fall back to the site's name).
   */
  async authorName(): Promise<string | null> {
    const named = this.settingsAuthorName();
    if (named) return named;
    // The author's name changes with a User row, which the database announces as "everything".
    return this.cache.get('authorName', () => {
      depend(['author']);
      return this.findAuthorName();
    }) as Promise<string | null>;
  }

  private async findAuthorName(): Promise<string | null> {
    const admin = await this.prisma.user.findFirst({
      where: { isAdmin: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { name: true },
    });
    const name = admin?.name.trim();
    return name ? name : null;
  }
}
