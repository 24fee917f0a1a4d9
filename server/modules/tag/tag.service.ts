// The author's tags as the studio keeps them (issue 36, /admin/tags): every tag with its posts
// counted, renamed, merged into another, or deleted. A post's own tags are written with the post
// (server/modules/post/post-tags.ts). A renamed or merged tag's former address is kept
// (TagSlugRedirect), so /tag/{old} leads to it for good. These writes are rare and change what many
// answers show (every post page naming the tag): they cool every cached answer, as the database's
// notice of them does (migration *_tags).
import type { ContentChanges } from '../../cache/content-changes.ts';
import { notFound, validationError } from '../../errors.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { isUuid } from '#kernel/id-rules.ts';
import { normalizeTagName, tagMessages, tagNameError, tagSlug } from '#kernel/tag-rules.ts';

export interface TagSummary {
  id: string;
  name: string;
  slug: string;
  /** Posts with it, drafts and scheduled ones included. */
  postCount: number;
  /** Published posts with it: what /tag/{slug} lists. */
  publishedCount: number;
}

export class TagService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly changes: ContentChanges,
  ) {}

  /** Every tag, by name, with its posts counted. */
  async list(): Promise<TagSummary[]> {
    return this.summaries(this.prisma, null);
  }

  /** Gives the tag a new name (and the address it makes); its former address redirects to it. */
  async rename(id: string, nameInput: string): Promise<TagSummary> {
    const name = normalizeTagName(nameInput);
    const problem = tagNameError(name);
    if (problem) throw validationError({ name: problem });
    const slug = tagSlug(name);
    return this.write(async (tx) => {
      const tag = await findTag(tx, id);
      if (slug !== tag.slug) {
        const other = await tx.tag.findUnique({ where: { slug }, select: { id: true } });
        if (other) throw validationError({ name: tagMessages.taken });
        // The new address may be one this tag or another had before: it is this tag's now.
        await tx.tagSlugRedirect.deleteMany({ where: { slug } });
        await keepFormerSlug(tx, tag.slug, id);
      }
      await tx.tag.update({ where: { id }, data: { name, slug } });
      return id;
    });
  }

  /**
   * Gives the tag's posts the other tag instead (a post with both keeps one) and deletes it; its
   * addresses, current and former, redirect to the other tag. Returns the other tag.
   */
  async merge(id: string, intoId: string): Promise<TagSummary> {
    if (id === intoId) throw validationError({ into: tagMessages.mergeIntoItself });
    return this.write(async (tx) => {
      const [tag, into] = [await findTag(tx, id), await findTag(tx, intoId, 'into')];
      await tx.$executeRaw`
        INSERT INTO "PostTag" ("postId", "tagId", "position")
        SELECT "postId", ${into.id}::uuid, "position" FROM "PostTag" WHERE "tagId" = ${tag.id}::uuid
        ON CONFLICT DO NOTHING`;
      await tx.tagSlugRedirect.updateMany({ where: { tagId: tag.id }, data: { tagId: into.id } });
      await tx.tag.delete({ where: { id: tag.id } });
      await keepFormerSlug(tx, tag.slug, into.id);
      return into.id;
    });
  }

  /** Takes the tag off its posts and deletes it, with its former addresses; returns its id. */
  async delete(id: string): Promise<string> {
    await this.write(async (tx) => {
      await findTag(tx, id);
      await tx.tag.delete({ where: { id } });
      return null;
    });
    return id;
  }

  /** Runs a write in a transaction, cools every answer after it commits, and sums up the tag it names. */
  private async write(run: (tx: Prisma.TransactionClient) => Promise<string>): Promise<TagSummary>;
  private async write(run: (tx: Prisma.TransactionClient) => Promise<null>): Promise<null>;
  private async write(run: (tx: Prisma.TransactionClient) => Promise<string | null>): Promise<TagSummary | null> {
    const summary = await this.prisma.$transaction(async (tx) => {
      const id = await run(tx);
      return id === null ? null : (await this.summaries(tx, id))[0]!;
    });
    this.changes.changed();
    return summary;
  }

  private async summaries(db: Prisma.TransactionClient, id: string | null): Promise<TagSummary[]> {
    const rows = await db.$queryRaw<
      Array<{ id: string; name: string; slug: string; posts: bigint; published: bigint }>
    >`
      SELECT t."id", t."name", t."slug", count(p."id") AS "posts",
        count(p."id") FILTER (WHERE p."status" = 'PUBLISHED'::"PostStatus") AS "published"
      FROM "Tag" t LEFT JOIN "PostTag" pt ON pt."tagId" = t."id" LEFT JOIN "Post" p ON p."id" = pt."postId"
      WHERE ${id}::uuid IS NULL OR t."id" = ${id}::uuid
      GROUP BY t."id" ORDER BY lower(t."name"), t."id"`;
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      postCount: Number(row.posts),
      publishedCount: Number(row.published),
    }));
  }
}

/** Makes /tag/{slug} lead to the tag (an address kept before is given to it). */
async function keepFormerSlug(tx: Prisma.TransactionClient, slug: string, tagId: string): Promise<void> {
  await tx.tagSlugRedirect.upsert({ where: { slug }, create: { slug, tagId }, update: { tagId } });
}

/** The tag, locked for the write; NOT_FOUND (or a field error on `field`) when there is none. */
async function findTag(tx: Prisma.TransactionClient, id: string, field?: string) {
  const [tag] = isUuid(id)
    ? await tx.$queryRaw<Array<{ id: string; slug: string }>>`
        SELECT "id", "slug" FROM "Tag" WHERE "id" = ${id}::uuid FOR UPDATE`
    : [];
  if (!tag) throw field ? validationError({ [field]: tagMessages.notFound }) : notFound(tagMessages.notFound);
  return tag;
}
