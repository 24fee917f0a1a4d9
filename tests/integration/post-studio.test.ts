// The author's studio on the server: drafts and scheduled posts never reach anyone but an admin (every
// read path a reader, a crawler or a feed reader has), a draft needs only a title, scheduled posts go
// public at their time exactly once, readable addresses with permanent redirects from the old ones,
// and an edit based on an older copy is refused instead of overwriting.
import { describe, expect } from 'vitest';
import { messages } from '#kernel/messages.ts';
import { postMessages } from '#kernel/post-rules.ts';
import { slugMessages } from '#kernel/slug-rules.ts';
import { PostScheduler } from '../../server/modules/post/post-scheduler.ts';
import sharp from 'sharp';
import { writePostWithCover } from '../support/content.ts';
import { fileOf, makeTwoColourImage, pixelAt } from '../support/images.ts';
import { graphqlErrors } from '../support/expected-errors.ts';
import { emptyContent, test } from '../support/fixtures.ts';
import type { TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const STUDIO_POST = `id slug status title publishedAt createdAt updatedAt imageAlt description category
  image { url focusX focusY }`;

const CREATE = `mutation ($input: CreatePostInput!) { createPost(input: $input) { ${STUDIO_POST} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { ${STUDIO_POST} } }`;
const SET_STATUS = `mutation ($id: ID!, $status: PostStatus!, $publishAt: DateTime) {
  setPostStatus(id: $id, status: $status, publishAt: $publishAt) { ${STUDIO_POST} } }`;
const BY_ID = `query ($id: ID!) { post(id: $id) { ${STUDIO_POST} } }`;
const BY_SLUG = `query ($slug: String!) { post(slug: $slug) { ${STUDIO_POST} } }`;
const LISTS = `query ($search: String) {
  posts { total items { title } }
  latestPosts { title }
  games: posts(category: GAME) { total items { title } }
  found: posts(search: $search) { total items { title } }
}`;
const ADMIN_POSTS = `query ($status: PostStatus, $search: String) {
  adminPosts(status: $status, search: $search) { total items { title status } } }`;

const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]) => r! < 60 && g! < 60 && b! > 200;

const publishedInput = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  subtitle: 'A subtitle',
  content: '<p>Words about it.</p>',
  category: 'GAME',
  ...extra,
});

const createPublished = (t: TestApp, admin: string, title: string, extra: Record<string, unknown> = {}) =>
  writePostWithCover(t, admin, CREATE, { input: publishedInput(title, extra) });

/** Everything a reader, a crawler or a feed reader could read, as text, to look for a title in. */
async function publicEverything(t: TestApp, post: { id: string; slug: string }, keyword: string): Promise<string> {
  const lists = await t.graphql(LISTS, { search: keyword });
  const byId = await t.graphql(BY_ID, { id: post.id });
  const bySlug = await t.graphql(BY_SLUG, { slug: post.slug });
  const texts = [JSON.stringify(lists.data), JSON.stringify(byId.data), JSON.stringify(bySlug.data)];
  for (const path of [
    '/api/blogposts',
    '/api/blogposts/latest',
    '/api/blogposts/games',
    `/api/blogposts?keyword=${keyword}`,
    '/rss.xml',
    '/atom.xml',
    '/games/rss.xml',
    '/sitemap.xml',
    '/',
    '/blog',
    '/games',
  ]) {
    texts.push(await (await t.request(path)).text());
  }
  for (const path of [`/api/blogposts/${post.id}`, `/api/blogposts/${post.slug}`, `/blog/${post.slug}`]) {
    const response = await t.request(path);
    texts.push(`${response.status} ${await response.text()}`);
  }
  return texts.join('\n');
}

