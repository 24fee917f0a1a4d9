// A post's tags as a save writes them (issue 36): the names it sends, checked (kernel/tag-rules.ts),
// each found by its address or made new, then the post's PostTag rows made exactly those, in the
// author's order. Written in the save's own transaction, so a post and its tags commit together.
import type { Prisma } from '../../generated/prisma/client.ts';
import { tagSlug } from '#kernel/tag-rules.ts';
import type { PostTagName } from './post-types.ts';

/** What setPostTags left: the post's tags, and the addresses of those it gained or lost. */
export interface WrittenTags {
  tags: PostTagName[];
  touched: string[];
}

/**
 * The tags of these names and addresses, made where missing (a tag another save makes at the same
 * moment is skipped and found), by address. A new tag at an address a renamed or merged tag had takes
 * the address over.
 */
export async function ensureTags(
  tx: Prisma.TransactionClient,
  wanted: ReadonlyArray<{ name: string; slug: string }>,
): Promise<Map<string, { id: string; name: string; slug: string }>> {
  if (wanted.length === 0) return new Map();
  await tx.tag.createMany({ data: [...wanted], skipDuplicates: true });
  // Asked first: a delete, even of nothing, is announced as a change of everything (migration *_tags).
  const former = await tx.tagSlugRedirect.findMany({
    where: { slug: { in: wanted.map((tag) => tag.slug) } },
    select: { slug: true },
  });
  if (former.length > 0)
    await tx.tagSlugRedirect.deleteMany({ where: { slug: { in: former.map((row) => row.slug) } } });
  const found = await tx.tag.findMany({ where: { slug: { in: wanted.map((tag) => tag.slug) } } });
  return new Map(found.map((tag) => [tag.slug, tag]));
}

/** names: checked and normalized (checkTags). */
export async function setPostTags(
  tx: Prisma.TransactionClient,
  postId: string,
  names: readonly string[],
): Promise<WrittenTags> {
  const wanted = names.map((name) => ({ name, slug: tagSlug(name) }));
  const bySlug = await ensureTags(tx, wanted);
  const before = await tx.postTag.findMany({
    where: { postId },
    select: { tag: { select: { id: true, slug: true } } },
  });
  const ids = wanted.map(({ slug }) => bySlug.get(slug)!.id);
  const removed = before.filter(({ tag }) => !ids.includes(tag.id));
  const had = new Set(before.map(({ tag }) => tag.id));
  if (removed.length > 0) {
    await tx.postTag.deleteMany({ where: { postId, tagId: { in: removed.map(({ tag }) => tag.id) } } });
  }
  // Positions are written again only where they moved: a save that keeps the tags writes nothing.
  const current = await tx.postTag.findMany({ where: { postId }, select: { tagId: true, position: true } });
  const positionOf = new Map(current.map((row) => [row.tagId, row.position]));
  const added = ids.flatMap((tagId, position) => (had.has(tagId) ? [] : [{ postId, tagId, position }]));
  if (added.length > 0) await tx.postTag.createMany({ data: added });
  for (const [position, tagId] of ids.entries()) {
    if (had.has(tagId) && positionOf.get(tagId) !== position) {
      await tx.postTag.update({ where: { postId_tagId: { postId, tagId } }, data: { position } });
    }
  }
  const addedSlugs = wanted.filter((tag) => !had.has(bySlug.get(tag.slug)!.id)).map((tag) => tag.slug);
  return {
    tags: wanted.map(({ slug }) => {
      const tag = bySlug.get(slug)!;
      return { tag: { name: tag.name, slug: tag.slug } };
    }),
    touched: [...addedSlugs, ...removed.map(({ tag }) => tag.slug)],
  };
}
