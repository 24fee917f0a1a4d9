// Full-text search over posts: the ids of one page of matches, best first, and how many match.
// Kept apart from the post service so the query (the costly part of a search) can be read and tuned
// on its own; the service validates the keyword and loads the rows.
import { Prisma, type Category, type PostStatus, type PrismaClient } from '../../generated/prisma/client.ts';
import { PAGE_SIZE } from '#kernel/post-rules.ts';
import { SEARCH_CANDIDATES } from '#kernel/search-rules.ts';

/**
 * What a search costs in a GraphQL operation (docs/decisions/018-graphql-prices.md): about what a
 * page of 15 posts with every field costs, since a search is never answered from memory and its
 * statement ranks up to SEARCH_CANDIDATES rows before the page's rows are read.
 */
export const SEARCH_PRICE = 200;

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
 * matches, up to SEARCH_CANDIDATES. Title words weigh most (A), then subtitle (B), then content
 * (C): the `search` column's weights, which ts_rank reads. When more posts match, only the newest
 * SEARCH_CANDIDATES are ranked and counted; with fewer, the ranking is exact.
 */
export async function searchPage(
  prisma: PrismaClient,
  keyword: string,
  category: Category | null,
  skip: number,
  /** The statuses searched: PUBLISHED alone for readers; null (every one) or any for the admin. */
  statuses: PostStatus[] | null = ['PUBLISHED'],
): Promise<{ ids: string[]; total: number }> {
  const tsquery = prefixQuery(keyword);
  const inCategory = category ? Prisma.sql`AND "category" = ${category}::"Category"` : Prisma.empty;
  const inStatuses =
    statuses === null
      ? Prisma.empty
      : Prisma.sql`AND "status" IN (${Prisma.join(statuses.map((status) => Prisma.sql`${status}::"PostStatus"`))})`;
  // Drafts have no publication date yet: they come first among the admin's results, as the newest.
  // The planner picks, from the statistics of each term, between walking the publishedAt index until
  // enough posts match (common terms) and the GIN index's matches sorted by date (rare ones). Both
  // read `search` from the row itself: migration post_search_in_row keeps it out of TOAST.
  const [row] = await prisma.$queryRaw<Array<{ ids: string[]; total: number }>>`
    WITH "candidates" AS (
      SELECT "id", "publishedAt", "search"
      FROM "Post"
      WHERE "search" @@ to_tsquery('english', ${tsquery}) ${inStatuses} ${inCategory}
      ORDER BY "publishedAt" DESC NULLS FIRST, "id" DESC
      LIMIT ${SEARCH_CANDIDATES}
    ), "page" AS (
      SELECT "id", "publishedAt", ts_rank("search", to_tsquery('english', ${tsquery})) AS "rank"
      FROM "candidates"
      ORDER BY "rank" DESC, "publishedAt" DESC NULLS FIRST, "id" DESC
      LIMIT ${PAGE_SIZE} OFFSET ${skip}
    )
    SELECT
      (SELECT count(*)::int FROM "candidates") AS "total",
      coalesce((SELECT array_agg("id"::text ORDER BY "rank" DESC, "publishedAt" DESC NULLS FIRST, "id" DESC) FROM "page"), '{}') AS "ids"`;
  return { ids: row?.ids ?? [], total: row?.total ?? 0 };
}
