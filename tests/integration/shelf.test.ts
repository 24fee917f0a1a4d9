// Issue 41, the shelf: items checked by the server (every problem at once, nothing stored on bad
// input), the status's dates, +1 and bulk edits, GraphQL and REST over the same rules, a post's
// items, the caches cooled by writes, and the imports in the services' real formats (a Goodreads
// library export, MyAnimeList anime and manga XML, a mapped CSV), previewed and idempotent.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { shelfMessages } from '#kernel/shelf-rules.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import { seedPosts } from '../support/content.ts';
import { testDbKind } from '../support/test-database.ts';

const FIELDS =
  'id kind title slug creator year status progress progressTotal progressUnit rating startedOn finishedOn notes links { label url } tags';
const CREATE = `mutation ($input: CreateShelfItemInput!) { createShelfItem(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdateShelfItemInput!) { updateShelfItem(id: $id, input: $input) { ${FIELDS} } }`;
const LIST = `query ($kind: Category, $status: ShelfStatus, $year: Int, $page: Int, $sort: ShelfSort, $minRating: Float) {
  shelfItems(kind: $kind, status: $status, year: $year, page: $page, sort: $sort, minRating: $minRating) { total page pages items { title status rating } } }`;
const IMPORT = `mutation ($format: ShelfImportFormat!, $text: String!, $dryRun: Boolean, $mapping: [ShelfImportMappingInput!]) {
  importShelf(format: $format, text: $text, dryRun: $dryRun, mapping: $mapping) {
    created updated skipped applied rows { line title kind status action error } } }`;

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures', name), 'utf8');
const today = () => new Date().toISOString().slice(0, 10);

