// What a post's page offers after its text: the published posts just before and after it, and a few
// related ones. Kept apart from the post service so the queries can be read and tuned on their own;
// the service caches their answers with the post's.
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';

/** How many related posts a post's page shows. */
export const RELATED_COUNT = 3;

/**
 * Related posts are chosen among this many of the newest posts of the same category (and as many
 * of the newest of all, when the category has too few): ranking a few hundred rows costs about a
 * millisecond, ranking a 100 000-post site's every row would cost a hundred.
 */
export const RELATED_CANDIDATES = 200;

/** The post a page is about: what its neighbours and related posts are found from. */
export interface PostPlace {
  id: string;
  publishedAt: Date;
}

/**
 * The ids of the published posts just older (previous) and just newer (next) than this one, in the
 * lists' own order: newest publication first, then the higher id first.
 */
export async function neighbourIds(
  prisma: PrismaClient,
  { id, publishedAt }: PostPlace,
): Promise<{ previous: PostPlace | null; next: PostPlace | null }> {
  const older: Prisma.PostWhereInput = {
    OR: [{ publishedAt: { lt: publishedAt } }, { publishedAt, id: { lt: id } }],
  };
  const newer: Prisma.PostWhereInput = {
    OR: [{ publishedAt: { gt: publishedAt } }, { publishedAt, id: { gt: id } }],
  };
  const [previous, next] = await Promise.all([
    prisma.post.findFirst({
      where: { status: 'PUBLISHED', ...older },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
      select: { id: true, publishedAt: true },
    }),
    prisma.post.findFirst({
      where: { status: 'PUBLISHED', ...newer },
      orderBy: [{ publishedAt: 'asc' }, { id: 'asc' }],
      select: { id: true, publishedAt: true },
    }),
  ]);
  // A published post has a publication date (CHECK "Post_public_is_complete").
  return { previous: previous as PostPlace | null, next: next as PostPlace | null };
}

/**
 * The ids of up to RELATED_COUNT published posts related to this one, best first: posts of the same
 * category before any other, then the ones sharing most words with its title and subtitle (the
 * search column's weights: title words count most), then the newest. One statement.
 */
export async function relatedIds(
  prisma: PrismaClient,
  id: string,
): Promise<{ ids: string[]; sameCategoryOnly: boolean }> {
  // The post's title and subtitle words, as PostgreSQL's English search normalises them, OR'ed into
  // a query: '"zelda" | "breath" | "wild"'. Built from the lexemes, so nothing in a title can be
  // read as an operator. A title of stop words only gives an empty query, which matches nothing.
  const rows = await prisma.$queryRaw<Array<{ id: string; sameCategory: boolean }>>`
    WITH "me" AS (
      SELECT "id", "category",
        coalesce(
          array_to_string(
            ARRAY(SELECT quote_literal("word") FROM unnest(tsvector_to_array(
              to_tsvector('english', "title" || ' ' || "subtitle"))) AS "word"),
            ' | '),
          '')::tsquery AS "words"
      FROM "Post" WHERE "id" = ${id}::uuid
    ), "candidates" AS (
      (SELECT "p"."id", "p"."publishedAt", "p"."search", true AS "sameCategory"
        FROM "Post" "p", "me"
        WHERE "p"."status" = 'PUBLISHED' AND "p"."category" = "me"."category" AND "p"."id" <> "me"."id"
        ORDER BY "p"."publishedAt" DESC, "p"."id" DESC
        LIMIT ${RELATED_CANDIDATES})
      UNION ALL
      (SELECT "p"."id", "p"."publishedAt", "p"."search", false AS "sameCategory"
        FROM "Post" "p", "me"
        WHERE "p"."status" = 'PUBLISHED' AND "p"."category" IS DISTINCT FROM "me"."category"
          AND "p"."id" <> "me"."id"
        ORDER BY "p"."publishedAt" DESC, "p"."id" DESC
        LIMIT ${RELATED_CANDIDATES})
    )
    SELECT "c"."id"::text AS "id", "c"."sameCategory"
    FROM "candidates" "c", "me"
    ORDER BY "c"."sameCategory" DESC, ts_rank("c"."search", "me"."words") DESC, "c"."publishedAt" DESC, "c"."id" DESC
    LIMIT ${RELATED_COUNT}`;
  return {
    ids: rows.map((row) => row.id),
    // A full list of its own category's posts: only that category's posts can change it.
    sameCategoryOnly: rows.length === RELATED_COUNT && rows.every((row) => row.sameCategory),
  };
}

/** What the service caches for a post's page: the neighbours' and related posts' ids. */
export interface PostSurroundings {
  previous: string | null;
  next: string | null;
  related: string[];
}

/**
 * The surroundings, with what they depend on beyond the posts they name: the stretch of the
 * timeline between the previous and the next post (a post published inside it would be a new
 * neighbour), and the posts related ones are chosen among (server/cache/post-changes.ts).
 */
export async function surroundingsOf(
  prisma: PrismaClient,
  place: PostPlace & { category: string | null },
): Promise<{ surroundings: PostSurroundings; span: readonly [number, number]; relatedFrom: string }> {
  const [{ previous, next }, related] = await Promise.all([neighbourIds(prisma, place), relatedIds(prisma, place.id)]);
  return {
    surroundings: { previous: previous?.id ?? null, next: next?.id ?? null, related: related.ids },
    span: [previous?.publishedAt.getTime() ?? -Infinity, next?.publishedAt.getTime() ?? Infinity],
    relatedFrom: related.sameCategoryOnly ? `related:${place.category}` : 'related:any',
  };
}
