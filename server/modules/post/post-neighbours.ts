// What a post's page offers after its text: the published posts just before and after it, and a few
// related ones. Kept apart from the post service so the queries can be read and tuned on their own;
// the service caches their answers with the post's.
import type { TimelineSpan } from '../../cache/content-changes.ts';
import { relatedLine, TIMELINE } from '../../cache/post-changes.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';

/** How many related posts a post's page shows. */
export const RELATED_COUNT = 3;

/**
 * Related posts are chosen among this many posts of the same category, the nearest in time: the
 * ones published just before it, and as many just after as make up the number when it has fewer
 * older ones (and among as many of the newest of all, when the category has too few). Ranking a few
 * hundred rows costs about a millisecond, ranking a 100 000-post site's every row would cost a
 * hundred. Nearest before rather than newest: a new post, published after them all, then leaves the
 * related posts of every post with a full window as they were, and their pages stay cached
 * (docs/decisions/035-related-posts-nearest-in-time.md).
 */
export const RELATED_CANDIDATES = 200;

/**
 * How many posts past a full window's oldest candidate the statement also reads and ranks: while
 * none of them would be picked, this many posts can leave the window without changing its picks
 * (each lets the next one in), and the endings stay cached (decision 054).
 */
export const RELATED_SPARES = 20;

/** The post a page is about: what its neighbours and related posts are found from. */
export interface PostPlace {
  id: string;
  publishedAt: Date;
}

/**
 * The ids of the published posts just older (previous) and just newer (next) than this one, in the
 * lists' own order: newest publication first, then the higher id first. One statement; each side
 * is a row comparison the index on (status, publishedAt, id) answers by reading one entry (the
 * same condition spelt with OR, as Prisma writes it, scanned).
 */
export async function neighbourIds(
  prisma: PrismaClient,
  { id, publishedAt }: PostPlace,
): Promise<{ previous: PostPlace | null; next: PostPlace | null }> {
  const rows = await prisma.$queryRaw<Array<{ side: 'previous' | 'next'; id: string; publishedAt: Date }>>`
    (SELECT 'previous' AS "side", "id"::text AS "id", "publishedAt" FROM "Post"
      WHERE "status" = 'PUBLISHED' AND ("publishedAt", "id") < (${publishedAt}::timestamptz, ${id}::uuid)
      ORDER BY "publishedAt" DESC, "id" DESC
      LIMIT 1)
    UNION ALL
    (SELECT 'next' AS "side", "id"::text AS "id", "publishedAt" FROM "Post"
      WHERE "status" = 'PUBLISHED' AND ("publishedAt", "id") > (${publishedAt}::timestamptz, ${id}::uuid)
      ORDER BY "publishedAt" ASC, "id" ASC
      LIMIT 1)`;
  // A published post has a publication date (CHECK "Post_public_is_complete").
  const side = (name: 'previous' | 'next'): PostPlace | null => {
    const row = rows.find((found) => found.side === name);
    return row ? { id: row.id, publishedAt: row.publishedAt } : null;
  };
  return { previous: side('previous'), next: side('next') };
}

/** What a cached answer built on these ids depends on, beyond the posts they name. */
export interface ReadFrom {
  tags: string[];
  spans: TimelineSpan[];
}

/**
 * How ts_rank weighs a candidate's search entries, for {D, C, B, A}: its title (A) and subtitle (B)
 * alone, as the search column weighs them; its text (C) not at all. A related post is one whose
 * title and subtitle share words with this one's, and an edit of a post's text then re-ranks no
 * other post's related ones (decision 054): the text's entries come after the title's and
 * subtitle's in the vector, so at weight 0 they change no rank at all.
 */
const RANK_WEIGHTS = '{0, 0, 0.4, 1}';

/**
 * The ids of up to RELATED_COUNT published posts related to this one, best first: posts of the same
 * category before any other, then the ones whose titles and subtitles share most words with its
 * title and subtitle (title words count most), then the newest. One statement.
 */
