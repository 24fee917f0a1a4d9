// The SQL a list costs is bounded, whatever the page holds: the posts and their images are loaded
// in a fixed number of queries (Pothos' planned query spread into Prisma's), never one per post.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, LATEST_POSTS, POST, POSTS, seedPosts } from '../support/content.ts';
import { createQueryLoggingApp, type QueryLoggingApp } from '../support/query-log.ts';
import type { AnyDocument, GraphqlResult } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

let t: QueryLoggingApp;
beforeAll(async () => {
  t = await createQueryLoggingApp();
});
afterAll(() => t.dispose());

/** The queries of a cold read: the caches are emptied first, as after any write. */
async function countQueries(query: AnyDocument, variables?: Record<string, unknown>) {
  // The seeds' own notices first (on PostgreSQL they come a moment after the commit): one arriving
  // during the read would cool what it is reading, and it would read again.
  await t.settle();
  t.app.changes.changed();
  let body: GraphqlResult = { data: undefined };
  const queries = await t.queriesDuring(async () => {
    body = await t.graphql(query, variables);
  });
  expect(body.errors).toBeUndefined();
  return { queries, body: body as Required<GraphqlResult> };
}

async function seedCards(count: number) {
  const images = await t.prisma.image.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({
      storageKey: `${i}`.padStart(32, 'c'),
      mimeType: 'image/webp',
      width: 480,
      height: 320,
      variantWidths: [480],
    })),
  });
  await t.prisma.upcomingCard.createMany({
    data: images.map((image) => ({ title: 'Reading' as const, subtitle: 'A book', imageId: image.id })),
  });
}

describe(`queries per list on ${testDbKind}`, () => {
  it('a page of posts costs the same with 1 post as with 15, and at most 2 queries', async () => {
    await seedPosts(t.prisma, [{ title: 'Only one' }]);
    const one = await countQueries(POSTS, {});
    expect(one.body.data.posts.items).toHaveLength(1);

    await seedPosts(
      t.prisma,
      Array.from({ length: 40 }, () => ({})),
    );
    const full = await countQueries(POSTS, {});
    expect(full.body.data.posts.items).toHaveLength(15);
    const category = await countQueries(POSTS, { category: 'GAME', page: 2 });
    expect(category.body.data.posts.items).toHaveLength(15);

    // the list's order (its ids, newest first: its size too), the page's posts joined with their
    // images (one statement: a read never sees a post without its image)
    expect(one.queries).toHaveLength(2);
    expect(full.queries).toHaveLength(one.queries.length);
    expect(category.queries).toHaveLength(one.queries.length);
  });

  it('a page of search results costs at most 2 queries, whatever it holds', async () => {
    await seedPosts(
      t.prisma,
      Array.from({ length: 20 }, (_, i) => ({ title: `Searchable ${i}` })),
    );
    const full = await countQueries(POSTS, { search: 'searchable' });
    expect(full.body.data.posts.items).toHaveLength(15);
    const few = await countQueries(POSTS, { search: 'searchable', page: 2 });
    expect(few.body.data.posts.items).toHaveLength(5);
    // ranked ids and count in one, posts joined with their images
    expect(full.queries).toHaveLength(2);
    expect(few.queries).toHaveLength(2);
  });

  it('a page past the end costs only the list’s order', async () => {
    const past = await countQueries(POSTS, { page: 999 });
    expect(past.body.data.posts.items).toEqual([]);
    expect(past.queries).toHaveLength(1);
  });

  it('the latest posts cost two queries, one post and the cards one each', async () => {
    const latest = await countQueries(LATEST_POSTS);
    expect(latest.body.data.latestPosts).toHaveLength(9);
    // the list's order, then its first nine posts with their images
    expect(latest.queries).toHaveLength(2);

    const { id } = latest.body.data.latestPosts[0];
    expect((await countQueries(POST, { id })).queries).toHaveLength(1);

    await seedCards(12);
    const cards = await countQueries(CARDS);
    expect(cards.body.data.upcomingCards).toHaveLength(12);
    expect(cards.queries).toHaveLength(1);
  });

  it('two lists in one document share the list’s order', async () => {
    const { queries, body } = await countQueries('{ posts { items { id title } } latestPosts { id image { url } } }');
    expect(body.data.posts.items).toHaveLength(15);
    // the order once, then each list's posts
    expect(queries).toHaveLength(1 + 2);
  });
});
