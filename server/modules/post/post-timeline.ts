// A list's order: the ids of its published posts, newest publication first, then the higher id
// first, so posts published at the same moment (brought in together) keep one stable order. Every
// list page and the latest posts are sliced from it (post.service.ts). Every new post reloads it,
// so it is read as one text value: ten thousand rows made into objects held the server's thread for
// 20 to 40 ms on PGlite after each write, where one string split at its commas takes 2 to 3
// (docs/decisions/038-compiled-queries.md).
import { type Category, Prisma, type PrismaClient } from '../../generated/prisma/client.ts';

export async function publishedIdsNewestFirst(prisma: PrismaClient, category: Category | null): Promise<string[]> {
  const inCategory = category ? Prisma.sql`AND "category" = ${category}::"Category"` : Prisma.empty;
  const [row] = await prisma.$queryRaw<Array<{ ids: string | null }>>`
    SELECT string_agg("id"::text, ',' ORDER BY "publishedAt" DESC, "id" DESC) AS "ids"
    FROM "Post"
    WHERE "status" = 'PUBLISHED'::"PostStatus" ${inCategory}`;
  return row?.ids ? row.ids.split(',') : [];
}

/** The ids of a tag's published posts, newest first, as publishedIdsNewestFirst orders a list. */
export async function taggedIdsNewestFirst(prisma: PrismaClient, tagId: string): Promise<string[]> {
  const [row] = await prisma.$queryRaw<Array<{ ids: string | null }>>`
    SELECT string_agg(p."id"::text, ',' ORDER BY p."publishedAt" DESC, p."id" DESC) AS "ids"
    FROM "Post" p JOIN "PostTag" pt ON pt."postId" = p."id"
    WHERE pt."tagId" = ${tagId}::uuid AND p."status" = 'PUBLISHED'::"PostStatus"`;
  return row?.ids ? row.ids.split(',') : [];
}
