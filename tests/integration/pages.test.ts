// The pages the author writes (issue 36): the four the site starts with, and the author's own
// (/now) through GraphQL: create, edit, delete; refused input changes nothing; drafts are the
// admin's alone; published pages are in the sitemap and the search, never in the post lists or feeds.
import { describe, expect } from 'vitest';
import { test } from '../support/fixtures.ts';
import { testDbKind } from '../support/test-database.ts';

const PAGE_FIELDS = 'id slug title description content status';
const PAGES = `query { pages { ${PAGE_FIELDS} } }`;
const PAGE = `query ($slug: String) { page(slug: $slug) { ${PAGE_FIELDS} } }`;
const SEARCH_PAGES = `query ($search: String) { pages(search: $search) { slug title } }`;
const CREATE = `mutation ($input: PageInput!) { createPage(input: $input) { ${PAGE_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: PageInput!) { updatePage(id: $id, input: $input) { ${PAGE_FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deletePage(id: $id) }';

const NOW = {
  title: 'Now',
  slug: 'now',
  description: 'What I am up to these days.',
  content: '<h2>Reading</h2><p>Mostly Le Guin and a great deal of marmalade.</p><script>alert(1)</script>',
  status: 'DRAFT',
};

describe(`the author's pages on ${testDbKind}`, () => {
  test("start with today's about, hire-me, privacy and disclaimer texts, published", async ({ app: t }) => {
    const { data } = await t.graphql(PAGES);
    expect(data.pages.map((page: { slug: string }) => page.slug)).toEqual([
      'about',
      'hire-me',
      'privacy-policy',
      'disclaimer',
    ]);
    const about = (await t.graphql(PAGE, { slug: 'about' })).data.page;
    expect(about).toMatchObject({ title: 'About', status: 'PUBLISHED' });
    expect(about.content).toContain('video games, anime, TV shows and books');
    expect(about.content).toContain('<h2 id="what-you-will-find-here">What you will find here</h2>');
    const page = await t.request('/privacy-policy');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('>Privacy Policy | My Blog</title>');
  });

  test('are written, kept as drafts for the admin alone, published, found, and deleted', async ({ app: t, admin }) => {
    const created = (await t.graphql(CREATE, { input: NOW }, { cookie: admin })).data.createPage;
    expect(created).toMatchObject({ slug: 'now', title: 'Now', status: 'DRAFT' });
    // Sanitized as a post's text is.
    expect(created.content).toBe('<h2 id="reading">Reading</h2><p>Mostly Le Guin and a great deal of marmalade.</p>');

    // A draft: the admin's alone.
    expect((await t.graphql(PAGE, { slug: 'now' })).data.page).toBeNull();
    expect((await t.graphql(PAGE, { slug: 'now' }, { cookie: admin })).data.page.id).toBe(created.id);
    expect((await t.graphql(PAGES)).data.pages.map((page: { slug: string }) => page.slug)).not.toContain('now');
    expect((await t.graphql(PAGES, {}, { cookie: admin })).data.pages[0].slug).toBe('now');
    expect((await t.request('/now')).status).toBe(404);
    expect(await (await t.request('/sitemap.xml')).text()).not.toContain('/now<');
    expect((await t.graphql(SEARCH_PAGES, { search: 'marmalade' })).data.pages).toEqual([]);

    const published = (
      await t.graphql(UPDATE, { id: created.id, input: { ...NOW, status: 'PUBLISHED' } }, { cookie: admin })
    ).data.updatePage;
    expect(published.status).toBe('PUBLISHED');
    expect((await t.graphql(PAGE, { slug: 'now' })).data.page).toMatchObject({ title: 'Now', status: 'PUBLISHED' });
    const html = await (await t.request('/now')).text();
    expect(html).toContain('>Now | My Blog</title>');
    expect(html).toContain('What I am up to these days.');
    expect(html).toContain('rel="canonical" href="http://blog.test/now"');
    expect(await (await t.request('/sitemap.xml')).text()).toContain('<loc>http://blog.test/now</loc>');
    expect((await t.graphql(SEARCH_PAGES, { search: 'marmal' })).data.pages).toEqual([{ slug: 'now', title: 'Now' }]);

    // Not a post: in no post list, search of posts or feed.
    const posts = await t.graphql('query { posts(search: "marmalade") { total } latestPosts { id } }');
    expect(posts.data).toEqual({ posts: { total: 0 }, latestPosts: [] });
    for (const feed of ['/rss.xml', '/atom.xml']) {
      expect(await (await t.request(feed)).text()).not.toContain('marmalade');
    }

    // A new address: the old one is nothing any more.
    const moved = await t.graphql(
      UPDATE,
      { id: created.id, input: { ...NOW, slug: 'lately', status: 'PUBLISHED' } },
      {
        cookie: admin,
      },
    );
    expect(moved.data.updatePage.slug).toBe('lately');
    expect((await t.request('/now')).status).toBe(404);
    expect((await t.request('/lately')).status).toBe(200);

    expect((await t.graphql(DELETE, { id: created.id }, { cookie: admin })).data.deletePage).toBe(created.id);
    expect((await t.request('/lately')).status).toBe(404);
    expect(await t.db.prisma.page.count({ where: { id: created.id } })).toBe(0);
  });

  const BAD_INPUT: Array<[string, Record<string, string>, Record<string, string>]> = [
    ['an empty title', { title: '  ' }, { title: 'This field is required' }],
    ["another page's address", { slug: 'about' }, { slug: 'Another page has this address' }],
    ["the blog's own address", { slug: 'blog' }, { slug: 'This address is used by the site itself' }],
    ["a category's address", { slug: 'games' }, { slug: 'This address is used by the site itself' }],
    ['an address with capitals', { slug: 'Now' }, { slug: 'Lower-case letters, numbers and dashes only' }],
    [
      'a published page without text',
      { status: 'PUBLISHED', content: '<p> </p>' },
      { content: 'This field is required' },
    ],
  ];
  test.for(BAD_INPUT)(
    'refuses %s with a field error and changes nothing',
    async ([, input, fieldErrors], { app: t, admin }) => {
      const before = await t.db.prisma.page.findMany({ orderBy: { id: 'asc' } });
      const created = await t.graphql(CREATE, { input: { ...NOW, ...input } }, { cookie: admin });
      expect(created.data).toBeNull();
      expect(created.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fieldErrors } });

      const about = before.find((page) => page.slug === 'about')!;
      const input2 = { title: about.title, slug: about.slug, description: about.description, content: about.content };
      const updated = await t.graphql(
        UPDATE,
        {
          id: about.id,
          input: { ...input2, status: 'PUBLISHED', ...input, ...(input.slug === 'about' ? { slug: 'hire-me' } : {}) },
        },
        { cookie: admin },
      );
      expect(updated.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(await t.db.prisma.page.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
    },
  );

  test('are written by the admin alone', async ({ app: t }) => {
    const reader = (await t.signIn()).cookie;
    const before = await t.db.prisma.page.findMany({ orderBy: { id: 'asc' } });
    const about = before.find((page) => page.slug === 'about')!;
    for (const cookie of [undefined, reader]) {
      const options = cookie ? { cookie } : {};
      const created = await t.graphql(CREATE, { input: NOW }, options);
      const updated = await t.graphql(UPDATE, { id: about.id, input: { ...NOW, slug: 'about' } }, options);
      const deleted = await t.graphql(DELETE, { id: about.id }, options);
      for (const answer of [created, updated, deleted]) {
        expect(answer.errors?.[0]?.extensions?.code).toBe(cookie ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      }
    }
    expect(await t.db.prisma.page.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
  });
});
