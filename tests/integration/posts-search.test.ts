// Search: the keyword's rules, PostgreSQL full-text matching of every word as a word or a prefix,
// ranking (title, then subtitle, then content, then recency) and pages; the same on both databases.
import { describe, expect } from 'vitest';
import { SEARCH_CANDIDATES } from '#kernel/search-rules.ts';
import { POSTS, seedPosts } from '../support/content.ts';
import type { TestApp } from '../support/test-app.ts';
import { emptyContent, test } from '../support/fixtures.ts';
import { testDbKind } from '../support/test-database.ts';

async function search(t: TestApp, keyword: string, extra: Record<string, unknown> = {}) {
  const body = await t.graphql(POSTS, { search: keyword, ...extra });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const { items, ...rest } = body.data.posts;
  return { ...rest, titles: items.map((post: { title: string }) => post.title) };
}

// Every test searches its own posts.
test.beforeEach(({ app }) => emptyContent(app));

describe(`the search keyword on ${testDbKind}`, () => {
  test.for([
    ['', 'You need to add a keyword'],
    ['   ', 'You need to add a keyword'],
    ['zelda!', 'Letters, numbers, spaces, dashes and underscores allowed'],
    ["zelda' OR 1=1", 'Letters, numbers, spaces, dashes and underscores allowed'],
    ['zeld:* | mario', 'Letters, numbers, spaces, dashes and underscores allowed'],
    ['café', 'Letters, numbers, spaces, dashes and underscores allowed'],
    ['a'.repeat(101), '100 characters maximum allowed'],
  ])('refuses %j with %j', async ([keyword, message], { app: t }) => {
    const response = await t.graphqlResponse(POSTS, { search: keyword });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { search: message } },
    });
  });

  test('accepts 100 characters of letters, digits, spaces, dashes and underscores', async ({ app: t }) => {
    expect(await search(t, `${'a'.repeat(40)} b-c_d 42 ${'e'.repeat(50)}`)).toEqual({
      page: 1,
      pages: 0,
      total: 0,
      titles: [],
    });
  });
});

describe(`search matching on ${testDbKind}`, () => {
  test.beforeEach(async ({ app: t }) => {
    await seedPosts(t.db.prisma, [
      { title: 'The Legend of Zelda', subtitle: 'Breath of the Wild', content: '<p>Hyrule is vast.</p>' },
      { title: 'Super Mario Odyssey', subtitle: 'Cappy and friends', content: '<p>Hats off.</p>' },
      {
        title: 'Half-Life 2',
        subtitle: 'City 17',
        content: '<p class="align-center">Crowbars <strong>everywhere</strong></p>',
      },
      { title: 'Final Fantasy VII', subtitle: 'Remake', content: '<p>Midgar, running late.</p>', category: 'anime' },
    ]);
  });

  test('finds a word from its first letters, whatever the case', async ({ app: t }) => {
    expect((await search(t, 'zeld')).titles).toEqual(['The Legend of Zelda']);
    expect((await search(t, 'ZELDA')).titles).toEqual(['The Legend of Zelda']);
    expect((await search(t, 'Zel')).titles).toEqual(['The Legend of Zelda']);
  });

  test('does not match the middle of a word', async ({ app: t }) => {
    expect((await search(t, 'elda')).titles).toEqual([]);
  });

  test('requires every word', async ({ app: t }) => {
    expect((await search(t, 'legend zeld')).titles).toEqual(['The Legend of Zelda']);
    expect((await search(t, 'zelda mario')).titles).toEqual([]);
  });

  test('searches the subtitle and the text of the content, not its markup', async ({ app: t }) => {
    expect((await search(t, 'capp')).titles).toEqual(['Super Mario Odyssey']);
    expect((await search(t, 'hyrule')).titles).toEqual(['The Legend of Zelda']);
    expect((await search(t, 'crowbar everywhere')).titles).toEqual(['Half-Life 2']);
    expect((await search(t, 'align')).titles).toEqual([]);
    expect((await search(t, 'strong')).titles).toEqual([]);
  });

  test('splits words on dashes and underscores', async ({ app: t }) => {
    expect((await search(t, 'half-life')).titles).toEqual(['Half-Life 2']);
    expect((await search(t, 'final_fantasy')).titles).toEqual(['Final Fantasy VII']);
    expect((await search(t, 'city 17')).titles).toEqual(['Half-Life 2']);
  });

  test('matches other forms of an English word', async ({ app: t }) => {
    expect((await search(t, 'runs')).titles).toEqual(['Final Fantasy VII']);
    expect((await search(t, 'hat')).titles).toEqual(['Super Mario Odyssey']);
  });

  test('finds nothing, without an error, for a keyword made only of common words', async ({ app: t }) => {
    expect(await search(t, 'the of')).toEqual({ page: 1, pages: 0, total: 0, titles: [] });
  });

  test('searches within one category', async ({ app: t }) => {
    expect((await search(t, 'final', { category: 'ANIME' })).titles).toEqual(['Final Fantasy VII']);
    expect((await search(t, 'final', { category: 'GAME' })).titles).toEqual([]);
  });
});

