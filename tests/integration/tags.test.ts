// Tags besides the four categories (issue 36): saved with a post and read with it (GraphQL, REST),
// a tag's list (posts(tag:), /tag/{slug} with its pages and feeds, the sitemap, JSON-LD), the
// studio's rename, merge and delete with the old address redirecting, bad input refused with field
// errors and nothing changed, only the admin writing, and a tag change cooling exactly the cached
// answers it touches, whichever connection made it.
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import type { Post } from '../../server/generated/prisma/client.ts';
import { TAG_NAME_MAX, TAGS_MAX, tagMessages } from '#kernel/tag-rules.ts';
import { postInput, seedPosts, writePostWithCover } from '../support/content.ts';
import { test } from '../support/fixtures.ts';
import { createQueryLoggingApp, type QueryLoggingApp, settleQuietly as settleQuietlyOn } from '../support/query-log.ts';
import type { TestApp } from '../support/test-app.ts';

const TAG_FIELDS = 'id slug title tags { name slug }';
const CREATE = `mutation ($input: CreatePostInput!) { createPost(input: $input) { ${TAG_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { ${TAG_FIELDS} } }`;
const TAGGED = `query ($slug: String!, $page: Int) {
  tag(slug: $slug) { name slug }
  posts(tag: $slug, page: $page) { total pages items { title tags { name } } }
}`;
const TAGS = 'query { tags { id name slug postCount publishedCount } }';
const RENAME = 'mutation ($id: ID!, $name: String!) { renameTag(id: $id, name: $name) { id name slug postCount } }';
const MERGE = 'mutation ($id: ID!, $into: ID!) { mergeTag(id: $id, into: $into) { id name slug postCount } }';
const DELETE = 'mutation ($id: ID!) { deleteTag(id: $id) }';

/** Tags named so, each given to the posts listed (in order), straight in the database. */
async function tagged(t: TestApp, tags: Record<string, Post[]>): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [name, posts] of Object.entries(tags)) {
    const slug = name.toLowerCase().replaceAll(' ', '-');
    const tag = await t.db.prisma.tag.create({ data: { name, slug } });
    ids[name] = tag.id;
    await t.db.prisma.postTag.createMany({ data: posts.map((post) => ({ postId: post.id, tagId: tag.id })) });
  }
  return ids;
}

/** What a write may change: every tag, former address and post's tag, and the posts' titles. */
async function tagState(t: TestApp) {
  const { prisma } = t.db;
  return {
    tags: await prisma.tag.findMany({ orderBy: { id: 'asc' } }),
    former: await prisma.tagSlugRedirect.findMany({ orderBy: { slug: 'asc' } }),
    postTags: await prisma.postTag.findMany({ orderBy: [{ postId: 'asc' }, { tagId: 'asc' }] }),
    posts: await prisma.post.findMany({ orderBy: { id: 'asc' }, select: { id: true, title: true, updatedAt: true } }),
  };
}

