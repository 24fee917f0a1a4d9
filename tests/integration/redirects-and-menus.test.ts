// Issue 36: the author's redirects (old path -> new path or URL, 301 or 302, applied only where the
// site would answer 404; loops, live addresses and bad addresses refused with field errors; CSV in
// and out; the posts' former slugs listed) and the header and footer menus.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { menuMessages, redirectMessages } from '#kernel/messages.ts';
import { graphqlErrors } from '../support/expected-errors.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import { seedPosts } from '../support/content.ts';
import { testDbKind } from '../support/test-database.ts';

const ROW = 'id from to permanent formerSlug';
const LIST = `query { redirects { ${ROW} } }`;
const CREATE = `mutation ($input: CreateRedirectInput!) { createRedirect(input: $input) { ${ROW} } }`;
const DELETE = 'mutation ($id: ID!) { deleteRedirect(id: $id) }';
const EXPORT = 'query { redirectsCsv }';
const IMPORT = `mutation ($csv: String!, $dryRun: Boolean) { importRedirects(csv: $csv, dryRun: $dryRun) { ${ROW} } }`;

interface Row {
  id: string;
  from: string;
  to: string;
  permanent: boolean;
  formerSlug: boolean;
}

describe(`redirects on ${testDbKind}`, () => {
  const site = appWithAdmin();

  beforeEach(async () => {
    await site.t.db.prisma.redirect.deleteMany();
    await site.t.db.prisma.post.deleteMany();
  });

  const list = async (): Promise<Row[]> => {
    const result = await site.t.graphql(LIST, {}, { cookie: site.admin });
    expect(result.errors).toBeUndefined();
    return result.data.redirects;
  };
  const create = (from: string, to: string, permanent?: boolean) =>
    site.t.graphql(
      CREATE,
      { input: { from, to, ...(permanent === undefined ? {} : { permanent }) } },
      { cookie: site.admin },
    );
  const visit = (path: string) => site.t.request(path, { redirect: 'manual' });

  test('a redirect answers where the site would say 404, with its status, and its query kept', async () => {
    // Asked before the redirect exists: a 404, which must not outlive the new redirect.
    expect((await visit('/old-page')).status).toBe(404);
    const permanent = await create('/old-page/', '/about');
    expect(permanent.errors).toBeUndefined();
    expect(permanent.data.createRedirect).toMatchObject({ from: '/old-page', to: '/about', permanent: true });
    expect((await create('/promo', 'https://example.org/sale?x=1', false)).errors).toBeUndefined();

    const moved = await visit('/old-page?utm=feed');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/about?utm=feed');
    // A trailing slash is the same address.
    expect((await visit('/old-page/')).headers.get('location')).toBe('/about');
    const promo = await visit('/promo?utm=feed');
    expect(promo.status).toBe(302);
    // The target's own query wins: it is what the author wrote.
    expect(promo.headers.get('location')).toBe('https://example.org/sale?x=1');

    const id = permanent.data.createRedirect.id;
    expect((await site.t.graphql(DELETE, { id }, { cookie: site.admin })).data).toEqual({ deleteRedirect: id });
    expect((await visit('/old-page')).status).toBe(404);
    expect((await list()).map((row) => row.from)).toEqual(['/promo']);
  });

  test('a redirect written straight into the database (another instance, psql) applies at once', async () => {
    // The table is read (and kept) by this server first.
    expect((await visit('/elsewhere')).status).toBe(404);
    await site.t.db.prisma.redirect.create({ data: { from: '/elsewhere', to: '/blog', permanent: false } });
    await vi.waitFor(async () => expect((await visit('/elsewhere')).status).toBe(302));
  });

  test('loops, live addresses, bad addresses and duplicates are refused with field errors, and nothing changes', async () => {
    await seedPosts(site.t.db.prisma, [{ title: 'Live post' }]);
    const [post] = await site.t.db.prisma.post.findMany({ select: { slug: true } });
    expect((await create('/a', '/b')).errors).toBeUndefined();
    expect((await create('/b', '/c')).errors).toBeUndefined();
    const before = await list();

    const refused: Array<[string, string, Record<string, string>]> = [
      ['/b', '/a', { from: redirectMessages.duplicate }],
      ['/c', '/a?from=c', { to: redirectMessages.loop }],
      ['/self', '/self/', { to: redirectMessages.loop }],
      ['/about', '/blog', { from: redirectMessages.live }],
      ['/blog/page/1', '/blog', { from: redirectMessages.live }],
      [`/blog/${post!.slug}`, '/blog', { from: redirectMessages.live }],
      ['/api/blogposts', '/blog', { from: redirectMessages.server }],
      ['no-slash', '/blog', { from: redirectMessages.fromPath }],
      ['/with?query', '/blog', { from: redirectMessages.fromPath }],
      ['//other.example/x', '/blog', { from: redirectMessages.fromPath }],
      ['/d', 'ftp://example.org/x', { to: redirectMessages.toTarget }],
      ['/d', '//example.org', { to: redirectMessages.toTarget }],
      ['/d', 'https://', { to: redirectMessages.toTarget }],
    ];
    for (const [from, to, fieldErrors] of refused) {
      const result = await create(from, to);
      expect(result.errors, `${from} -> ${to}`).toEqual(
        graphqlErrors(Object.values(fieldErrors)[0], 'BAD_USER_INPUT', { fieldErrors }),
      );
    }
    expect(await list()).toEqual(before);
    expect((await visit('/about')).status).toBe(200);
  });

  test('only the admin reads or writes redirects', async () => {
    const reader = (await site.t.signIn({ email: 'reader@example.com' })).cookie;
    const refusal = /FORBIDDEN|UNAUTHENTICATED/;
    for (const cookie of [reader, undefined]) {
      const options = cookie ? { cookie } : {};
      const asks: Array<[string, Record<string, unknown>]> = [
        [LIST, {}],
        [EXPORT, {}],
        [CREATE, { input: { from: '/x', to: '/blog' } }],
        [IMPORT, { csv: 'from,to,status\n/y,/blog,301\n' }],
      ];
      for (const [query, variables] of asks) {
        const result = await site.t.graphql(query, variables, options);
        expect(result.errors?.[0]?.extensions?.code).toMatch(refusal);
      }
    }
    expect(await site.t.db.prisma.redirect.count()).toBe(0);
  });

  test('CSV export and import give the same table back; one bad row and nothing is imported', async () => {
    expect((await create('/one', '/blog')).errors).toBeUndefined();
    expect((await create('/two,comma', 'https://example.org/"quoted"', false)).errors).toBeUndefined();
    const csv: string = (await site.t.graphql(EXPORT, {}, { cookie: site.admin })).data.redirectsCsv;
    expect(csv).toBe('from,to,status\r\n/one,/blog,301\r\n"/two,comma","https://example.org/""quoted""",302\r\n');
    const before = (await list()).map(({ from, to, permanent }) => ({ from, to, permanent }));

    await site.t.db.prisma.redirect.deleteMany();
    // A dry run checks and adds nothing.
    const preview = await site.t.graphql(IMPORT, { csv, dryRun: true }, { cookie: site.admin });
    expect(preview.errors).toBeUndefined();
    expect(preview.data.importRedirects).toHaveLength(2);
    expect(await site.t.db.prisma.redirect.count()).toBe(0);
    const imported = await site.t.graphql(IMPORT, { csv }, { cookie: site.admin });
    expect(imported.errors).toBeUndefined();
    expect(
      (await list())
        .map(({ from, to, permanent }) => ({ from, to, permanent }))
        .sort((a, b) => a.from.localeCompare(b.from)),
    ).toEqual(before.sort((a, b) => a.from.localeCompare(b.from)));
    expect((await visit('/one')).status).toBe(301);

    const bad = 'from,to,status\n/three,/blog,301\n/about,/blog,301\n/four,/blog,307\n/one,/x,302\n';
    const refused = await site.t.graphql(IMPORT, { csv: bad }, { cookie: site.admin });
    expect(refused.errors).toEqual(
      graphqlErrors(redirectMessages.csvRefused, 'BAD_USER_INPUT', {
        fieldErrors: {
          csv: redirectMessages.csvRefused,
          'line 3': `Line 3 (/about): ${redirectMessages.live}`,
          'line 4': `Line 4 (/four): ${redirectMessages.csvStatus}`,
          'line 5': `Line 5 (/one): ${redirectMessages.duplicate}`,
        },
      }),
    );
    expect(await site.t.db.prisma.redirect.count()).toBe(2);
    expect((await visit('/three')).status).toBe(404);
  });

  test("a post's former slugs are listed, read-only", async () => {
    const [post] = await seedPosts(site.t.db.prisma, [{ title: 'Renamed' }]);
    await site.t.db.prisma.postSlugRedirect.create({ data: { slug: 'first-name', postId: post!.id } });
    const rows = await list();
    expect(rows).toEqual([
      {
        id: 'former:first-name',
        from: '/blog/first-name',
        to: `/blog/${post!.slug}`,
        permanent: true,
        formerSlug: true,
      },
    ]);
    const refused = await site.t.graphql(DELETE, { id: rows[0]!.id }, { cookie: site.admin });
    expect(refused.errors).toEqual(graphqlErrors(redirectMessages.formerSlug, 'BAD_USER_INPUT'));
    // Its address is taken: a redirect from it would never be used.
    expect((await create('/blog/first-name', '/about')).errors).toEqual(
      graphqlErrors(redirectMessages.live, 'BAD_USER_INPUT', { fieldErrors: { from: redirectMessages.live } }),
    );
  });
});

