// A write cools only what it changes (docs/decisions/032-writes-cool-what-they-change.md): after each
// kind of write, made through the app or straight in the database by another connection, every view
// that shows the change shows it at once, and the views it does not touch are still answered from
// the cache (the replay's Age header, as any cache says so).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '../../server/generated/prisma/client.ts';
import { PostScheduler } from '../../server/modules/post/post-scheduler.ts';
import {
  CARDS,
  CREATE_POST,
  DELETE_CARD,
  DELETE_POST,
  LATEST_POSTS,
  POSTS,
  postInput,
  seedPosts,
  UPDATE_POST,
} from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { createQueryLoggingApp, type QueryLoggingApp, settleQuietly as settleQuietlyOn } from '../support/query-log.ts';
import { documentText, type AnyDocument } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

let t: QueryLoggingApp;
let admin: string;

beforeAll(async () => {
  // The app's writes are announced only as production announces them: by its services and the
  // database's triggers, each saying what it touched.
  t = await createQueryLoggingApp({ announceWrites: false });
  admin = await t.signIn();
  await t.cachesOn();
});
afterAll(() => t.dispose());

const get: QueryLoggingApp['get'] = (...request) => t.get(...request);
const graphql: QueryLoggingApp['graphqlResponse'] = (...request) => t.graphqlResponse(...request);

