// Posts through GraphQL: the lists and their pages, one post, and the admin's writes with the spec's
// validation messages and NOT_FOUND answers.
import { describe, expect } from 'vitest';
import { messages } from '#kernel/messages.ts';
import {
  DELETE_POST,
  expectDeleteNotFound,
  LATEST_POSTS,
  POST,
  POSTS,
  postInput,
  seedPosts,
  UPDATE_POST,
  uploadPost,
} from '../support/content.ts';
import { emptyContent, test } from '../support/fixtures.ts';
import { testDbKind } from '../support/test-database.ts';

const titlesOf = (body: { data?: { posts: { items: Array<{ title: string }> } } }) =>
  body.data!.posts.items.map((post) => post.title);

describe(`posts lists on ${testDbKind}`, () => {
  test.beforeEach(({ app }) => emptyContent(app));

  test('answers an empty first page when there is no post', async ({ app: t }) => {
    expect(await t.graphql(POSTS, {})).toEqual({ data: { posts: { page: 1, pages: 0, total: 0, items: [] } } });
  });

  test('pages 15 at a time, newest first, with pages = ceil(total / 15)', async ({ app: t }) => {
    await seedPosts(
      t.db.prisma,
      Array.from({ length: 31 }, () => ({})),
    );
    const first = await t.graphql(POSTS, {});
    expect(first.data.posts).toMatchObject({ page: 1, pages: 3, total: 31 });
    expect(titlesOf(first)).toEqual(Array.from({ length: 15 }, (_, i) => `Post ${31 - i}`));

    const second = await t.graphql(POSTS, { page: 2 });
    expect(titlesOf(second)).toEqual(Array.from({ length: 15 }, (_, i) => `Post ${16 - i}`));

    const last = await t.graphql(POSTS, { page: 3 });
    expect(last.data.posts).toMatchObject({ page: 3, pages: 3, total: 31 });
    expect(titlesOf(last)).toEqual(['Post 1']);
  });

  test('keeps posts published at the same moment in one order across pages: the higher id first', async ({
    app: t,
  }) => {
    // Imported together: one publication time for all 17, so the id alone orders them.
    const moment = new Date(Date.UTC(2026, 0, 1));
    const seeded = await seedPosts(
      t.db.prisma,
      Array.from({ length: 17 }, (_, i) => ({ title: `Together ${i}`, createdAt: moment })),
    );
    const expected = [...seeded].sort((a, b) => (a.id < b.id ? 1 : -1)).map((post) => post.title);
    const pages = [await t.graphql(POSTS, {}), await t.graphql(POSTS, { page: 2 })];
    expect([...titlesOf(pages[0]!), ...titlesOf(pages[1]!)]).toEqual(expected);
    // The REST facade's pages are the same slices of the same order.
    const rest = await (await t.request('/api/blogposts?pageNumber=2')).json();
    expect(rest.blogpostDocs.map((post: { title: string }) => post.title)).toEqual(expected.slice(15));
  });

  test('answers a page past the end with no posts and the true page count', async ({ app: t }) => {
    await seedPosts(t.db.prisma, [{}, {}]);
    expect(await t.graphql(POSTS, { page: 2 })).toEqual({
      data: { posts: { page: 2, pages: 1, total: 2, items: [] } },
    });
    expect((await t.graphql(POSTS, { page: 100_000 })).data.posts).toEqual({
      page: 100_000,
      pages: 1,
      total: 2,
      items: [],
    });
  });

  test('refuses a page below 1 or above 100000 as BAD_USER_INPUT', async ({ app: t }) => {
    for (const page of [0, -1, 100_001]) {
      const response = await t.graphqlResponse(POSTS, { page });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.data).toBeNull();
      expect(body.errors?.[0]).toMatchObject({
        message: 'Page must be a whole number from 1 to 100000',
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { page: 'Page must be a whole number from 1 to 100000' } },
      });
    }
  });

  test('lists one category, paged on its own count', async ({ app: t }) => {
    await seedPosts(
      t.db.prisma,
      Array.from({ length: 20 }, (_, i) => ({ category: i % 4 === 0 ? 'anime' : 'game', title: `P${i}` })),
    );
    const anime = await t.graphql(POSTS, { category: 'ANIME' });
    expect(anime.data.posts).toMatchObject({ page: 1, pages: 1, total: 5 });
    expect(titlesOf(anime)).toEqual(['P16', 'P12', 'P8', 'P4', 'P0']);
    expect(anime.data.posts.items.every((post: { category: string | null }) => post.category === 'ANIME')).toBe(true);

    const games = await t.graphql(POSTS, { category: 'GAME', page: 1 });
    expect(games.data.posts).toMatchObject({ pages: 1, total: 15 });
    expect((await t.graphql(POSTS, { category: 'BOOK' })).data.posts).toMatchObject({ pages: 0, total: 0, items: [] });
  });

  test('keeps one stable order for posts created at the same instant', async ({ app: t }) => {
    const createdAt = new Date('2026-03-01T12:00:00Z');
    await seedPosts(
      t.db.prisma,
      Array.from({ length: 20 }, (_, i) => ({ title: `Same ${i}`, createdAt })),
    );
    const pages = [...titlesOf(await t.graphql(POSTS, { page: 1 })), ...titlesOf(await t.graphql(POSTS, { page: 2 }))];
    expect(pages).toHaveLength(20);
    expect(new Set(pages).size).toBe(20);
  });

  test('gives the 9 newest posts as the latest', async ({ app: t }) => {
    await seedPosts(
      t.db.prisma,
      Array.from({ length: 12 }, () => ({})),
    );
    const { data } = await t.graphql(LATEST_POSTS);
    expect(data.latestPosts.map((post: { title: string }) => post.title)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Post ${12 - i}`),
    );
  });
});

describe(`one post on ${testDbKind}`, () => {
  test.beforeEach(({ app }) => emptyContent(app));

  test('answers every field of the contract', async ({ app: t }) => {
    const [seeded] = await seedPosts(t.db.prisma, [
      { title: 'Zelda', subtitle: 'Tears', content: '<p>Sky</p>', category: 'game' },
    ]);
    const { data } = await t.graphql(POST, { id: seeded!.id });
    expect(data.post).toEqual({
      id: seeded!.id,
      slug: 'zelda',
      title: 'Zelda',
      subtitle: 'Tears',
      content: '<p>Sky</p>',
      category: 'GAME',
      createdAt: seeded!.createdAt.toISOString(),
      updatedAt: seeded!.updatedAt.toISOString(),
      image: {
        url: expect.stringMatching(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}-960\.webp$/),
        width: 960,
        height: 540,
        srcset: expect.stringMatching(/-480\.webp 480w, \/uploads\/.+-960\.webp 960w$/),
      },
    });
  });

  test('is null for an unknown id and for something that is not an id', async ({ app: t }) => {
    for (const id of ['0196f0a0-0000-7000-8000-000000000000', 'not-an-id', "1' OR '1'='1", '']) {
      expect(await t.graphql(POST, { id })).toEqual({ data: { post: null } });
    }
  });
});

describe(`createPost on ${testDbKind}`, () => {
  test.beforeEach(({ app }) => emptyContent(app));

  test('stores the post with trimmed texts and returns it with its image', async ({ app: t, admin }) => {
    const { response, body } = await uploadPost(t, admin, {
      title: '  Elden Ring  ',
      subtitle: ' Lands Between ',
      category: 'ANIME',
    });
    expect(response.status).toBe(200);
    const post = body.data.createPost;
    expect(post).toMatchObject({
      title: 'Elden Ring',
      subtitle: 'Lands Between',
      content: '<p>The open air, again.</p>',
      category: 'ANIME',
      image: { width: 1200, height: 675 },
    });
    expect(post.createdAt).toBe(post.updatedAt);
    expect((await t.graphql(POST, { id: post.id })).data.post).toEqual(post);
    expect((await t.graphql(POSTS, {})).data.posts.items).toEqual([post]);
  });

  test('accepts 45 characters, refuses 46', async ({ app: t, admin }) => {
    const ok = await uploadPost(t, admin, { title: 'a'.repeat(45), subtitle: 'b'.repeat(45) });
    expect(ok.body.data.createPost.title).toBe('a'.repeat(45));
    const tooLong = await uploadPost(t, admin, { title: 'a'.repeat(46), subtitle: 'b'.repeat(46) });
    expect(tooLong.response.status).toBe(400);
    expect(tooLong.body.errors?.[0]).toMatchObject({
      message: messages.maxLength45,
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: { title: '45 characters maximum allowed', subtitle: '45 characters maximum allowed' },
      },
    });
  });

  test("says 'This field is required' for every empty text, the first one as the message", async ({
    app: t,
    admin,
  }) => {
    const { response, body } = await uploadPost(t, admin, { title: '   ', subtitle: '', content: '<p><br></p>' });
    expect(response.status).toBe(400);
    expect(body.errors?.[0]).toMatchObject({
      message: 'This field is required',
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: {
          title: 'This field is required',
          subtitle: 'This field is required',
          content: 'This field is required',
        },
      },
    });
    expect(await t.db.prisma.post.count()).toBe(0);
  });

  test('treats content that is only what sanitizing removes as empty', async ({ app: t, admin }) => {
    const { body } = await uploadPost(t, admin, { content: '<script>alert(1)</script><iframe src="x"></iframe>' });
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual({ content: 'This field is required' });
  });

  test('refuses content above 100000 characters', async ({ app: t, admin }) => {
    const { body } = await uploadPost(t, admin, { content: `<p>${'x'.repeat(100_000)}</p>` });
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual({ content: 'Content must be at most 100000 characters' });
  });

  test('gives the REST door the category and image messages that GraphQL types make unreachable', async ({
    app: t,
  }) => {
    const posts = t.app.services.posts;
    const base = { title: 'T', subtitle: 'S', content: '<p>C</p>' };
    await expect(posts.create({ ...base, category: '' })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      status: 400,
      message: 'Image is required',
      details: { fieldErrors: { image: 'Image is required', category: 'Choose an option' } },
    });
    await expect(posts.create({ ...base, category: 'music' })).rejects.toMatchObject({
      details: { fieldErrors: { image: 'Image is required', category: 'Not a valid option' } },
    });
  });
});

describe(`updatePost on ${testDbKind}`, () => {
  test.beforeEach(({ app }) => emptyContent(app));

  test('replaces the fields and keeps the image when none is sent', async ({ app: t, admin }) => {
    const created = (await uploadPost(t, admin)).body.data.createPost;
    const { data } = await t.graphql(
      UPDATE_POST,
      {
        id: created.id,
        input: postInput({
          title: ' Tears of the Kingdom ',
          subtitle: 'Sequel',
          content: '<p>New</p>',
          category: 'TV',
        }),
      },
      { cookie: admin },
    );
    expect(data.updatePost).toMatchObject({
      id: created.id,
      title: 'Tears of the Kingdom',
      subtitle: 'Sequel',
      content: '<p>New</p>',
      category: 'TV',
      createdAt: created.createdAt,
      image: created.image,
    });
    expect(new Date(data.updatePost.updatedAt).getTime()).toBeGreaterThan(new Date(created.updatedAt).getTime());
    expect((await t.graphql(POST, { id: created.id })).data.post).toEqual(data.updatePost);
  });

  test('validates like createPost and leaves the post unchanged', async ({ app: t, admin }) => {
    const created = (await uploadPost(t, admin)).body.data.createPost;
    const response = await t.graphqlResponse(
      UPDATE_POST,
      { id: created.id, input: postInput({ title: '', content: '' }) },
      { cookie: admin },
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0]).toMatchObject({
      message: 'This field is required',
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: { title: 'This field is required', content: 'This field is required' },
      },
    });
    expect((await t.graphql(POST, { id: created.id })).data.post).toEqual(created);
  });

  test("answers NOT_FOUND 'Blogpost not found' for an unknown or malformed id", async ({ app: t, admin }) => {
    for (const id of ['0196f0a0-0000-7000-8000-000000000000', 'nope']) {
      const response = await t.graphqlResponse(UPDATE_POST, { id, input: postInput() }, { cookie: admin });
      expect(response.status).toBe(404);
      expect((await response.json()).errors[0]).toMatchObject({
        message: 'Blogpost not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });
});

describe(`deletePost on ${testDbKind}`, () => {
  test.beforeEach(({ app }) => emptyContent(app));

  test('deletes the post and answers its id', async ({ app: t, admin }) => {
    const created = (await uploadPost(t, admin)).body.data.createPost;
    expect(await t.graphql(DELETE_POST, { id: created.id }, { cookie: admin })).toEqual({
      data: { deletePost: created.id },
    });
    expect((await t.graphql(POST, { id: created.id })).data.post).toBeNull();
    expect(await t.db.prisma.image.count()).toBe(0);
  });

  test("answers NOT_FOUND 'Blogpost not found' for an unknown, malformed or already deleted id", async ({
    app: t,
    admin,
  }) => {
    const created = (await uploadPost(t, admin)).body.data.createPost;
    await expectDeleteNotFound(t, admin, DELETE_POST, { id: created.id, malformed: '42' }, 'Blogpost not found');
  });
});