describe(`search ranking on ${testDbKind}`, () => {
  test('puts a title match before a subtitle match before content matches, however many', async ({ app: t }) => {
    // Created oldest to newest: recency alone would give the opposite order.
    await seedPosts(t.db.prisma, [
      { title: 'Hollow Knight', subtitle: 'Bugs', content: '<p>Dark.</p>' },
      { title: 'Silksong', subtitle: 'Hollow sequel', content: '<p>Silk.</p>' },
      { title: 'Metroidvanias', subtitle: 'A list', content: '<p>Hollow, hollow, hollow and more hollow.</p>' },
    ]);
    expect((await search(t, 'hollow')).titles).toEqual(['Hollow Knight', 'Silksong', 'Metroidvanias']);
  });

  test('orders equally relevant posts newest first', async ({ app: t }) => {
    await seedPosts(t.db.prisma, [
      { title: 'Portal', createdAt: new Date('2026-01-01T00:00:00Z') },
      { title: 'Portal', createdAt: new Date('2026-03-01T00:00:00Z') },
      { title: 'Portal', createdAt: new Date('2026-02-01T00:00:00Z') },
    ]);
    const { data } = await t.graphql(POSTS, { search: 'portal' });
    expect(data.posts.items.map((post: { createdAt: string }) => post.createdAt)).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ]);
  });

  test('pages results 15 at a time, with the true count past the end', async ({ app: t }) => {
    await seedPosts(t.db.prisma, [
      ...Array.from({ length: 20 }, (_, i) => ({ title: `Pokemon ${i + 1}` })),
      { title: 'Tetris' },
    ]);
    const first = await search(t, 'poke');
    expect(first).toMatchObject({ page: 1, pages: 2, total: 20 });
    expect(first.titles).toEqual(Array.from({ length: 15 }, (_, i) => `Pokemon ${20 - i}`));
    const second = await search(t, 'poke', { page: 2 });
    expect(second.titles).toEqual(['Pokemon 5', 'Pokemon 4', 'Pokemon 3', 'Pokemon 2', 'Pokemon 1']);
    expect(await search(t, 'poke', { page: 3 })).toEqual({ page: 3, pages: 2, total: 20, titles: [] });
  });
});

describe(`search over more matches than it ranks on ${testDbKind}`, () => {
  const pages = Math.ceil(SEARCH_CANDIDATES / 15);
  const lastPageSize = SEARCH_CANDIDATES - (pages - 1) * 15;
  const reviews = (count: number, from = 1) =>
    Array.from({ length: count }, (_, i) => ({ title: `Review ${from + i}`, content: '<p>Zelda again.</p>' }));

  test(`ranks every match while no more than ${SEARCH_CANDIDATES} match, however old the best one`, async ({
    app: t,
  }) => {
    // The title match is the oldest post: recency alone would put it last.
    await seedPosts(t.db.prisma, [{ title: 'Zelda retrospective' }, ...reviews(SEARCH_CANDIDATES - 1)]);
    const first = await search(t, 'zelda');
    expect(first).toMatchObject({ page: 1, pages, total: SEARCH_CANDIDATES });
    expect(first.titles.slice(0, 3)).toEqual([
      'Zelda retrospective',
      `Review ${SEARCH_CANDIDATES - 1}`,
      `Review ${SEARCH_CANDIDATES - 2}`,
    ]);
    expect((await search(t, 'zelda', { page: pages })).titles).toHaveLength(lastPageSize);
  });

  test(`ranks and counts only the newest ${SEARCH_CANDIDATES} matches when more match`, async ({ app: t }) => {
    await seedPosts(t.db.prisma, [{ title: 'Zelda retrospective' }, ...reviews(SEARCH_CANDIDATES)]);
    const first = await search(t, 'zeld');
    expect(first).toMatchObject({ page: 1, pages, total: SEARCH_CANDIDATES });
    expect(first.titles).toEqual(
      reviews(15, SEARCH_CANDIDATES - 14)
        .map((post) => post.title)
        .reverse(),
    );
    const last = await search(t, 'zeld', { page: pages });
    expect(last.titles).toEqual(
      reviews(lastPageSize)
        .map((post) => post.title)
        .reverse(),
    );
    expect(await search(t, 'zeld', { page: pages + 1 })).toEqual({
      page: pages + 1,
      pages,
      total: SEARCH_CANDIDATES,
      titles: [],
    });
  });

  test('caps what the whole keyword matches, not each word: an old post matching every word is found', async ({
    app: t,
  }) => {
    await seedPosts(t.db.prisma, [
      { title: 'Mario', subtitle: 'Zelda aside' },
      ...reviews(SEARCH_CANDIDATES + 5),
      { title: 'Mario Kart', content: '<p>Zelda cameo.</p>' },
    ]);
    expect(await search(t, 'mario zelda')).toEqual({
      page: 1,
      pages: 1,
      total: 2,
      titles: ['Mario', 'Mario Kart'],
    });
  });
});

describe(`search storage on ${testDbKind}`, () => {
  test('keeps the search vector in the row, out of TOAST (docs/decisions/013-search-at-scale.md)', async ({
    app: t,
  }) => {
    // Every row a search reads would otherwise cost extra page reads: 3 to 7 times slower at 100 000 posts.
    const rows = await t.db.sql.query<{ storage: string }>(
      `SELECT "attstorage"::text AS "storage" FROM "pg_attribute" WHERE "attrelid" = '"Post"'::regclass AND "attname" = 'search'`,
    );
    expect(rows).toEqual([{ storage: 'm' }]);
  });
});
