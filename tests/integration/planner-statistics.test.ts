// PGlite has no autovacuum: the server gathers the planner's statistics at start, once the blog is
// big enough for plans to depend on them, and never on a nearly empty one (server/startup.ts).
import { describe, expect, it } from 'vitest';
import { ANALYZE_FROM_POSTS, refreshStatistics } from '../../server/startup.ts';
import { seedPosts } from '../support/content.ts';
import { createTestDatabase, testDbKind } from '../support/test-database.ts';

async function postRowsEstimate(db: Awaited<ReturnType<typeof createTestDatabase>>['db']): Promise<number> {
  const [row] = await db.sql.query<{ estimate: number }>(
    `SELECT reltuples::int AS "estimate" FROM pg_class WHERE relname = 'Post'`,
  );
  return row!.estimate;
}

describe.runIf(testDbKind === 'pglite')('planner statistics on PGlite', () => {
  it('are left alone on a small blog, where they would only mislead the planner later', async () => {
    const { db, dispose } = await createTestDatabase();
    try {
      await seedPosts(db.prisma, [{}, {}, {}]);
      await refreshStatistics(db);
      // -1: never analyzed, so the planner assumes a table of some size rather than an empty one.
      expect(await postRowsEstimate(db)).toBe(-1);
    } finally {
      await dispose();
    }
  });

  it(`are gathered at start from ${ANALYZE_FROM_POSTS} posts on`, async () => {
    const { db, dispose } = await createTestDatabase();
    try {
      await seedPosts(
        db.prisma,
        Array.from({ length: ANALYZE_FROM_POSTS }, () => ({})),
      );
      expect(await postRowsEstimate(db)).toBe(-1);
      await refreshStatistics(db);
      expect(await postRowsEstimate(db)).toBe(ANALYZE_FROM_POSTS);
    } finally {
      await dispose();
    }
  });
});