describe('tags', () => {
  test('are saved with a post, normalized, and read with it by GraphQL and REST', async ({ app: t, admin }) => {
    const created = await writePostWithCover(t, admin, CREATE, {
      input: postInput({ title: 'Tagged post', tags: ['  Cozy   games ', 'Puzzles', 'cozy-games', ''] }),
    });
    // Spaces collapsed; a name with the address of one before it is the same tag, kept once.
    expect(created.tags).toEqual([
      { name: 'Cozy games', slug: 'cozy-games' },
      { name: 'Puzzles', slug: 'puzzles' },
    ]);
    const rest = await (await t.request(`/api/blogposts/${created.id}`)).json();
    expect(rest.tags).toEqual(created.tags);
    expect(rest).toMatchObject({ _id: created.id, title: 'Tagged post' });
    const list = await (await t.request('/api/blogposts')).json();
    expect(list.blogpostDocs.find((post: { _id: string }) => post._id === created.id).tags).toEqual(created.tags);

    // A new order and a new tag; an existing tag is found by its address, whatever the case.
    const input = { ...postInput({ title: 'Tagged post' }), tags: ['RETRO', 'puzzles'] };
    const updated = await t.graphql(UPDATE, { id: created.id, input }, { cookie: admin });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updatePost.tags).toEqual([
      { name: 'RETRO', slug: 'retro' },
      { name: 'Puzzles', slug: 'puzzles' },
    ]);
    // A write without tags (the original client's) keeps them.
    const kept = await t.graphql(UPDATE, { id: created.id, input: postInput({ title: 'Renamed' }) }, { cookie: admin });
    expect(kept.data.updatePost.tags.map((tag: { name: string }) => tag.name)).toEqual(['RETRO', 'Puzzles']);
    const counts = (await t.graphql(TAGS, {}, { cookie: admin })).data.tags;
    expect(counts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Cozy games', postCount: 0 }),
        expect.objectContaining({ name: 'Puzzles', postCount: 1, publishedCount: 1 }),
      ]),
    );
  });

  test("list a tag's published posts 15 a page, at /tag/{slug}, in its feeds, the sitemap and JSON-LD", async ({
    app: t,
  }) => {
    const posts = await seedPosts(
      t.db.prisma,
      Array.from({ length: 17 }, (_, i) => ({ title: `Long ${i + 1}` })),
    );
    const draft = posts[16]!;
    await t.db.prisma.post.update({ where: { id: draft.id }, data: { status: 'DRAFT', publishedAt: null } });
    await tagged(t, { 'Long list': posts, Other: [posts[0]!] });

    const first = (await t.graphql(TAGGED, { slug: 'long-list' })).data;
    expect(first.tag).toEqual({ name: 'Long list', slug: 'long-list' });
    expect(first.posts).toMatchObject({ total: 16, pages: 2 });
    expect(first.posts.items).toHaveLength(15);
    expect(first.posts.items[0].title).toBe('Long 16');
    const second = (await t.graphql(TAGGED, { slug: 'long-list', page: 2 })).data.posts;
    expect(second.items.map((post: { title: string }) => post.title)).toEqual(['Long 1']);
    expect(second.items[0].tags).toEqual([{ name: 'Long list' }, { name: 'Other' }]);
    const unknown = (await t.graphql(TAGGED, { slug: 'no-such-tag' })).data;
    expect(unknown).toEqual({ tag: null, posts: { total: 0, pages: 0, items: [] } });

    const page = await t.request('/tag/long-list');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Tagged “Long list”');
    expect(html).toContain('http://blog.test/tag/long-list/rss.xml');
    expect((await t.request('/tag/long-list/page/2')).status).toBe(200);
    expect((await t.request('/tag/long-list/page/3')).status).toBe(404);
    expect((await t.request('/tag/no-such-tag')).status).toBe(404);

    const rss = await (await t.request('/tag/long-list/rss.xml')).text();
    expect(rss).toContain('<title>Tagged “Long list”');
    expect(rss).toContain('<title>Long 16</title>');
    expect(rss).not.toContain(`<title>${draft.title}</title>`);
    // Each item names its tags, as its page does (the first post has two).
    expect(rss).toContain('<category domain="http://blog.test/tag/long-list">Long list</category>');
    expect(rss).toContain('<category domain="http://blog.test/tag/other">Other</category>');
    const atom = await t.request('/tag/long-list/atom.xml');
    expect(atom.headers.get('content-type')).toContain('application/atom+xml');
    const atomText = await atom.text();
    expect(atomText).toContain('<title type="text">Long 2</title>');
    expect(atomText).toContain('<category term="long-list" scheme="http://blog.test/tag/" label="Long list"/>');
    expect((await t.request('/tag/no-such-tag/rss.xml')).status).toBe(404);

    const sitemap = await (await t.request('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://blog.test/tag/long-list</loc>');
    expect(sitemap).toContain('<loc>http://blog.test/tag/long-list/page/2</loc>');
    const postPage = await (await t.request(`/blog/${posts[0]!.slug}`)).text();
    expect(postPage).toContain('"keywords":"Long list, Other"');
  });

  test('are renamed, merged and deleted in the studio; an old address redirects', async ({ app: t, admin }) => {
    const [first, second, both] = await seedPosts(t.db.prisma, [
      { title: 'First' },
      { title: 'Second' },
      { title: 'Both' },
    ]);
    const ids = await tagged(t, { 'Old name': [first!, both!], Target: [both!, second!] });
    const call = async (query: string, variables: Record<string, unknown>) => {
      const body = await t.graphql(query, variables, { cookie: admin });
      expect(body.errors).toBeUndefined();
      return body.data;
    };
    const location = async (path: string) => {
      const response = await t.request(path, { redirect: 'manual' });
      return [response.status, response.headers.get('location')];
    };

    expect((await call(RENAME, { id: ids['Old name'], name: 'New name' })).renameTag).toMatchObject({
      name: 'New name',
      slug: 'new-name',
      postCount: 2,
    });
    expect(await location('/tag/old-name')).toEqual([301, '/tag/new-name']);
    expect(await location('/tag/old-name/page/2')).toEqual([301, '/tag/new-name/page/2']);
    expect(await location('/tag/old-name/rss.xml')).toEqual([301, '/tag/new-name/rss.xml']);
    expect((await call(TAGGED, { slug: 'new-name' })).posts.total).toBe(2);

    expect((await call(MERGE, { id: ids['Old name'], into: ids.Target })).mergeTag).toMatchObject({
      name: 'Target',
      postCount: 3,
    });
    expect(await location('/tag/new-name')).toEqual([301, '/tag/target']);
    expect(await location('/tag/old-name')).toEqual([301, '/tag/target']);
    const merged = await call(TAGGED, { slug: 'target' });
    expect(merged.posts.items.map((post: { tags: unknown }) => post.tags)).toEqual([
      [{ name: 'Target' }],
      [{ name: 'Target' }],
      [{ name: 'Target' }],
    ]);

    expect((await call(DELETE, { id: ids.Target })).deleteTag).toBe(ids.Target);
    expect((await t.request('/tag/target')).status).toBe(404);
    expect((await t.request('/tag/old-name')).status).toBe(404);
    const rest = await (await t.request(`/api/blogposts/${both!.id}`)).json();
    expect(rest.tags).toEqual([]);
  });

  test('refuse bad input with field errors, and change nothing', async ({ app: t, admin }) => {
    const [post] = await seedPosts(t.db.prisma, [{ title: 'Untouched' }]);
    const ids = await tagged(t, { Kept: [post!], Another: [] });
    const before = await tagState(t);
    const tooMany = Array.from({ length: TAGS_MAX + 1 }, (_, i) => `Tag ${i}`);
    const long = 'x'.repeat(TAG_NAME_MAX + 1);
    for (const [tags, message] of [
      [tooMany, tagMessages.tooMany],
      [['Fine', 'semi;colon'], tagMessages.characters('semi;colon')],
      [[long], tagMessages.tooLong(long)],
    ] as const) {
      const input = { ...postInput({ title: 'Changed' }), tags };
      const update = await t.graphql(UPDATE, { id: post!.id, input }, { cookie: admin });
      expect(update.errors?.[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { tags: message } },
      });
      const create = await t.graphql(
        CREATE,
        { input: { ...postInput({ title: 'New' }), status: 'DRAFT', tags } },
        { cookie: admin },
      );
      expect(create.errors?.[0]?.extensions).toMatchObject({ fieldErrors: { tags: message } });
    }
    for (const [name, message] of [
      ['  ', tagMessages.nameRequired],
      ['Another', tagMessages.taken],
      ['a/b', tagMessages.characters('a/b')],
    ] as const) {
      const rename = await t.graphql(RENAME, { id: ids.Kept, name }, { cookie: admin });
      expect(rename.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { name: message } });
    }
    const merge = await t.graphql(MERGE, { id: ids.Kept, into: ids.Kept }, { cookie: admin });
    expect(merge.errors?.[0]?.extensions?.fieldErrors).toEqual({ into: tagMessages.mergeIntoItself });
    const gone = await t.graphql(DELETE, { id: '0196f0a0-0000-7000-8000-000000000000' }, { cookie: admin });
    expect(gone.errors?.[0]).toMatchObject({ message: tagMessages.notFound, extensions: { code: 'NOT_FOUND' } });
    const mixed = await t.graphql('{ posts(tag: "kept", category: GAME) { total } }');
    expect(mixed.errors?.[0]?.extensions?.fieldErrors).toEqual({ tag: tagMessages.alone });
    expect(await tagState(t)).toEqual(before);
  });

  test('are listed and changed by the admin alone', async ({ app: t }) => {
    const [post] = await seedPosts(t.db.prisma, [{ title: 'Guarded' }]);
    const ids = await tagged(t, { Guarded: [post!], Elsewhere: [] });
    const before = await tagState(t);
    const reader = (await t.signIn()).cookie;
    for (const [cookie, code] of [
      [undefined, 'UNAUTHENTICATED'],
      [reader, 'FORBIDDEN'],
    ] as const) {
      for (const [query, variables] of [
        [TAGS, {}],
        [RENAME, { id: ids.Guarded, name: 'Taken over' }],
        [MERGE, { id: ids.Guarded, into: ids.Elsewhere }],
        [DELETE, { id: ids.Guarded }],
        [UPDATE, { id: post!.id, input: { ...postInput(), tags: ['Spam'] } }],
      ] as const) {
        const body = await t.graphql(query, variables, { cookie });
        expect(body.errors?.[0]?.extensions?.code, query).toBe(code);
      }
    }
    expect(await tagState(t)).toEqual(before);
  });
});