const MENU_FIELDS = 'label kind target href';
const MENUS = `query { menus { header { ${MENU_FIELDS} } footer { ${MENU_FIELDS} } } }`;
const REPLACE_MENU = `mutation ($menu: MenuName!, $items: [MenuItemInput!]!) {
  replaceMenu(menu: $menu, items: $items) { ${MENU_FIELDS} } }`;

describe(`menus on ${testDbKind}`, () => {
  const site = appWithAdmin();
  beforeEach(() => site.t.db.prisma.menu.deleteMany());
  const menus = async () => (await site.t.graphql(MENUS)).data.menus;

  test("today's menus until the author saves one; a saved one is read by anyone", async () => {
    const defaults = await menus();
    expect(defaults.header.map((item: { label: string; href: string }) => `${item.label} ${item.href}`)).toEqual([
      'ABOUT /about',
      'BLOG /blog',
      'GAMES /games',
      'ANIME /anime',
      'BOOKS /books',
      'TV /tv',
      'HIRE ME /hire-me',
    ]);
    expect(defaults.footer).toEqual([
      { label: 'Privacy Policy', kind: 'PAGE', target: 'privacy-policy', href: '/privacy-policy' },
      { label: 'Disclaimer', kind: 'PAGE', target: 'disclaimer', href: '/disclaimer' },
    ]);

    const items = [
      { label: ' Now ', kind: 'PAGE', target: 'now' },
      { label: 'Games', kind: 'CATEGORY', target: 'games' },
      { label: 'Retro', kind: 'TAG', target: 'retro-games' },
      { label: 'Blog', kind: 'BLOG', target: 'ignored' },
      { label: 'Shop', kind: 'URL', target: 'https://shop.example.org/' },
    ];
    const saved = await site.t.graphql(REPLACE_MENU, { menu: 'HEADER', items }, { cookie: site.admin });
    expect(saved.errors).toBeUndefined();
    const expected = [
      { label: 'Now', kind: 'PAGE', target: 'now', href: '/now' },
      { label: 'Games', kind: 'CATEGORY', target: 'games', href: '/games' },
      { label: 'Retro', kind: 'TAG', target: 'retro-games', href: '/tag/retro-games' },
      { label: 'Blog', kind: 'BLOG', target: '', href: '/blog' },
      { label: 'Shop', kind: 'URL', target: 'https://shop.example.org/', href: 'https://shop.example.org/' },
    ];
    expect(saved.data.replaceMenu).toEqual(expected);
    expect(await menus()).toEqual({ header: expected, footer: defaults.footer });
  });

  test('empty labels and bad targets are refused with field errors, and nothing changes; only the admin writes', async () => {
    const before = await menus();
    const items = [
      { label: 'Fine', kind: 'BLOG' },
      { label: '  ', kind: 'PAGE', target: 'about' },
      { label: 'Bad address', kind: 'URL', target: 'javascript:alert(1)' },
      { label: 'No such category', kind: 'CATEGORY', target: 'films' },
      { label: 'Bad page', kind: 'PAGE', target: 'Not A Slug' },
    ];
    const refused = await site.t.graphql(REPLACE_MENU, { menu: 'FOOTER', items }, { cookie: site.admin });
    const fieldErrors = {
      'items.1.label': menuMessages.label,
      'items.2.target': menuMessages.url,
      'items.3.target': menuMessages.category,
      'items.4.target': menuMessages.page,
    };
    expect(refused.errors).toEqual(graphqlErrors(menuMessages.label, 'BAD_USER_INPUT', { fieldErrors }));
    expect(await menus()).toEqual(before);

    const reader = (await site.t.signIn({ email: 'menu-reader@example.com' })).cookie;
    for (const options of [{ cookie: reader }, {}]) {
      const write = await site.t.graphql(REPLACE_MENU, { menu: 'FOOTER', items: [items[0]] }, options);
      expect(write.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    }
    expect(await site.t.db.prisma.menu.count()).toBe(0);
  });
});