describe(`the shelf on ${testDbKind}`, () => {
  const site = appWithAdmin();

  beforeEach(async () => {
    await site.t.db.prisma.shelfItem.deleteMany();
  });

  /** As the admin, or (reader: true) as a visitor, whose reads are cached. */
  const gql = (query: string, variables: Record<string, unknown> = {}, reader = false) =>
    site.t.graphql(query, variables, reader ? {} : { cookie: site.admin });
  const create = async (input: Record<string, unknown>) => {
    const result = await gql(CREATE, { input });
    expect(result.errors).toBeUndefined();
    return result.data.createShelfItem;
  };

  test('a title and a kind make an item; bad input is refused field by field and stores nothing', async () => {
    const item = await create({ title: '  Dune ', kind: 'BOOK' });
    expect(item).toMatchObject({
      title: 'Dune',
      slug: 'dune',
      status: 'PLANNED',
      progress: 0,
      progressUnit: 'pages',
      rating: null,
      links: [],
      tags: [],
    });

    const refused = await gql(CREATE, {
      input: {
        title: '',
        kind: 'GAME',
        rating: 4.3,
        progress: 12,
        progressTotal: 10,
        startedOn: '2026-02-30',
        year: 99,
        links: [{ label: 'Shop', url: 'javascript:alert(1)' }],
      },
    });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        title: 'This field is required',
        rating: shelfMessages.rating,
        progress: shelfMessages.progressOverTotal,
        startedOn: shelfMessages.date,
        year: shelfMessages.year,
        links: 'The link must be a web address starting with http:// or https://',
      },
    });
    // A year is an address of its own (/shelf/1984): the book's is made apart.
    expect((await create({ title: '1984', kind: 'BOOK' })).slug).toBe('1984-book');
    expect(await site.t.db.prisma.shelfItem.count()).toBe(2);

    // Only the admin writes.
    const anonymous = await gql(CREATE, { input: { title: 'X', kind: 'GAME' } }, true);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await site.t.db.prisma.shelfItem.count()).toBe(2);
  });

  test('starting and finishing date the item; +1 reaches the total and finishes it; bulk edits change all or none', async () => {
    const show = await create({ title: 'Severance', kind: 'TV', progressTotal: 3, tags: ['drama'] });
    const started = await gql('mutation ($id: ID!) { stepShelfItem(id: $id) { status progress startedOn } }', {
      id: show.id,
    });
    expect(started.data.stepShelfItem).toEqual({ status: 'IN_PROGRESS', progress: 1, startedOn: today() });
    await gql('mutation ($id: ID!) { stepShelfItem(id: $id) { progress } }', { id: show.id });
    const done = await gql('mutation ($id: ID!) { stepShelfItem(id: $id) { status progress finishedOn } }', {
      id: show.id,
    });
    expect(done.data.stepShelfItem).toEqual({ status: 'FINISHED', progress: 3, finishedOn: today() });

    // Finishing before it started is refused; nothing changes.
    const backwards = await gql(UPDATE, { id: show.id, input: { finishedOn: '2000-01-01' } });
    expect(backwards.errors?.[0]?.extensions?.fieldErrors).toEqual({ finishedOn: shelfMessages.finishedBeforeStarted });
    const rated = await gql(UPDATE, { id: show.id, input: { rating: 4.5, notes: '<p>Good<script>x()</script></p>' } });
    expect(rated.data.updateShelfItem).toMatchObject({ rating: 4.5, notes: '<p>Good</p>', finishedOn: today() });

    const game = await create({ title: 'Hades', kind: 'GAME' });
    const bulk = await gql(
      'mutation ($ids: [ID!]!) { bulkUpdateShelfItems(ids: $ids, status: ON_HOLD, addTags: ["roguelike"], removeTags: ["drama"]) { title status tags } }',
      { ids: [show.id, game.id] },
    );
    expect(bulk.errors).toBeUndefined();
    expect(bulk.data.bulkUpdateShelfItems).toEqual(
      expect.arrayContaining([
        { title: 'Severance', status: 'ON_HOLD', tags: ['roguelike'] },
        { title: 'Hades', status: 'ON_HOLD', tags: ['roguelike'] },
      ]),
    );
    const unknown = await gql('mutation ($ids: [ID!]!) { bulkUpdateShelfItems(ids: $ids, status: DROPPED) { id } }', {
      ids: [game.id, '0193a0a0-0000-7000-8000-000000000000'],
    });
    expect(unknown.errors?.[0]?.message).toBe(shelfMessages.notFound);
    expect((await site.t.db.prisma.shelfItem.findUniqueOrThrow({ where: { id: game.id } })).status).toBe('on_hold');
  });

  test('lists filter, sort and page; REST answers the same and refuses bad parameters', async () => {
    await create({ title: 'Dune', kind: 'BOOK', status: 'FINISHED', finishedOn: '2026-03-14', rating: 5 });
    await create({ title: 'Piranesi', kind: 'BOOK', status: 'FINISHED', finishedOn: '2025-06-01', rating: 4 });
    await create({ title: 'Hades', kind: 'GAME', status: 'IN_PROGRESS' });
    const finished2026 = await gql(LIST, { status: 'FINISHED', year: 2026 }, true);
    expect(finished2026.data.shelfItems).toEqual({
      total: 1,
      page: 1,
      pages: 1,
      items: [{ title: 'Dune', status: 'FINISHED', rating: 5 }],
    });
    const byRating = await gql(LIST, { kind: 'BOOK', sort: 'RATING', minRating: 4 }, true);
    expect(byRating.data.shelfItems.items.map((item: { title: string }) => item.title)).toEqual(['Dune', 'Piranesi']);

    const rest = await site.t.request('/api/shelf?kind=game');
    expect(rest.status).toBe(200);
    expect((await rest.json()).items).toMatchObject([{ title: 'Hades', status: 'in_progress', image: null }]);
    const bad = await site.t.request('/api/shelf?status=reading');
    expect(bad.status).toBe(400);
    expect((await site.t.request('/api/shelf/dune')).status).toBe(200);
    expect((await site.t.request('/api/shelf/nothing-here')).status).toBe(404);

    // REST writes: the admin's, with the same rules.
    const post = await site.t.request('/api/shelf', {
      method: 'POST',
      headers: { cookie: site.admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Outer Wilds', kind: 'game', rating: 7 }),
    });
    expect(post.status).toBe(400);
    expect((await post.json()).fieldErrors).toEqual({ rating: shelfMessages.rating });
    const created = await site.t.request('/api/shelf', {
      method: 'POST',
      headers: { cookie: site.admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Outer Wilds', kind: 'game', status: 'in_progress' }),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const anonymousDelete = await site.t.request(`/api/shelf/${id}`, { method: 'DELETE' });
    expect(anonymousDelete.status).toBe(401);
    const deleted = await site.t.request(`/api/shelf/${id}`, { method: 'DELETE', headers: { cookie: site.admin } });
    expect(deleted.status).toBe(200);
    expect(await site.t.db.prisma.shelfItem.count()).toBe(3);
  });

  test("a post's items: set by the admin, read as Post.shelfItems and on the item, and cached reads cool", async () => {
    const [post] = await seedPosts(site.t.db.prisma, [{ title: 'Dune, reviewed', category: 'book' }]);
    const book = await create({ title: 'Dune', kind: 'BOOK', creator: 'Frank Herbert' });
    const postItems = `query { post(slug: "${post!.slug}") { shelfItems { title creator rating } } }`;
    // Read (and cached) before the link: the write must cool it.
    expect((await gql(postItems, {}, true)).data.post.shelfItems).toEqual([]);
    const set = await gql(
      'mutation ($postId: ID!, $itemIds: [ID!]!) { setPostShelfItems(postId: $postId, itemIds: $itemIds) { title } }',
      {
        postId: post!.id,
        itemIds: [book.id],
      },
    );
    expect(set.errors).toBeUndefined();
    expect((await gql(postItems, {}, true)).data.post.shelfItems).toEqual([
      { title: 'Dune', creator: 'Frank Herbert', rating: null },
    ]);
    await gql(UPDATE, { id: book.id, input: { rating: 4.5 } });
    expect((await gql(postItems, {}, true)).data.post.shelfItems[0].rating).toBe(4.5);
    const item = await gql('query { shelfItem(slug: "dune") { posts { title } } }', {}, true);
    expect(item.data.shelfItem.posts).toEqual([{ title: 'Dune, reviewed' }]);

    const refused = await gql(
      'mutation ($postId: ID!, $itemIds: [ID!]!) { setPostShelfItems(postId: $postId, itemIds: $itemIds) { title } }',
      {
        postId: post!.id,
        itemIds: ['0193a0a0-0000-7000-8000-000000000000'],
      },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await site.t.db.prisma.shelfItemPost.count()).toBe(1);
  });

  test('a Goodreads library export: previewed, imported with its quoted ISBNs, reviews and dates, and again without duplicates', async () => {
    const text = fixture('goodreads_library_export.csv');
    const preview = await gql(IMPORT, { format: 'GOODREADS', text, dryRun: true });
    expect(preview.errors).toBeUndefined();
    expect(preview.data.importShelf).toMatchObject({ created: 5, updated: 0, skipped: 0, applied: false });
    expect(preview.data.importShelf.rows.map((row: { title: string }) => row.title)).toEqual([
      'Dune (Dune, #1)',
      'The Left Hand of Darkness',
      'Piranesi',
      'Project Hail Mary',
      "Babel, or the Necessity of Violence: An Arcane History of the Oxford Translators' Revolution",
    ]);
    // The multi-line review spans lines: the next record starts after it.
    expect(preview.data.importShelf.rows.map((row: { line: number }) => row.line)).toEqual([2, 5, 6, 7, 8]);
    expect(await site.t.db.prisma.shelfItem.count()).toBe(0);

    const imported = await gql(IMPORT, { format: 'GOODREADS', text, dryRun: false });
    expect(imported.data.importShelf).toMatchObject({ created: 5, applied: true });
    const dune = (await gql(`query { shelfItem(slug: "dune-dune-1") { ${FIELDS} } }`, {}, true)).data.shelfItem;
    expect(dune).toMatchObject({
      kind: 'BOOK',
      creator: 'Frank Herbert',
      year: 1965,
      status: 'FINISHED',
      rating: 5,
      progress: 688,
      progressTotal: 688,
      finishedOn: '2026-03-14',
      tags: ['favourites', 'sci-fi'],
      links: [
        { label: 'Goodreads', url: 'https://www.goodreads.com/book/show/234225' },
        { label: 'ISBN 9780441013593', url: 'https://openlibrary.org/isbn/9780441013593' },
      ],
    });
    expect(dune.notes).toContain('<p>A desert planet, a family, and the spice.<br>Slow to start.</p>');
    expect(dune.notes).toContain('"the sleeper must awaken"');
    const items = await site.t.db.prisma.shelfItem.findMany({ orderBy: { title: 'asc' } });
    expect(
      items.map((item) => [
        item.title.slice(0, 20),
        item.status,
        item.ratingHalves,
        item.finishedOn?.toISOString().slice(0, 10) ?? null,
      ]),
    ).toEqual([
      ['Babel, or the Necess', 'finished', 6, '2026-07-02'],
      ['Dune (Dune, #1)', 'finished', 10, '2026-03-14'],
      ['Piranesi', 'planned', null, null],
      // Read, with no date: it stays undated rather than counted in this year's review.
      ['Project Hail Mary', 'finished', 8, null],
      ['The Left Hand of Dar', 'in_progress', null, null],
    ]);

    // The author edits one; the same file again updates what it imported, adds nothing.
    await site.t.db.prisma.shelfItem.update({ where: { slug: 'piranesi' }, data: { title: 'Piranesi (edited)' } });
    const again = await gql(IMPORT, { format: 'GOODREADS', text, dryRun: false });
    expect(again.data.importShelf).toMatchObject({ created: 0, updated: 5 });
    expect(await site.t.db.prisma.shelfItem.count()).toBe(5);

    const notGoodreads = await gql(IMPORT, { format: 'GOODREADS', text: 'Title,Author\nDune,Herbert\n', dryRun: true });
    expect(notGoodreads.errors?.[0]?.extensions?.fieldErrors).toEqual({
      file: 'This is not a Goodreads library export (it has no "Book Id" and "Exclusive Shelf" columns)',
    });
  });

  test('MyAnimeList anime and manga exports, and a CSV with a column mapping; exports in CSV and JSON', async () => {
    const anime = await gql(IMPORT, {
      format: 'MYANIMELIST',
      text: fixture('mal_animelist_export.xml'),
      dryRun: false,
    });
    expect(anime.errors).toBeUndefined();
    expect(anime.data.importShelf.rows).toEqual([
      {
        line: 1,
        title: 'Fullmetal Alchemist: Brotherhood',
        kind: 'anime',
        status: 'finished',
        action: 'create',
        error: null,
      },
      { line: 2, title: 'Sousou no Frieren', kind: 'anime', status: 'in_progress', action: 'create', error: null },
      { line: 3, title: 'Cowboy Bebop', kind: 'anime', status: 'planned', action: 'create', error: null },
    ]);
    const fma = await site.t.db.prisma.shelfItem.findFirstOrThrow({ where: { title: { startsWith: 'Fullmetal' } } });
    expect(fma).toMatchObject({ progress: 64, progressTotal: 64, ratingHalves: 9, tags: ['shonen', 'classics'] });
    expect(fma.notes).toBe('<p>Equivalent exchange &amp; the best finale.</p>');
    const frieren = await site.t.db.prisma.shelfItem.findFirstOrThrow({ where: { title: 'Sousou no Frieren' } });
    expect([frieren.progress, frieren.progressTotal, frieren.finishedOn]).toEqual([12, 28, null]);
    const manga = await gql(IMPORT, {
      format: 'MYANIMELIST',
      text: fixture('mal_mangalist_export.xml'),
      dryRun: false,
    });
    expect(manga.data.importShelf.rows).toMatchObject([{ title: 'Berserk', kind: 'book', status: 'in_progress' }]);
    const again = await gql(IMPORT, { format: 'MYANIMELIST', text: fixture('mal_animelist_export.xml'), dryRun: true });
    expect(again.data.importShelf).toMatchObject({ created: 0, updated: 3 });

    const csv = 'Name,Type,State,Stars,Done\n"Hades",Game,Finished,4.5,2026/05/01\n"Outer Wilds",game,someday,,\n';
    const mapping = [
      { field: 'title', column: 'Name' },
      { field: 'kind', column: 'Type' },
      { field: 'status', column: 'State' },
      { field: 'rating', column: 'Stars' },
      { field: 'finishedOn', column: 'Done' },
    ];
    const mapped = await gql(IMPORT, { format: 'CSV', text: csv, dryRun: false, mapping });
    expect(mapped.data.importShelf).toMatchObject({ created: 1, skipped: 1 });
    expect(mapped.data.importShelf.rows[1]).toMatchObject({
      line: 3,
      action: 'skip',
      error: 'Not a status the shelf knows',
    });
    const hades = await site.t.db.prisma.shelfItem.findFirstOrThrow({ where: { title: 'Hades' } });
    expect([hades.kind, hades.status, hades.ratingHalves, hades.finishedOn?.toISOString().slice(0, 10)]).toEqual([
      'game',
      'finished',
      9,
      '2026-05-01',
    ]);
    const badMapping = await gql(IMPORT, { format: 'CSV', text: csv, mapping: [{ field: 'title', column: 'Nope' }] });
    expect(badMapping.errors?.[0]?.extensions?.fieldErrors).toEqual({
      mapping: 'Map a column to the title at least, and only to columns the file has',
    });

    const exportCsv = await site.t.request('/api/shelf/export?format=csv', { headers: { cookie: site.admin } });
    expect(exportCsv.status).toBe(200);
    const lines = (await exportCsv.text()).trim().split('\n');
    expect(lines[0]).toBe(
      'id,title,kind,status,creator,year,rating,progress,progressTotal,startedOn,finishedOn,tags,notes',
    );
    expect(lines).toHaveLength(6);
    const exportJson = await (
      await site.t.request('/api/shelf/export?format=json', { headers: { cookie: site.admin } })
    ).json();
    expect(exportJson.items.map((item: { title: string }) => item.title)).toContain('Berserk');
    expect((await site.t.request('/api/shelf/export?format=csv')).status).toBe(401);
  });
});

describe(`the shelf's pages, feed and sitemap on ${testDbKind}`, () => {
  let t: TestApp;
  let clientDir: string;
  const INDEX = readFileSync(path.resolve(import.meta.dirname, '../../client/index.html'), 'utf8');

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(os.tmpdir(), 'shelf-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    t = await createTestApp({ clientDir });
    await t.signIn({ isAdmin: true, name: 'Ada Lovelace' });
  });
  afterAll(async () => {
    await t.dispose();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const head = async (url: string) => {
    const response = await t.request(url);
    const { document } = new JSDOM(await response.text()).window;
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((el) =>
      JSON.parse(el.textContent!),
    );
    return { status: response.status, title: document.title, jsonLd };
  };

  test("a post about a rated book is a Review of it; the shelf's pages answer, and their unknown addresses are 404s", async () => {
    const { prisma } = t.db;
    const [post] = await seedPosts(prisma, [{ title: 'Dune at last', category: 'book' }]);
    // Read before the link: the link must cool the page's cached answer.
    expect((await head(`/blog/${post!.slug}`)).jsonLd[0]['@type']).toBe('BlogPosting');
    const book = await prisma.shelfItem.create({
      data: {
        kind: 'book',
        title: 'Dune',
        slug: 'dune',
        creator: 'Frank Herbert',
        year: 1965,
        status: 'finished',
        finishedOn: new Date('2026-03-14T00:00:00Z'),
        ratingHalves: 9,
      },
    });
    await t.app.services.shelf.setPostItems(post!.id, [book.id]);
    const page = await head(`/blog/${post!.slug}`);
    expect(page.jsonLd).toHaveLength(1);
    expect(page.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Review',
      headline: 'Dune at last',
      itemReviewed: {
        '@type': 'Book',
        name: 'Dune',
        author: { '@type': 'Person', name: 'Frank Herbert' },
        datePublished: '1965',
      },
      reviewRating: { '@type': 'Rating', ratingValue: 4.5, bestRating: 5 },
      author: { '@type': 'Person', name: 'Ada Lovelace' },
    });

    expect(await head('/shelf')).toMatchObject({ status: 200, title: expect.stringContaining('The shelf') });
    expect(await head('/shelf/dune')).toMatchObject({ status: 200, title: expect.stringContaining('Dune') });
    expect(await head('/shelf/2026')).toMatchObject({ status: 200, title: expect.stringContaining('2026 in review') });
    expect((await head('/shelf/2019')).status).toBe(404);
    expect((await head('/shelf/no-such-item')).status).toBe(404);

    const feed = await t.request('/shelf/feed.xml');
    expect(feed.headers.get('content-type')).toContain('application/rss+xml');
    const rss = await feed.text();
    expect(rss).toContain('<title>Dune</title>');
    expect(rss).toContain('Book · Frank Herbert · 4.5 out of 5 stars');
    const sitemap = await (await t.request('/sitemap.xml')).text();
    for (const url of ['/shelf<', '/shelf/dune<', '/shelf/2026<']) expect(sitemap).toContain(url);
  });
});