describe(`the author's studio on ${testDbKind}`, () => {
  test.beforeEach(({ app }) => emptyContent(app));

  test('a draft needs only a title, and nobody but an admin ever sees it', async ({ app: t, admin }) => {
    await createPublished(t, admin, 'A public review');
    // Read once, so every cache holds the answers from before the draft.
    const before = await publicEverything(t, { id: '00000000-0000-7000-8000-000000000000', slug: 'x' }, 'zanzibar');

    const draft = await t.graphql(
      CREATE,
      { input: { title: 'Zanzibar notes', subtitle: '', content: '', status: 'DRAFT' } },
      { cookie: admin },
    );
    expect(draft.errors).toBeUndefined();
    const post = draft.data.createPost;
    expect(post).toMatchObject({
      status: 'DRAFT',
      slug: 'zanzibar-notes',
      publishedAt: null,
      image: null,
      category: null,
    });

    const after = await publicEverything(t, post, 'zanzibar');
    expect(after).not.toContain('Zanzibar');
    expect(after).toContain(`404 `); // the REST read and the page, by id and by slug
    expect((await t.graphql(LISTS, { search: 'zanzibar' })).data.posts.total).toBe(1);
    expect(before).not.toContain('Zanzibar');
    // A signed-in reader is no admin.
    const reader = await t.signIn();
    expect((await t.graphql(BY_ID, { id: post.id }, { cookie: reader.cookie })).data.post).toBeNull();

    // The admin finds it, by id, by slug and in the studio's list.
    expect((await t.graphql(BY_ID, { id: post.id }, { cookie: admin })).data.post.title).toBe('Zanzibar notes');
    expect((await t.graphql(BY_SLUG, { slug: 'zanzibar-notes' }, { cookie: admin })).data.post.id).toBe(post.id);
    const studio = await t.graphql(ADMIN_POSTS, { status: 'DRAFT' }, { cookie: admin });
    expect(studio.data.adminPosts).toEqual({ total: 1, items: [{ title: 'Zanzibar notes', status: 'DRAFT' }] });
    expect((await t.graphql(ADMIN_POSTS, { search: 'zanzibar' }, { cookie: admin })).data.adminPosts.total).toBe(1);
    expect((await t.graphql(ADMIN_POSTS, {})).errors).toEqual(graphqlErrors('Not authorized', 'UNAUTHENTICATED'));
    // The author's preview of it is never stored for anyone else.
    const preview = await t.request(`/blog/${post.slug}`, { headers: { cookie: admin } });
    expect(preview.headers.get('cache-control')).toMatch(/no-store/);
    expect((await t.request(`/blog/${post.slug}`)).status).toBe(404);
  });

  test('a draft keeps what it has, and is published only when it is whole', async ({ app: t, admin }) => {
    const refused = await t.graphql(
      CREATE,
      { input: { title: ' ', subtitle: '', content: '', status: 'DRAFT' } },
      { cookie: admin },
    );
    expect(refused.errors).toEqual(
      graphqlErrors(messages.required, 'BAD_USER_INPUT', { fieldErrors: { title: messages.required } }),
    );
    expect(await t.db.prisma.post.count()).toBe(0);

    const { data } = await t.graphql(
      CREATE,
      { input: { title: 'Half done', subtitle: 'So far', content: '<p>Some</p>', status: 'DRAFT' } },
      { cookie: admin },
    );
    const id = data.createPost.id;
    const publish = await t.graphql(SET_STATUS, { id, status: 'PUBLISHED' }, { cookie: admin });
    expect(publish.errors).toEqual(
      graphqlErrors(messages.imageRequired, 'BAD_USER_INPUT', {
        fieldErrors: { image: messages.imageRequired, category: messages.chooseOption },
      }),
    );
    expect((await t.db.prisma.post.findUniqueOrThrow({ where: { id } })).status).toBe('DRAFT');

    // The same post, given a cover and a category, goes public with its publication date.
    const halfDone = await writePostWithCover(t, admin, UPDATE, {
      id,
      input: publishedInput('Half done', { status: 'PUBLISHED' }),
    });
    expect(halfDone.status).toBe('PUBLISHED');
    expect(Date.parse(halfDone.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.graphql(LISTS, {})).data.posts.items).toEqual([{ title: 'Half done' }]);

    // Unpublished again: gone from every list at once.
    await t.graphql(SET_STATUS, { id, status: 'DRAFT' }, { cookie: admin });
    expect((await t.graphql(LISTS, {})).data.posts.total).toBe(0);
  });

  test('a scheduled post waits for its time, then goes public once, everywhere at once', async ({ app: t, admin }) => {
    const noTime = await t.graphql(
      CREATE,
      { input: { ...publishedInput('Soon'), status: 'SCHEDULED' } },
      { cookie: admin },
    );
    expect(noTime.errors?.[0]?.extensions?.fieldErrors).toMatchObject({ publishAt: postMessages.publishAtRequired });
    const past = await t.graphql(
      CREATE,
      { input: { ...publishedInput('Soon'), status: 'SCHEDULED', publishAt: '2020-01-01T00:00:00Z' } },
      { cookie: admin },
    );
    expect(past.errors?.[0]?.extensions?.fieldErrors).toMatchObject({ publishAt: postMessages.publishAtPast });
    // A time without its offset names no instant (the server's own zone would decide it): refused.
    const zoneless = await t.graphql(
      CREATE,
      { input: { ...publishedInput('Soon'), status: 'SCHEDULED', publishAt: '2099-01-15T09:00' } },
      { cookie: admin },
    );
    expect(zoneless.errors?.[0]?.message).toContain('DateTime must be an ISO 8601 string with its offset');
    expect(zoneless.data ?? null).toBeNull();

    const publishAt = new Date(Date.now() + 1500);
    const post = await createPublished(t, admin, 'Coming soon', {
      status: 'SCHEDULED',
      publishAt: publishAt.toISOString(),
    });
    expect(post).toMatchObject({ status: 'SCHEDULED', publishedAt: publishAt.toISOString() });
    expect(await publicEverything(t, post, 'coming')).not.toContain('Coming soon');

    // Two server processes' schedulers on one database, firing together: one publishes it.
    const first = new PostScheduler(t.db.prisma, t.app.changes);
    const second = new PostScheduler(t.db.prisma, t.app.changes);
    expect(await first.publishDue(new Date(publishAt.getTime() - 1))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() - Date.now() + 50));
    const published = await Promise.all([first.publishDue(), second.publishDue()]);
    expect(published.flat()).toEqual([post.id]);

    const everything = await publicEverything(t, post, 'coming');
    expect(everything).toContain(`<loc>http://blog.test/blog/coming-soon</loc>`);
    expect((await t.graphql(LISTS, { search: 'coming' })).data.found.items).toEqual([{ title: 'Coming soon' }]);
    expect((await t.graphql(BY_SLUG, { slug: 'coming-soon' })).data.post.publishedAt).toBe(publishAt.toISOString());
    // What readers see is the publication date, the REST createdAt too.
    const rest = await (await t.request(`/api/blogposts/${post.id}`)).json();
    expect(rest.createdAt).toBe(publishAt.toISOString());
  });

  test('a started scheduler publishes what came due while no server ran, and what comes due later', async ({
    app: t,
    admin,
  }) => {
    const post = await createPublished(t, admin, 'Overnight', {
      status: 'SCHEDULED',
      publishAt: new Date(Date.now() + 1000).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await createPublished(t, admin, 'Later on', {
      status: 'SCHEDULED',
      publishAt: new Date(Date.now() + 1500).toISOString(),
    });
    const scheduler = new PostScheduler(t.db.prisma, t.app.changes);
    try {
      scheduler.start();
      await expect.poll(async () => (await t.graphql(BY_ID, { id: post.id })).data.post?.status).toBe('PUBLISHED');
      expect((await t.graphql(BY_ID, { id: later.id })).data.post).toBeNull();
      await expect
        .poll(async () => (await t.graphql(BY_ID, { id: later.id })).data.post?.status, { timeout: 10_000 })
        .toBe('PUBLISHED');
    } finally {
      scheduler.stop();
    }
  });

  test('addresses are made from titles, unique, editable, and old ones redirect for good', async ({
    app: t,
    admin,
  }) => {
    const first = await createPublished(t, admin, 'Pokémon: Legends Z-A!');
    expect(first.slug).toBe('pokemon-legends-z-a');
    const second = await createPublished(t, admin, 'Pokémon Legends Z A');
    expect(second.slug).toBe('pokemon-legends-z-a-2');

    // The page of a post is at its slug; its id leads there.
    const page = await t.request('/blog/pokemon-legends-z-a');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(
      '<link data-server-meta="page" rel="canonical" href="http://blog.test/blog/pokemon-legends-z-a">',
    );
    const byId = await t.request(`/blog/${first.id}`, { redirect: 'manual' });
    expect(byId.status).toBe(301);
    expect(byId.headers.get('location')).toBe('/blog/pokemon-legends-z-a');
    // An address typed with capitals is the same post's: a redirect to the lower-case one.
    const capitals = await t.request('/blog/Pokemon-Legends-Z-A?ref=chat', { redirect: 'manual' });
    expect(capitals.status).toBe(301);
    expect(capitals.headers.get('location')).toBe('/blog/pokemon-legends-z-a?ref=chat');
    expect((await t.graphql(BY_SLUG, { slug: 'POKEMON-LEGENDS-Z-A' })).data.post.id).toBe(first.id);
    expect((await t.request('/blog/No-Such-Post')).status).toBe(404);

    // The author renames the address: the old one redirects, in pages and the API alike.
    const renamed = await t.graphql(
      UPDATE,
      { id: first.id, input: { ...publishedInput('Pokémon: Legends Z-A!'), slug: 'legends-z-a-review' } },
      { cookie: admin },
    );
    expect(renamed.data.updatePost.slug).toBe('legends-z-a-review');
    const old = await t.request('/blog/pokemon-legends-z-a', { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/blog/legends-z-a-review');
    const oldCapitals = await t.request('/blog/Pokemon-Legends-Z-A', { redirect: 'manual' });
    expect(oldCapitals.headers.get('location')).toBe('/blog/legends-z-a-review');
    expect((await t.graphql(BY_SLUG, { slug: 'pokemon-legends-z-a' })).data.post.slug).toBe('legends-z-a-review');
    expect((await (await t.request('/api/blogposts/pokemon-legends-z-a')).json())._id).toBe(first.id);
    expect((await (await t.request('/api/blogposts/legends-z-a-review')).json())._id).toBe(first.id);
    expect(await (await t.request('/rss.xml')).text()).toContain('http://blog.test/blog/legends-z-a-review');

    // Another post may take the freed address: it is then that post's, no longer a redirect.
    const taken = await t.graphql(
      UPDATE,
      { id: second.id, input: { ...publishedInput('Pokémon Legends Z A'), slug: 'legends-z-a-review' } },
      { cookie: admin },
    );
    expect(taken.errors).toEqual(
      graphqlErrors(slugMessages.taken, 'BAD_USER_INPUT', { fieldErrors: { slug: slugMessages.taken } }),
    );
    const reuse = await t.graphql(
      UPDATE,
      { id: second.id, input: { ...publishedInput('Pokémon Legends Z A'), slug: 'pokemon-legends-z-a' } },
      { cookie: admin },
    );
    expect(reuse.errors).toBeUndefined();
    expect((await t.request('/blog/pokemon-legends-z-a')).status).toBe(200);
    expect((await t.graphql(BY_SLUG, { slug: 'pokemon-legends-z-a' })).data.post.id).toBe(second.id);

    for (const [slug, message] of [
      ['Upper-Case', slugMessages.characters],
      ['two--dashes', slugMessages.characters],
      ['search', slugMessages.reserved],
    ]) {
      const refused = await t.graphql(
        UPDATE,
        { id: second.id, input: { ...publishedInput('Pokémon Legends Z A'), slug } },
        { cookie: admin },
      );
      expect(refused.errors?.[0]?.extensions?.fieldErrors).toEqual({ slug: message });
    }
  });

  test('an edit based on an older copy is refused with CONFLICT, and changes nothing', async ({ app: t, admin }) => {
    const post = await createPublished(t, admin, 'Two tabs');
    const firstTab = await t.graphql(
      UPDATE,
      { id: post.id, input: { ...publishedInput('Two tabs, edited'), expectedUpdatedAt: post.updatedAt } },
      { cookie: admin },
    );
    expect(firstTab.errors).toBeUndefined();
    const response = await t.graphqlResponse(
      UPDATE,
      { id: post.id, input: { ...publishedInput('Two tabs, overwritten'), expectedUpdatedAt: post.updatedAt } },
      { cookie: admin },
    );
    expect(response.status).toBe(409);
    expect((await response.json()).errors).toEqual(graphqlErrors(postMessages.conflict, 'CONFLICT'));
    expect((await t.db.prisma.post.findUniqueOrThrow({ where: { id: post.id } })).title).toBe('Two tabs, edited');
  });

  test('the cover has an alt text and a focal point, used by the page and the link previews', async ({
    app: t,
    admin,
  }) => {
    const post = await createPublished(t, admin, 'Portrait cover', {
      imageAlt: 'A knight on a hill at dawn',
      description: 'What the search engines say',
      focusX: 0.25,
      focusY: 0.1,
    });
    expect(post.image).toMatchObject({ focusX: 0.25, focusY: 0.1 });
    const html = await (await t.request(`/blog/${post.slug}`)).text();
    expect(html).toContain('property="og:image:alt" content="A knight on a hill at dawn"');
    expect(html).toContain('name="description" content="What the search engines say"');
    const refused = await t.graphql(
      UPDATE,
      { id: post.id, input: { ...publishedInput('Portrait cover'), focusX: 2, focusY: 0.5 } },
      { cookie: admin },
    );
    expect(refused.errors?.[0]?.extensions?.fieldErrors).toEqual({ focus: postMessages.focusOutside });

    // The original client's edit form knows nothing of these: its edit keeps them.
    const edited = await t.request(`/api/blogposts/${post.id}`, {
      method: 'PUT',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Portrait cover, edited', subtitle: 'S', content: '<p>C</p>', category: 'game' }),
    });
    expect(edited.status).toBe(200);
    expect(await t.db.prisma.post.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({
      title: 'Portrait cover, edited',
      imageAlt: 'A knight on a hill at dawn',
      description: 'What the search engines say',
    });
  });

  test('link previews get the cover cut around its focal point, at an address that names it', async ({
    app: t,
    admin,
  }) => {
    // 4:1, left half red, right half blue: a 1.91:1 cut shows one colour or the other.
    const { body } = await t.upload(
      CREATE,
      { input: publishedInput('Wide cover', { focusX: 0.1, focusY: 0.5 }) },
      { 'input.image': fileOf(await makeTwoColourImage(1600, 400)) },
      { cookie: admin },
    );
    expect(body.errors).toBeUndefined();
    const post = body.data.createPost;
    const { storageKey } = await t.db.prisma.image.findFirstOrThrow({ where: { post: { id: post.id } } });

    const previewUrl = async () => {
      const html = await (await t.request(`/blog/${post.slug}`)).text();
      return /property="og:image" content="([^"]+)"/.exec(html)?.[1];
    };
    // The API names the same cut, for the app's head tags and any integrator's.
    const apiPreviewPath = async () =>
      (await t.graphql(`query ($slug: String!) { post(slug: $slug) { socialImageUrl } }`, { slug: post.slug })).data
        .post.socialImageUrl;
    const leftUrl = await previewUrl();
    expect(leftUrl).toBe(`${t.config.siteUrl}/social/${storageKey}-10-50.jpg`);
    expect(await apiPreviewPath()).toBe(`/social/${storageKey}-10-50.jpg`);
    const left = await t.request(new URL(leftUrl!).pathname);
    expect(left.status).toBe(200);
    expect(left.headers.get('content-type')).toBe('image/jpeg');
    expect(left.headers.get('cache-control')).toContain('immutable');
    const leftBytes = new Uint8Array(await left.arrayBuffer());
    expect(await sharp(leftBytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // Around the left: red from edge to edge.
    for (const x of [5, 600, 1190]) expect(isRed(await pixelAt(leftBytes, x, 315)), `x=${x}`).toBe(true);

    // The author moves the point to the right: a new address, and the cut follows.
    const moved = await t.graphql(
      UPDATE,
      { id: post.id, input: { ...publishedInput('Wide cover'), focusX: 0.9, focusY: 0.5 } },
      { cookie: admin },
    );
    expect(moved.errors).toBeUndefined();
    const rightUrl = await previewUrl();
    expect(rightUrl).toBe(`${t.config.siteUrl}/social/${storageKey}-90-50.jpg`);
    expect(await apiPreviewPath()).toBe(`/social/${storageKey}-90-50.jpg`);
    const rightBytes = new Uint8Array(await (await t.request(new URL(rightUrl!).pathname)).arrayBuffer());
    for (const x of [5, 600, 1190]) expect(isBlue(await pixelAt(rightBytes, x, 315)), `x=${x}`).toBe(true);

    // The old address (a preview cached somewhere) is sent on to the current cut; made-up ones are not found.
    const old = await t.request(new URL(leftUrl!).pathname, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/social/${storageKey}-90-50.jpg`);
    expect((await t.request('/social/no-such-image-50-50.jpg')).status).toBe(404);
    expect((await t.request(`/social/${storageKey}-90-50.png`)).status).toBe(404);
  });
});
