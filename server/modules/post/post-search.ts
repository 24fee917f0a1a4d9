// Full-text search over posts: the ids of one page of matches, best first, and how many match.
// Kept apart from the post service so the query (the costly part of a search) can be read and tuned
// on its own; the service validates the keyword and loads the rows.
import { Prisma, type Category, type PrismaClient } from '../../generated/prisma/client.ts';
import { PAGE_SIZE } from '../../rules/post-rules.ts';

/** Each word of the keyword as a prefix, all of them required: 'zeld mario' is 'zeld:* & mario:*'. */
function prefixQuery(keyword: string): string {
  // The keyword rules allow letters, digits, spaces, dashes and underscores only, so once split on
  // the last three nothing is left that to_tsquery could read as an operator.
  return keyword
    .trim()
    .split(/[\s_-]+/)
    .filter((word) => word !== '')
    .map((word) => `${word}:*`)
    .join(' & ');
}

/**
 * One query for a page of search results: the ids of the page in rank order and the number of
 * matches. Title words weigh most (A), then subtitle (B), then content (C): the `search` column's
 * weights, which ts_rank reads.
 */
export async function searchPage(
  prisma: PrismaClient,
  keyword: string,
  category: Category | null,
  skip: number,
): Promise<{ ids: string[]; total: number }> {
  const tsquery = prefixQuery(keyword);
  const inCategory = category ? Prisma.sql`AND "category" = ${category}::"Category"` : Prisma.empty;
  const [row] = await prisma.$queryRaw<Array<{ ids: string[]; total: number }>>`
    WITH "matches" AS (
      SELECT "id", "createdAt", ts_rank("search", "q") AS "rank"
      FROM "Post", to_tsquery('english', ${tsquery}) AS "q"
      WHERE "search" @@ "q" ${inCategory}
    ), "page" AS (
      SELECT * FROM "matches" ORDER BY "rank" DESC, "createdAt" DESC, "id" DESC LIMIT ${PAGE_SIZE} OFFSET ${skip}
    )
    SELECT
      (SELECT count(*)::int FROM "matches") AS "total",
      coalesce((SELECT array_agg("id"::text ORDER BY "rank" DESC, "createdAt" DESC, "id" DESC) FROM "page"), '{}') AS "ids"`;
  return { ids: row?.ids ?? [], total: row?.total ?? 0 };
}