async function write(query: AnyDocument, variables: Record<string, unknown>) {
  const body = await (await graphql(query, variables, { cookie: admin })).json();
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** A post saved through the app with these fields, as the studio sends an edit (every field). */
const edit = (id: string, title: string, subtitle: string, category: string, content = '<p>Some words.</p>') =>
  write(UPDATE_POST, { id, input: postInput({ title, subtitle, category, content }) });

/** A post created through the app, as the studio sends it: multipart, with a real cover. */
async function createPost(input: Record<string, unknown>): Promise<{ id: string; slug: string }> {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({ query: documentText(CREATE_POST), variables: { input: { ...postInput(input), image: null } } }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.input.image'] }));
  form.set('0', fileOf(await makeImage({ width: 1200, height: 675 })));
  const response = await t.app.fetch(
    new Request('http://blog.test/graphql', {
      method: 'POST',
      headers: { 'x-graphql-yoga-csrf': '1', cookie: admin },
      body: form,
    }),
  );
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  return body.data.createPost;
}

const ENDING = `query Ending($id: ID!) {
  post(id: $id) { id title previousPost { id title } nextPost { id title } relatedPosts { id title } }
}`;
const SEARCH = `query Search($search: String) { posts(search: $search) { items { id title } } }`;

let posts: Post[];

/**
 * Twenty posts, a minute apart from 2026-01-01 (post 19 the newest), in three categories by turns:
 * game (0, 3, ... 18), book (1, 4, ... 19) and tv (2, 5, ... 17). Page 1 of the blog holds 19 to 5,
 * page 2 holds 4 to 0; the latest nine are 19 to 11.
 */
beforeEach(async () => {
  await t.otherConnection(
    `DELETE FROM "PostPicture"; DELETE FROM "Post"; DELETE FROM "UpcomingCard"; DELETE FROM "Image"`,
  );
  posts = await seedPosts(
    t.prisma,
    Array.from({ length: 20 }, (_, i) => ({
      title: `Seeded ${i}`,
      category: (['game', 'book', 'tv'] as const)[i % 3],
    })),
  );
  await t.otherConnection(
    `INSERT INTO "Image" ("id", "storageKey", "mimeType", "width", "height", "variantWidths")
       VALUES ('00000000-0000-4000-8000-00000000c0de', 'cafe0000cafe0000cafe0000cafe0000', 'image/webp', 800, 600, '{480,800}');
     INSERT INTO "UpcomingCard" ("id", "title", "subtitle", "imageId")
       VALUES ('00000000-0000-4000-8000-00000000ca2d', 'Reading', 'Seeded card', '00000000-0000-4000-8000-00000000c0de')`,
  );
  await t.settle();
  for (const view of Object.values(views)) {
    await view();
    await view();
  }
  for (const [name, view] of Object.entries(views)) expect(await cached(view), name).toBe(true);
});

/** Every public view, by name; each is asked twice before a test, so each is cached. */
const views: Record<string, () => Promise<Response>> = {
  home: () => get('/'),
  'page of 1': () => get(`/blog/${posts[1]!.slug}`),
  'page of 12': () => get(`/blog/${posts[12]!.slug}`),
  'REST post 1': () => get(`/api/blogposts/${posts[1]!.id}`),
  'REST post 12': () => get(`/api/blogposts/${posts[12]!.id}`),
  'ending of 1': () => graphql(ENDING, { id: posts[1]!.id }),
  'ending of 11': () => graphql(ENDING, { id: posts[11]!.id }),
  'ending of 12': () => graphql(ENDING, { id: posts[12]!.id }),
  'ending of 13': () => graphql(ENDING, { id: posts[13]!.id }),
  'ending of 16': () => graphql(ENDING, { id: posts[16]!.id }),
  blog: () => get('/blog'),
  'blog page 2': () => get('/blog/page/2'),
  games: () => get('/games'),
  books: () => get('/books'),
  'posts page 1': () => graphql(POSTS, { page: 1 }),
  'posts page 2': () => graphql(POSTS, { page: 2 }),
  'REST posts': () => get('/api/blogposts'),
  'REST posts page 2': () => get('/api/blogposts?pageNumber=2'),
  'game posts': () => graphql(POSTS, { category: 'GAME' }),
  'book posts': () => graphql(POSTS, { category: 'BOOK' }),
  'REST books': () => get('/api/blogposts/books'),
  latest: () => graphql(LATEST_POSTS),
  'REST latest': () => get('/api/blogposts/latest'),
  feed: () => get('/rss.xml'),
  'games feed': () => get('/games/atom.xml'),
  'books feed': () => get('/books/rss.xml'),
  sitemap: () => get('/sitemap.xml'),
  cards: () => graphql(CARDS),
  'REST cards': () => get('/api/upcoming'),
};

async function cached(view: () => Promise<Response>): Promise<boolean> {
  const response = await view();
  expect(response.status).toBe(200);
  return response.headers.get('age') !== null;
}

/**
 * A view's body as a reader gets it: answered (200, and a GraphQL view without errors), so that "no
 * longer shows" is not met by an error page.
 */
async function text(name: string): Promise<string> {
  const response = await views[name]!();
  const body = await response.text();
  expect(response.status, `${name} answers`).toBe(200);
  if (response.headers.get('content-type')?.includes('json')) {
    expect(JSON.parse(body).errors, `${name} answers without errors`).toBeUndefined();
  }
  return body;
}

/** Waits until this app has heard the database's own announcement of the write (query-log.ts). */
const settleQuietly = () => settleQuietlyOn(t);

async function expectCached(names: string[]) {
  await settleQuietly();
  for (const name of names) expect(await cached(views[name]!), `${name} is still cached`).toBe(true);
}

async function expectShown(names: string[], shown: string, gone?: string) {
  for (const name of names) {
    const body = await text(name);
    expect(body, `${name} shows ${shown}`).toContain(shown);
    if (gone) expect(body, `${name} no longer shows ${gone}`).not.toContain(gone);
  }
}

async function expectGone(names: string[], gone: string) {
  for (const name of names) expect(await text(name), `${name} no longer shows ${gone}`).not.toContain(gone);
}

// The lists a game among the newest nine is on: post 12, or a new game.
const NEWEST_GAME_LISTS = ['posts page 1', 'REST posts', 'game posts', 'latest', 'REST latest', 'feed', 'games feed'];

// What a change to a book post on page 2 or a card never touches.
const FAR_FROM_PAGE_ONE = [
  'page of 1',
  'REST post 1',
  'ending of 1',
  'blog page 2',
  'posts page 2',
  'REST posts page 2',
];

describe(`writes cool only what they change (${testDbKind})`, () => {
  it('an edited title: its page, the lists and feeds it is on, its neighbours’ endings; nothing else', async () => {
    await write(UPDATE_POST, {
      id: posts[12]!.id,
      input: postInput({
        title: 'Edited twelve',
        category: 'GAME',
        content: '<p>Some words.</p>',
        subtitle: 'A subtitle',
      }),
    });
    await expectShown(
      ['page of 12', 'REST post 12', 'ending of 12', 'ending of 11', 'ending of 13', ...NEWEST_GAME_LISTS],
      'Edited twelve',
      'Seeded 12<',
    );
    expect(await (await graphql(SEARCH, { search: 'edited' })).text()).toContain('Edited twelve');
    await expectCached([
      ...FAR_FROM_PAGE_ONE,
      'book posts',
      'REST books',
      'books feed',
      'books',
      'blog',
      'cards',
      'REST cards',
      'ending of 16',
    ]);
  });

  it('a post moved to another category: both categories’ lists and feeds; not the other posts’ pages', async () => {
    await write(UPDATE_POST, {
      id: posts[12]!.id,
      input: postInput({ title: 'Seeded 12', category: 'BOOK', content: '<p>Some words.</p>', subtitle: 'A subtitle' }),
    });
    expect(await text('book posts')).toContain(posts[12]!.id);
    expect(await text('REST books')).toContain(posts[12]!.id);
    expect(await text('books feed')).toContain(posts[12]!.slug);
    expect(await text('game posts')).not.toContain(posts[12]!.id);
    expect(await text('games feed')).not.toContain(posts[12]!.slug);
    expect(await text('REST post 12')).toMatch(/"category":"book"/i);
    // The blog's page that shows it shows its new category.
    const { items } = JSON.parse(await text('posts page 1')).data.posts as { items: Post[] };
    expect(items.find((item) => item.id === posts[12]!.id)?.category).toBe('BOOK');
    // The blog's order is by publication alone: its second page, which post 12 is not on, stays.
    await expectCached([
      'page of 1',
      'REST post 1',
      'cards',
      'REST cards',
      'blog page 2',
      'posts page 2',
      'REST posts page 2',
    ]);
  });

  it('a new post: the lists, latest, feeds, sitemap, the newest post’s ending; not the other posts’ pages', async () => {
    const created = await createPost({ title: 'Brand new', category: 'GAME' });
    await expectShown(NEWEST_GAME_LISTS, 'Brand new');
    expect(await text('sitemap')).toContain(created.slug);
    // Post 19 was the newest: the new one is its next post.
    expect(await (await graphql(ENDING, { id: posts[19]!.id })).text()).toContain('Brand new');
    // Post 5 moved from page 1 to page 2. Once the list's new order is read (page 1 did), every
    // other page is made again from memory: the posts it shows were kept, no statement is sent.
    await settleQuietly();
    await text('posts page 1');
    let pageTwo = '';
    const queries = await t.queriesDuring(async () => {
      pageTwo = await text('posts page 2');
    });
    expect(pageTwo).toContain('Seeded 5');
    expect(queries).toEqual([]);
    // The blog's page 2 is answered too (this app's stand-in client renders no list: the head names the page).
    expect(await text('blog page 2')).toMatch(/rel="canonical" href="http:\/\/blog\.test\/blog\/page\/2"/);
    await expectCached([
      'page of 1',
      'page of 12',
      'REST post 1',
      'REST post 12',
      'ending of 1',
      'ending of 11',
      'cards',
      'REST cards',
    ]);
  });

  it('in a category of more than 200 posts, a new post leaves older endings; a reworded one near them re-ranks them', async () => {
    // 200 older games, from 2025: post 12's related posts are now ranked among the 200 games
    // published just before it (196 of these and posts 0, 3, 6 and 9), so the 4 oldest are outside.
    const archived = await seedPosts(
      t.prisma,
      Array.from({ length: 200 }, (_, i) => ({
        title: `Archived ${1000 + i}`,
        category: 'game' as const,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    );
    // Books of 2025 (in post 12's window's time, once in the games), sharing no word with it but one.
    const books = await seedPosts(
      t.prisma,
      ['Far away', 'Far off', 'Seeded 12 abroad'].map((title, i) => ({
        title,
        subtitle: 'Elsewhere',
        category: 'book' as const,
        createdAt: new Date(Date.UTC(2025, 5, 1, 0, i)),
      })),
    );
    await t.settle();
    for (const name of ['ending of 12', 'page of 12', 'ending of 1']) {
      await views[name]!();
      expect(await cached(views[name]!), name).toBe(true);
    }
    // The games sharing "Seeded" with it, newest first.
    const relatedOf12 = async () =>
      (await (await views['ending of 12']!()).json()).data.post.relatedPosts.map((post: Post) => post.title);
    expect(await relatedOf12()).toEqual(['Seeded 9', 'Seeded 6', 'Seeded 3']);

    // A new game, published after them all (and sharing both its words): no older post's related
    // posts change, so their endings stay cached.
    await createPost({ title: 'Seeded 12 sequel', category: 'GAME' });
    expect(await text('game posts')).toContain('Seeded 12 sequel');
    await expectCached(['ending of 12', 'ending of 1']);
    expect(await relatedOf12()).toEqual(['Seeded 9', 'Seeded 6', 'Seeded 3']);

    // Games it did not pick leave its window, by the app and by another connection: the next older
    // ones come in, which its ranking read past the window and would not pick (decision 054).
    await write(DELETE_POST, { id: archived[100]!.id });
    await t.otherConnection(`UPDATE "Post" SET "category" = 'tv' WHERE "id" = '${archived[101]!.id}'`);
    await expectCached(['ending of 12']);
    expect(await relatedOf12()).toEqual(['Seeded 9', 'Seeded 6', 'Seeded 3']);

    // An older game reworded outside the window: still not a candidate, nothing to cool.
    await write(UPDATE_POST, {
      id: archived[0]!.id,
      input: postInput({ title: 'Seeded 12 prequel', category: 'GAME', content: '<p>Old.</p>', subtitle: 'Old' }),
    });
    await expectCached(['ending of 12']);
    expect(await relatedOf12()).toEqual(['Seeded 9', 'Seeded 6', 'Seeded 3']);

    // Inside it, but words post 12's ranking does not look for (decision 054): the text of one, by
    // the app and by another connection, and a title that shares no word with "Seeded 12" (nor
    // with the other endings' titles): no ranking can change, the endings stay cached.
    await edit(archived[150]!.id, 'Archived 1150', 'A subtitle', 'GAME', '<p>Seeded 12.</p>');
    await t.otherConnection(
      `UPDATE "Post" SET "content" = '<p>Seeded, twelve.</p>' WHERE "id" = '${archived[151]!.id}'`,
    );
    await t.otherConnection(`UPDATE "Post" SET "title" = 'Archived again' WHERE "id" = '${archived[152]!.id}'`);
    await expectCached(['ending of 12', 'ending of 1']);
    expect(await relatedOf12()).toEqual(['Seeded 9', 'Seeded 6', 'Seeded 3']);

    // Books moved into the games inside the window, by another connection and by the app, sharing no
    // word with it, while its third pick shares one: none can be picked, the ending stays cached.
    await t.otherConnection(`UPDATE "Post" SET "category" = 'game' WHERE "id" = '${books[0]!.id}'`);
    await edit(books[1]!.id, 'Far off', 'Elsewhere', 'GAME');
    await expectCached(['ending of 12']);
    expect(await relatedOf12()).toEqual(['Seeded 9', 'Seeded 6', 'Seeded 3']);
    // One sharing its words ranks first at once, and leaves it when it goes back to the books.
    await t.otherConnection(`UPDATE "Post" SET "category" = 'game' WHERE "id" = '${books[2]!.id}'`);
    await expect
      .poll(relatedOf12, { timeout: 5000, interval: 25 })
      .toEqual(['Seeded 12 abroad', 'Seeded 9', 'Seeded 6']);
    await edit(books[2]!.id, 'Seeded 12 abroad', 'Elsewhere', 'BOOK');
    expect(await relatedOf12()).toEqual(['Seeded 9', 'Seeded 6', 'Seeded 3']);
    // (The books' endings, post 1's among them, changed: asked again once the database's notice of
    // the move is heard, to be cached below.)
    await settleQuietly();
    await views['ending of 1']!();

    // One reworded inside it, by another connection: it shares both words now, and ranks first at once.
    await t.otherConnection(`UPDATE "Post" SET "title" = 'Seeded 12 remembered' WHERE "id" = '${archived[150]!.id}'`);
    await expect
      .poll(relatedOf12, { timeout: 5000, interval: 25 })
      .toEqual(['Seeded 12 remembered', 'Seeded 9', 'Seeded 6']);
    // And one inside it deleted: the window reaches one older game, and the ending follows.
    await write(DELETE_POST, { id: archived[150]!.id });
    expect(await relatedOf12()).toEqual(['Seeded 9', 'Seeded 6', 'Seeded 3']);
    await expectCached(['ending of 1']);
  });

  it('a post leaving a category of fewer than 200 posts: the endings that named it, not the others', async () => {
    // Post 12's related posts are chosen among every other game (all share "Seeded"): the newest.
    const relatedOf12 = async () =>
      (await (await views['ending of 12']!()).json()).data.post.relatedPosts.map((post: Post) => post.title);
    expect(await relatedOf12()).toEqual(['Seeded 18', 'Seeded 15', 'Seeded 9']);
    // The oldest game deleted by the app, another moved to the books by another connection: neither
    // was named, and no other game takes a place (decision 054), so its ending stays cached.
    await write(DELETE_POST, { id: posts[0]!.id });
    await t.otherConnection(`UPDATE "Post" SET "category" = 'book' WHERE "id" = '${posts[3]!.id}'`);
    await expectCached(['ending of 12']);
    expect(await relatedOf12()).toEqual(['Seeded 18', 'Seeded 15', 'Seeded 9']);
    // One it named leaves: the next newest takes its place at once.
    await t.otherConnection(`UPDATE "Post" SET "category" = 'book' WHERE "id" = '${posts[15]!.id}'`);
    await expect.poll(relatedOf12, { timeout: 5000, interval: 25 }).toEqual(['Seeded 18', 'Seeded 9', 'Seeded 6']);
  });

  it('a deleted post: everywhere it was, and its neighbours’ endings', async () => {
    await write(DELETE_POST, { id: posts[12]!.id });
    expect((await views['page of 12']!()).status).toBe(404);
    expect((await views['REST post 12']!()).status).toBe(404);
    await expectGone([...NEWEST_GAME_LISTS, 'sitemap', 'ending of 11', 'ending of 13'], 'Seeded 12<');
    expect(await text('sitemap')).not.toContain(posts[12]!.slug);
    expect(await text('ending of 13')).toContain('Seeded 11');
    await expectCached(['page of 1', 'REST post 1', 'ending of 1', 'cards', 'REST cards', 'book posts', 'books feed']);
  });

  it('an unpublished post, and one published again', async () => {
    await write(`mutation($id: ID!) { setPostStatus(id: $id, status: DRAFT) { id } }`, { id: posts[12]!.id });
    expect((await views['page of 12']!()).status).toBe(404);
    await expectGone(['posts page 1', 'game posts', 'latest', 'feed', 'games feed', 'ending of 11'], 'Seeded 12<');
    expect(await text('sitemap')).not.toContain(posts[12]!.slug);
    await expectCached(['page of 1', 'REST post 1', 'ending of 1', 'cards', 'book posts']);

    await write(`mutation($id: ID!) { setPostStatus(id: $id, status: PUBLISHED) { id } }`, { id: posts[12]!.id });
    expect((await views['page of 12']!()).status).toBe(200);
    await expectShown(['posts page 1', 'game posts', 'latest', 'feed'], 'Seeded 12');
    await expectCached(['page of 1', 'REST post 1', 'ending of 1', 'cards', 'book posts']);
  });

  it('a scheduled post going public: the lists, and the endings around its time', async () => {
    const scheduled = await createPost({
      title: 'Came due',
      category: 'TV',
      status: 'SCHEDULED',
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await expectCached(Object.keys(views).filter((name) => name !== 'home'));
    // Its time comes, between posts 12 and 13 (psql stands in for the clock).
    await t.otherConnection(`UPDATE "Post" SET "publishedAt" = '2026-01-01T00:12:30Z' WHERE "id" = '${scheduled.id}'`);
    await expectCached(['page of 12', 'ending of 12', 'posts page 1']);
    expect(await new PostScheduler(t.appPrisma, t.app.changes).publishDue()).toEqual([scheduled.id]);
    await expectShown(['ending of 12', 'ending of 13', 'posts page 1', 'latest', 'feed'], 'Came due');
    await expectCached([
      'page of 1',
      'REST post 1',
      'ending of 1',
      // Not post 11's ending: a TV post, whose related posts are chosen among TV's, which it joins.
      'ending of 16',
      'book posts',
      'cards',
    ]);
  });

  it('a card created, changed in the database and deleted: what shows cards, nothing else', async () => {
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query: `mutation($input: CreateUpcomingCardInput!) { createUpcomingCard(input: $input) { id } }`,
        variables: { input: { title: 'PLAYING', subtitle: 'A new card', image: null } },
      }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.input.image'] }));
    form.set('0', fileOf(await makeImage({ width: 800, height: 600 })));
    const created = await (
      await t.app.fetch(
        new Request('http://blog.test/graphql', {
          method: 'POST',
          headers: { 'x-graphql-yoga-csrf': '1', cookie: admin },
          body: form,
        }),
      )
    ).json();
    expect(created.errors).toBeUndefined();
    await expectShown(['cards', 'REST cards'], 'A new card');
    const postViews = Object.keys(views).filter((name) => !['home', 'cards', 'REST cards'].includes(name));
    await expectCached(postViews);

    await t.otherConnection(
      `UPDATE "UpcomingCard" SET "subtitle" = 'Changed in psql' WHERE "id" = '${created.data.createUpcomingCard.id}'`,
    );
    await expect.poll(() => text('cards'), { timeout: 5000, interval: 25 }).toContain('Changed in psql');
    await expectShown(['REST cards'], 'Changed in psql');
    await expectCached(postViews);

    await write(DELETE_CARD, { id: created.data.createUpcomingCard.id });
    await expectGone(['cards', 'REST cards'], 'Changed in psql');
    await expectCached(postViews);
  });

  it('writes from another connection: described ones cool what they touch, undescribed ones everything', async () => {
    await t.otherConnection(`UPDATE "Post" SET "title" = 'Renamed in psql' WHERE "id" = '${posts[12]!.id}'`);
    await expect.poll(() => text('REST post 12'), { timeout: 5000, interval: 25 }).toContain('Renamed in psql');
    await expectShown(
      ['page of 12', 'ending of 11', 'ending of 13', 'posts page 1', 'latest', 'feed', 'games feed'],
      'Renamed in psql',
    );
    await expectCached(FAR_FROM_PAGE_ONE);

    // An image rewritten in place shows through its post.
    await t.otherConnection(`UPDATE "Image" SET "focusX" = 0.25 WHERE "id" = '${posts[1]!.imageId}'`);
    await expect.poll(() => cached(views['REST post 1']!), { timeout: 5000, interval: 25 }).toBe(false);
    await expectCached(['page of 12', 'posts page 1']);

    // More rows than one notification describes (40): everything is cooled.
    await seedPosts(
      t.prisma,
      Array.from({ length: 25 }, (_, i) => ({ title: `More ${i}` })),
    );
    await t.settle();
    for (const name of ['cards', 'page of 1', 'blog page 2']) {
      await views[name]!();
      expect(await cached(views[name]!), name).toBe(true);
    }
    await t.otherConnection(`UPDATE "Post" SET "subtitle" = 'Bulk' WHERE "status" = 'PUBLISHED'`);
    await expect.poll(() => text('REST post 1'), { timeout: 5000, interval: 25 }).toContain('Bulk');
    await settleQuietly();
    for (const name of ['cards', 'page of 1', 'blog page 2']) expect(await cached(views[name]!), name).toBe(false);

    // The author's name is on every page: a change to users is everything.
    for (const name of ['cards', 'page of 1']) await views[name]!();
    await t.otherConnection(`UPDATE "User" SET "name" = 'Renamed author'`);
    await expect.poll(() => cached(views.cards!), { timeout: 5000, interval: 25 }).toBe(false);
    expect(await cached(views['page of 1']!)).toBe(false);
  });

  it('a statement on fewer than 40 posts is described, unless its description passes 7 900 bytes', async () => {
    // Ten posts' slugs, each then a few hundred bytes of the notification (old and new facts).
    const tenPosts = posts
      .slice(10, 20)
      .map((post) => `'${post.id}'`)
      .join(', ');
    const renameSlugs = (length: number) =>
      t.otherConnection(`UPDATE "Post" SET "slug" = rpad("slug" || '-', ${length}, 'x') WHERE "id" IN (${tenPosts})`);
    for (const name of ['cards', 'page of 1', 'blog page 2']) await views[name]!();

    // 10 slugs of 100 characters: about 3 000 bytes, described; what shows none of them stays.
    await renameSlugs(100);
    await expect.poll(() => text('posts page 1'), { timeout: 5000, interval: 25 }).toContain('x'.repeat(20));
    await expectCached(['cards', 'page of 1', 'blog page 2']);

    // 10 slugs of 700 characters: past what one notification carries, so it names the table alone,
    // which every server reads as "everything changed".
    await renameSlugs(700);
    await expect.poll(() => text('posts page 1'), { timeout: 5000, interval: 25 }).toContain('x'.repeat(500));
    await settleQuietly();
    for (const name of ['cards', 'page of 1', 'blog page 2']) expect(await cached(views[name]!), name).toBe(false);
  });
});