export async function relatedIds(
  prisma: PrismaClient,
  { id, publishedAt, category }: PostPlace & { category: string | null },
): Promise<{ ids: string[]; readFrom: ReadFrom }> {
  // The post's title and subtitle words, as PostgreSQL's English search normalises them, OR'ed into
  // a query: '"zelda" | "breath" | "wild"'. Built from the lexemes, so nothing in a title can be
  // read as an operator. A title of stop words only gives an empty query, which matches nothing.
  // Every row carries the window of same-category candidates it was ranked in: how many, how many
  // older, and their first and last publication times.
  const rows = await prisma.$queryRaw<
    Array<{
      id: string;
      sameCategory: boolean;
      count: bigint;
      older: bigint;
      first: Date | null;
      last: Date | null;
      lexemes: string[];
      publishedAt: Date;
      rank: number;
      spareTimes: Array<Date | string>;
      bestSpare: number | null;
    }>
  >`
    WITH "me" AS (
      SELECT "id", "category", "publishedAt",
        tsvector_to_array(to_tsvector('english', "title" || ' ' || "subtitle")) AS "lexemes",
        coalesce(
          array_to_string(
            ARRAY(SELECT quote_literal("word") FROM unnest(tsvector_to_array(
              to_tsvector('english', "title" || ' ' || "subtitle"))) AS "word"),
            ' | '),
          '')::tsquery AS "words"
      FROM "Post" WHERE "id" = ${id}::uuid
    ), "reach" AS (
      -- The post's category and place as values, not joined from "me": then the index on (status,
      -- category, publishedAt, id) gives the nearest rows in order and the scan stops at the limit.
      -- Joined, PostgreSQL read and sorted every older post of the category (a thousand and more).
      -- The window's older candidates, and past them RELATED_SPARES more (numbered beyond the window).
      SELECT "p"."id", "p"."publishedAt", "p"."search",
        row_number() OVER (ORDER BY "p"."publishedAt" DESC, "p"."id" DESC) AS "n"
      FROM "Post" "p"
      WHERE "p"."status" = 'PUBLISHED' AND "p"."category" = ${category}::"Category"
        AND ("p"."publishedAt", "p"."id") < (${publishedAt}::timestamptz, ${id}::uuid)
      ORDER BY "p"."publishedAt" DESC, "p"."id" DESC
      LIMIT ${RELATED_CANDIDATES + RELATED_SPARES}
    ), "older" AS (
      SELECT "id", "publishedAt", "search" FROM "reach" WHERE "n" <= ${RELATED_CANDIDATES}
    ), "spares" AS (
      -- How many, from when, and how the best of them ranks: each may come into the window when a
      -- post leaves it.
      SELECT coalesce(array_agg("r"."publishedAt" ORDER BY "r"."n"), '{}') AS "spareTimes",
        max(ts_rank(${RANK_WEIGHTS}::float4[], "r"."search", "me"."words")) AS "bestSpare"
      FROM "reach" "r", "me" WHERE "r"."n" > ${RELATED_CANDIDATES}
    ), "newer" AS (
      SELECT "p"."id", "p"."publishedAt", "p"."search"
      FROM "Post" "p"
      WHERE "p"."status" = 'PUBLISHED' AND "p"."category" = ${category}::"Category"
        AND ("p"."publishedAt", "p"."id") > (${publishedAt}::timestamptz, ${id}::uuid)
      ORDER BY "p"."publishedAt" ASC, "p"."id" ASC
      LIMIT ${RELATED_CANDIDATES} - (SELECT count(*) FROM "older")
    ), "window" AS (
      SELECT count(*) AS "count", (SELECT count(*) FROM "older") AS "older",
        min("publishedAt") AS "first", max("publishedAt") AS "last"
      FROM (SELECT "publishedAt" FROM "older" UNION ALL SELECT "publishedAt" FROM "newer") AS "nearest"
    ), "candidates" AS (
      SELECT "id", "publishedAt", "search", true AS "sameCategory" FROM "older"
      UNION ALL
      SELECT "id", "publishedAt", "search", true AS "sameCategory" FROM "newer"
      UNION ALL
      -- Posts of other categories rank after every one of the category: read and ranked only when
      -- the category has too few to fill the list (a condition PostgreSQL checks once, first).
      (SELECT "p"."id", "p"."publishedAt", "p"."search", false AS "sameCategory"
        FROM "Post" "p", "me"
        WHERE (SELECT "count" FROM "window") < ${RELATED_COUNT}
          AND "p"."status" = 'PUBLISHED' AND "p"."category" IS DISTINCT FROM "me"."category"
          AND "p"."id" <> "me"."id"
        ORDER BY "p"."publishedAt" DESC, "p"."id" DESC
        LIMIT ${RELATED_CANDIDATES})
    )
    SELECT "c"."id"::text AS "id", "c"."sameCategory", "w"."count", "w"."older", "w"."first", "w"."last",
      "me"."lexemes", "c"."publishedAt", ts_rank(${RANK_WEIGHTS}::float4[], "c"."search", "me"."words") AS "rank",
      "s"."spareTimes", "s"."bestSpare"
    FROM "candidates" "c", "me", "window" "w", "spares" "s"
    ORDER BY "c"."sameCategory" DESC, "rank" DESC, "c"."publishedAt" DESC, "c"."id" DESC
    LIMIT ${RELATED_COUNT}`;
  const ids = rows.map((row) => row.id);
  // Chosen among the category alone only when it filled the list; otherwise any post could be one.
  if (rows.length < RELATED_COUNT || !rows.every((row) => row.sameCategory)) {
    return { ids, readFrom: { tags: ['related:any'], spans: [] } };
  }
  const { count, older, first, last, lexemes, spareTimes, bestSpare } = rows[0]!;
  // The stretch of the category's timeline the window covers: a post of the category entering,
  // leaving or reworded inside it could rank differently. Open-ended where the window took every
  // post on that side; up to this post itself when older posts filled it (newer ones do not count).
  const full = Number(count) === RELATED_CANDIDATES;
  const olderFilled = Number(older) === RELATED_CANDIDATES;
  // A post entering the window that shares none of its words ranks 0: it is picked only if the last
  // pick ranks 0 too (then the newest win), and it changes the picks if it pushes one out of a full
  // window: the oldest candidate when older ones filled it, else the newest of the newer ones.
  const edge = (olderFilled ? first! : last!).getTime();
  const atEdge = (time: Date) => time.getTime() === edge;
  const span: TimelineSpan = {
    line: relatedLine(category),
    from: olderFilled ? first!.getTime() : -Infinity,
    to: !full ? Infinity : olderFilled ? publishedAt.getTime() : last!.getTime(),
    // A candidate reworded in place ranks differently only if the words it changed are among these.
    words: lexemes,
    newcomersNeedWords: rows[RELATED_COUNT - 1]!.rank > 0 && !(full && rows.some((row) => atEdge(row.publishedAt))),
    full,
    // A post leaving a window filled by older posts lets the first spare in: harmless as long as
    // the spares are known and none would be picked (older, it loses a tie).
    ...(olderFilled && spareTimes.length > 0 && bestSpare !== null && bestSpare <= rows[RELATED_COUNT - 1]!.rank
      ? {
          spare: {
            times: spareTimes.map((time) => new Date(time).getTime()),
            left: spareTimes.length,
            used: 0,
            counted: new WeakSet(),
          },
        }
      : {}),
  };
  return { ids, readFrom: { tags: [], spans: [span] } };
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
 * neighbour), and the stretch of the category's posts related ones are chosen among
 * (server/cache/post-changes.ts).
 */
export async function surroundingsOf(
  prisma: PrismaClient,
  place: PostPlace & { category: string | null },
): Promise<{ surroundings: PostSurroundings; readFrom: ReadFrom }> {
  const [{ previous, next }, related] = await Promise.all([neighbourIds(prisma, place), relatedIds(prisma, place)]);
  const between: TimelineSpan = {
    line: TIMELINE,
    from: previous?.publishedAt.getTime() ?? -Infinity,
    to: next?.publishedAt.getTime() ?? Infinity,
  };
  return {
    surroundings: { previous: previous?.id ?? null, next: next?.id ?? null, related: related.ids },
    readFrom: { tags: related.readFrom.tags, spans: [between, ...related.readFrom.spans] },
  };
}
