// What a post's page offers after its text (Post.previousPost, nextPost, relatedPosts): neighbours in
// publication order across categories, related posts of the same category first and then by shared
// words, never a draft, and answers that follow a new post at once.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { seedPosts, type SeedPost } from '../support/content.ts';
import { testOnEmptyContent as test } from '../support/fixtures.ts';
import { createQueryLoggingApp, type QueryLoggingApp } from '../support/query-log.ts';
import type { GraphqlResult, TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const ENDING = `query ($slug: String!) { post(slug: $slug) {
  title previousPost { title slug } nextPost { title slug } relatedPosts { title category }
} }`;

const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));

// Oldest first; the titles are chosen for the words they share.
const POSTS: SeedPost[] = [
  { title: 'Zelda and the tears before', category: 'game', createdAt: minute(0) },
  { title: 'Mario Kart night', category: 'game', createdAt: minute(1) },
  { title: 'Kingdom Hearts diary', category: 'game', createdAt: minute(2) },
  { title: 'Zelda Tears of the Kingdom', category: 'game', createdAt: minute(3) },
  { title: 'Zelda as an anime', category: 'anime', createdAt: minute(4) },
  { title: 'A kingdom of books', category: 'book', createdAt: minute(5) },
];

async function ending(t: TestApp, slug: string, cookie?: string) {
  const { data, errors } = await t.graphql(ENDING, { slug }, cookie ? { cookie } : {});
  expect(errors).toBeUndefined();
  return data.post;
}

async function seed(t: TestApp) {
  const posts = await seedPosts(t.db.prisma, POSTS);
  // A draft in the games, newer than all and sharing every word: it must never be offered.
  await t.db.prisma.post.create({
    data: { title: 'Zelda Tears Kingdom draft', subtitle: '', content: '', status: 'DRAFT', slug: 'zelda-draft' },
  });
  return posts;
}

describe(`a post's ending on ${testDbKind}`, () => {
  test('previous and next follow publication order across categories, skipping drafts', async ({ app: t }) => {
    const posts = await seed(t);
    const slugs = posts.map((post) => post.slug);

    const oldest = await ending(t, slugs[0]!);
    expect(oldest.previousPost).toBeNull();
    expect(oldest.nextPost).toEqual({ title: 'Mario Kart night', slug: slugs[1] });

    const middle = await ending(t, slugs[3]!);
    expect(middle.previousPost.title).toBe('Kingdom Hearts diary');
    expect(middle.nextPost.title).toBe('Zelda as an anime');

    // The newest published post has no next one: the newer draft is nobody's neighbour.
    const newest = await ending(t, slugs[5]!);
    expect(newest.previousPost.title).toBe('Zelda as an anime');
    expect(newest.nextPost).toBeNull();
  });

  test('related posts: the same category first, then by shared words, then the newest', async ({ app: t }) => {
    const posts = await seed(t);
    // Three other games: the one sharing two words, then one, then none.
    expect((await ending(t, posts[3]!.slug)).relatedPosts).toEqual([
      { title: 'Zelda and the tears before', category: 'GAME' },
      { title: 'Kingdom Hearts diary', category: 'GAME' },
      { title: 'Mario Kart night', category: 'GAME' },
    ]);
    // The only anime: other categories, the ones sharing "zelda" first (the newer of them first).
    expect((await ending(t, posts[4]!.slug)).relatedPosts).toEqual([
      { title: 'Zelda Tears of the Kingdom', category: 'GAME' },
      { title: 'Zelda and the tears before', category: 'GAME' },
      { title: 'A kingdom of books', category: 'BOOK' },
    ]);
  });

  test('a draft previewed by the admin has no neighbours, and a new post is next at once', async ({
    app: t,
    admin,
  }) => {
    const posts = await seed(t);
    const draft = await ending(t, 'zelda-draft', admin);
    expect(draft).toEqual({ title: 'Zelda Tears Kingdom draft', previousPost: null, nextPost: null, relatedPosts: [] });

    const newestSlug = posts[5]!.slug;
    expect((await ending(t, newestSlug)).nextPost).toBeNull();
    // The oldest post goes back to being a draft and hands its cover to the draft, which the
    // service then publishes, as the studio does: the draft becomes the newest post.
    const { id } = (await t.db.prisma.post.findUnique({ where: { slug: 'zelda-draft' } }))!;
    await t.db.prisma.post.update({
      where: { id: posts[0]!.id },
      data: { status: 'DRAFT', publishedAt: null, imageId: null },
    });
    await t.db.prisma.post.update({
      where: { id },
      data: { subtitle: 'A subtitle', content: '<p>Words.</p>', category: 'game', imageId: posts[0]!.imageId },
    });
    await t.app.services.posts.setStatus(id, 'PUBLISHED', null);
    const after = await ending(t, newestSlug);
    expect(after.nextPost.title).toBe('Zelda Tears Kingdom draft');
    // The post made a draft is no longer anyone's neighbour.
    expect((await ending(t, posts[1]!.slug)).previousPost).toBeNull();
  });
});

describe(`what a post's ending costs on ${testDbKind}`, () => {
  let logged: QueryLoggingApp;
  beforeAll(async () => {
    logged = await createQueryLoggingApp();
    // On PostgreSQL the caches are off until the change channel is heard.
    for (let waited = 0; !logged.app.changes.trustworthy && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  afterAll(() => logged?.dispose());

  test('one statement each: the post, its neighbours, its related posts, and the posts they name', async () => {
    const posts = await seedPosts(logged.prisma, POSTS);
    await logged.settle();
    let answer: GraphqlResult | undefined;
    const statements = await logged.queriesDuring(async () => {
      answer = await logged.graphql(ENDING, { slug: posts[3]!.slug });
    });
    expect(answer?.errors).toBeUndefined();
    expect(answer?.data.post).toMatchObject({
      title: 'Zelda Tears of the Kingdom',
      previousPost: { title: 'Kingdom Hearts diary' },
      nextPost: { title: 'Zelda as an anime' },
    });
    expect(answer?.data.post.relatedPosts).toHaveLength(3);
    // Five posts named, read together: on PGlite each statement waits for the one before, and a
    // page's first render paid for every one of them in turn.
    expect(statements).toHaveLength(4);
  });
});