describe('a tag change cools what it touches, from this server or another connection', () => {
  let t: QueryLoggingApp;
  let admin: string;
  let posts: Post[];
  beforeAll(async () => {
    // Writes are announced only as production announces them: by the services and the triggers.
    t = await createQueryLoggingApp({ announceWrites: false });
    admin = await t.signIn();
    await t.cachesOn();
  });
  afterAll(() => t.dispose());

  const POST_TAGS = 'query ($id: ID!) { post(id: $id) { title tags { name } } }';
  const views: Record<string, () => Promise<Response>> = {
    'tag a': () => t.graphqlResponse(TAGGED, { slug: 'alpha' }),
    'tag a feed': () => t.get('/tag/alpha/rss.xml'),
    'tag b': () => t.graphqlResponse(TAGGED, { slug: 'beta' }),
    'tag b page': () => t.get('/tag/beta'),
    'tag c': () => t.graphqlResponse(TAGGED, { slug: 'gamma' }),
    'post 0': () => t.graphqlResponse(POST_TAGS, { id: posts[0]!.id }),
    'post 1': () => t.graphqlResponse(POST_TAGS, { id: posts[1]!.id }),
    'REST post 0': () => t.get(`/api/blogposts/${posts[0]!.id}`),
  };
  const cached = async (name: string) => (await views[name]!()).headers.get('age') !== null;
  const body = async (name: string) => (await views[name]!()).text();

  beforeEach(async () => {
    await t.otherConnection(`DELETE FROM "Tag"; DELETE FROM "PostPicture"; DELETE FROM "Post"; DELETE FROM "Image"`);
    posts = await seedPosts(t.prisma, [{ title: 'Zero' }, { title: 'One' }]);
    await t.otherConnection(
      `INSERT INTO "Tag" ("id", "name", "slug") VALUES
         ('00000000-0000-4000-8000-00000000000a', 'Alpha', 'alpha'),
         ('00000000-0000-4000-8000-00000000000b', 'Beta', 'beta'),
         ('00000000-0000-4000-8000-00000000000c', 'Gamma', 'gamma');
       INSERT INTO "PostTag" ("postId", "tagId") VALUES
         ('${posts[0]!.id}', '00000000-0000-4000-8000-00000000000a'),
         ('${posts[1]!.id}', '00000000-0000-4000-8000-00000000000b')`,
    );
    await t.settle();
    for (const name of Object.keys(views)) {
      await views[name]!();
      await views[name]!();
    }
    for (const name of Object.keys(views)) expect(await cached(name), `${name} is cached`).toBe(true);
  });

  const settleQuietly = () => settleQuietlyOn(t);

  test("an edit's tags: the lists it left and joined and its own page, not the others", async () => {
    const input = { ...postInput({ title: 'Zero' }), tags: ['Gamma'] };
    const response = await t.graphqlResponse(UPDATE, { id: posts[0]!.id, input }, { cookie: admin });
    expect((await response.json()).errors).toBeUndefined();
    expect(await body('tag a')).not.toContain('Zero');
    expect(await body('tag a feed')).not.toContain('<title>Zero</title>');
    expect(await body('tag c')).toContain('Zero');
    expect(await body('post 0')).toContain('Gamma');
    expect((await (await views['REST post 0']!()).json()).tags).toEqual([{ name: 'Gamma', slug: 'gamma' }]);
    await settleQuietly();
    for (const name of ['tag b', 'tag b page', 'post 1']) {
      expect(await cached(name), `${name} is still cached`).toBe(true);
    }
  });

  test('a post given a tag by another connection (psql, another server)', async () => {
    await t.otherConnection(
      `INSERT INTO "PostTag" ("postId", "tagId") VALUES ('${posts[1]!.id}', '00000000-0000-4000-8000-00000000000a')`,
    );
    await expect.poll(() => body('tag a'), { timeout: 5000 }).toContain('One');
    expect(await body('post 1')).toContain('Alpha');
    await settleQuietly();
    // Tag b's list shows post 1 with its tags: it changed too.
    expect(await body('tag b')).toContain('{"name":"Alpha"}');
    for (const name of ['tag c', 'post 0']) expect(await cached(name), `${name} is still cached`).toBe(true);
  });

  test('a rename: every answer, and the old address redirects', async () => {
    const response = await t.graphqlResponse(
      RENAME,
      { id: '00000000-0000-4000-8000-00000000000a', name: 'Alef' },
      { cookie: admin },
    );
    expect((await response.json()).errors).toBeUndefined();
    expect(await body('post 0')).toContain('Alef');
    expect(await body('tag b page')).toContain('Tagged “Beta”');
    const old = await t.get('/tag/alpha');
    expect([old.status, old.headers.get('location')]).toEqual([301, '/tag/alef']);
  });
});
