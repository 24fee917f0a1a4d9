// What the post service's reads and writes hand out, apart from both so that each, and the posts
// cache (post-read-cache.ts), can name them.
import type { Category, Image, Post } from '../../generated/prisma/client.ts';

export const POST_NOT_FOUND = 'Blogpost not found';

/** A post's tag as its post carries it: what its link shows and where it leads. */
export interface PostTagName {
  tag: { name: string; slug: string };
}

/** Any post, as the admin sees it: a draft may have no cover yet. Its tags in the author's order. */
export type PostWithImage = Post & { image: Image | null; tags: PostTagName[] };

/**
 * A post readers may see. The database holds it (CHECK "Post_public_is_complete"): a post that is
 * not a draft has a cover, a category and a publication date.
 */
export type PublishedPost = Post & { image: Image; category: Category; publishedAt: Date; tags: PostTagName[] };

/** A page of posts, as the blog list and the category lists show it. */
export interface PostPage<T = PostWithImage> {
  items: T[];
  /** The page asked for (one-based). */
  page: number;
  /** How many pages there are: ceil(total / PAGE_SIZE), 0 when nothing matches. */
  pages: number;
  total: number;
}

/**
 * Posts come with their image in one SQL statement (a join: the relationJoins feature in
 * prisma/schema.prisma), so a read sees each post whole or not at all, even while posts are deleted.
 * Every caller shows the image, so every read loads it, and a cached read serves GraphQL and REST.
 */
export const WITH_IMAGE = {
  // Its tags too (issue 36): a post page, a list and the REST answers show them, and a post kept
  // in the cache is cooled by its tags' changes (post:{id}) as by its own.
  include: {
    image: true,
    tags: { select: { tag: { select: { name: true, slug: true } } }, orderBy: { position: 'asc' } },
  },
} as const;
