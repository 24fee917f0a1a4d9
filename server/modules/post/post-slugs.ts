// A post's readable address: choosing it (the author's, or one made from the title), keeping the
// addresses it had before so old links still lead to it, and finding a post by a former one.
import { validationError } from '../../errors.ts';
import type { PostStatus, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { isAutomaticSlug, slugify, slugMessages, uniqueSlug } from '#kernel/slug-rules.ts';

export interface SlugRequest {
  /** The post being written; null while it is created. */
  postId: string | null;
  /** The author's slug (checked by slug-rules already), or null for one made from the title. */
  chosen: string | null;
  title: string;
  /** The post's slug now, on an update. */
  current?: string;
  /** Keep the current slug as a former address (the post was public: readers may have it). */
  keepFormer?: boolean;
}

/**
 * The slug a post gets, inside the write's transaction. Slugs are handed out one writer at a time
 * (a transaction-scoped advisory lock, across every server process on the database), so two posts
 * with one title written at once get foo and foo-2 rather than a unique-index failure.
 */
export async function assignSlug(tx: Prisma.TransactionClient, request: SlugRequest): Promise<string> {
  const { postId, chosen, title, current, keepFormer = false } = request;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('blog:post-slug'))`;
  let slug: string;
  if (chosen !== null) {
    const owner = await tx.post.findUnique({ where: { slug: chosen }, select: { id: true } });
    if (owner && owner.id !== postId) throw validationError({ slug: slugMessages.taken });
    slug = chosen;
  } else if (current !== undefined && isAutomaticSlug(current, title)) {
    slug = current;
  } else {
    const base = slugify(title);
    const taken = await tx.post.findMany({
      where: { slug: { startsWith: base }, ...(postId ? { NOT: { id: postId } } : {}) },
      select: { slug: true },
    });
    slug = uniqueSlug(base, new Set(taken.map((row) => row.slug)));
  }
  // The slug now names this post: a former address of any post that was the same leads here now.
  await tx.postSlugRedirect.deleteMany({ where: { slug } });
  if (postId !== null && current !== undefined && slug !== current && keepFormer) {
    await tx.postSlugRedirect.upsert({
      where: { slug: current },
      create: { slug: current, postId },
      update: { postId },
    });
  }
  return slug;
}

/** The post a former address leads to, or null when no post had it. */
export async function formerSlugTarget(
  prisma: PrismaClient,
  slug: string,
): Promise<{ id: string; slug: string; status: PostStatus } | null> {
  const row = await prisma.postSlugRedirect.findUnique({
    where: { slug },
    select: { post: { select: { id: true, slug: true, status: true } } },
  });
  return row?.post ?? null;
}
