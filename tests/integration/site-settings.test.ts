// The site's settings (issue 36): the admin changes them with updateSite; every page's head, the
// feeds, the JSON-LD and the site query show the change at once, and so does a second server on the
// same PostgreSQL database, with no restart. Bad input is refused field by field and changes nothing;
// the environment seeds the settings once.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { postPath } from '#kernel/route-paths.ts';
import { sweepOrphanImages } from '../../server/modules/media/orphan-sweep.ts';
import { seedSiteSettings, SETTINGS_ID } from '../../server/modules/site/site-settings.service.ts';
import { uploadedFiles, uploadPost } from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { SAMPLE_SETTINGS } from '../support/site-settings.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const INDEX = readFileSync(path.resolve(import.meta.dirname, '../../client/index.html'), 'utf8');

const SITE_QUERY = `query { site { name tagline footerText language timeZone
  owner { name bio contactEmail portfolioUrl socialLinks { label url } } } }`;
const UPDATE = `mutation ($input: UpdateSiteInput!) { updateSite(input: $input) { name tagline language
  owner { bio socialLinks { label url } } } }`;

const GOOD = SAMPLE_SETTINGS;

let t: TestApp;
let clientDir: string;
let admin: string;
let reader: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'blog-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  t = await createTestApp({ clientDir, env: { SITE_NAME: 'Env Blog', AUTHOR_BIO: 'From the environment' } });
  admin = (await t.signIn({ isAdmin: true })).cookie;
  reader = (await t.signIn()).cookie;
});
afterAll(async () => {
  await t.dispose();
  rmSync(clientDir, { recursive: true, force: true });
});

async function page(app: TestApp, url: string) {
  const html = await (await app.request(url)).text();
  const { document } = new JSDOM(html).window;
  const meta = (key: string) =>
    document.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content');
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (el) => JSON.parse(el.textContent!) as Record<string, unknown>,
  );
  return { document, meta, jsonLd };
}

describe('updateSite', () => {
  it('refuses bad input field by field and changes nothing', async () => {
    const before = await t.graphql(SITE_QUERY);
    const body = await t.graphql(
      UPDATE,
      {
        input: {
          ...GOOD,
          title: '  ',
          contactEmail: 'not an address',
          portfolioUrl: 'javascript:alert(1)',
          socialLinks: [{ label: 'Mastodon', url: 'mastodon.social/@mira' }],
          language: 'english please',
          timeZone: 'Mars/Olympus_Mons',
        },
      },
      { cookie: admin },
    );
    expect(body.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        title: 'This field is required',
        contactEmail: 'Not a valid email format',
        portfolioUrl: 'Not a valid address: it must start with http:// or https://',
        'socialLinks.0.url': 'Not a valid address: it must start with http:// or https://',
        language: 'Not a language tag the browser knows, such as en, en-GB or fr',
        timeZone: 'Not a time zone the server knows, such as UTC or Europe/Paris',
      },
    });
    expect(await t.graphql(SITE_QUERY)).toEqual(before);
    expect((await page(t, '/')).document.title).toBe('Env Blog');
  });

  it('is the admin’s only', async () => {
    for (const [cookie, code] of [
      [undefined, 'UNAUTHENTICATED'],
      [reader, 'FORBIDDEN'],
    ] as const) {
      const body = await t.graphql(UPDATE, { input: GOOD }, { cookie });
      expect(body.errors?.[0]?.extensions?.code).toBe(code);
    }
    expect((await t.graphql(SITE_QUERY)).data.site.name).toBe('Env Blog');
  });

  it('shows a change at once in the site query, the head, the JSON-LD and the feeds', async () => {
    // Read first, so a cached page or feed would have to be forgotten.
    expect((await page(t, '/')).document.title).toBe('Env Blog');
    expect(await (await t.request('/rss.xml')).text()).toContain('<title>Env Blog</title>');

    const body = await t.graphql(UPDATE, { input: GOOD }, { cookie: admin });
    expect(body.errors).toBeUndefined();
    expect(body.data.updateSite).toEqual({
      name: GOOD.title,
      tagline: GOOD.tagline,
      language: 'en-GB',
      owner: { bio: GOOD.bio, socialLinks: GOOD.socialLinks },
    });
    expect((await t.graphql(SITE_QUERY)).data.site).toEqual({
      name: GOOD.title,
      tagline: GOOD.tagline,
      footerText: GOOD.footerText,
      language: GOOD.language,
      timeZone: GOOD.timeZone,
      owner: {
        name: GOOD.authorName,
        bio: GOOD.bio,
        contactEmail: GOOD.contactEmail,
        portfolioUrl: GOOD.portfolioUrl,
        socialLinks: GOOD.socialLinks,
      },
    });

    const home = await page(t, '/');
    expect(home.document.title).toBe(GOOD.title);
    expect(home.document.documentElement.lang).toBe('en-GB');
    expect(home.meta('description')).toBe(GOOD.tagline);
    expect(home.meta('og:site_name')).toBe(GOOD.title);
    expect(home.jsonLd).toEqual([
      expect.objectContaining({ '@type': 'WebSite', name: GOOD.title, description: GOOD.tagline, inLanguage: 'en-GB' }),
    ]);
    expect((await page(t, '/about')).document.title).toBe(`About | ${GOOD.title}`);

    const rss = await (await t.request('/rss.xml')).text();
    expect(rss).toContain(`<title>${GOOD.title}</title>`);
    expect(rss).toContain('<language>en-GB</language>');
    expect(rss).toContain(`<description>${GOOD.tagline}</description>`);
    const atom = await (await t.request('/games/atom.xml')).text();
    expect(atom).toContain('xml:lang="en-GB"');
    expect(atom).toContain(`<title type="text">Games | ${GOOD.title}</title>`);
    expect(atom).toContain(`<name>${GOOD.authorName}</name>`);

    // Stored: what the next start reads.
    const row = await t.db.prisma.siteSetting.findUniqueOrThrow({ where: { id: SETTINGS_ID } });
    expect(row).toMatchObject({ title: GOOD.title, bio: GOOD.bio, socialLinks: GOOD.socialLinks, seeded: true });
  });

  it('clears an optional text sent empty, and keeps the links in their new order', async () => {
    const input = { ...GOOD, bio: '', tagline: '', socialLinks: [...GOOD.socialLinks].reverse() };
    const body = await t.graphql(UPDATE, { input }, { cookie: admin });
    expect(body.data.updateSite.owner).toEqual({ bio: null, socialLinks: input.socialLinks });
    expect((await page(t, '/')).meta('description')).not.toBe(GOOD.tagline);
  });
});

describe("the From of the site's e-mail (issue 40)", () => {
  const MAIL_FROM = `query { site { name mailFrom } }`;
  const SET = `mutation ($input: UpdateSiteInput!) { updateSite(input: $input) { mailFrom } }`;
  const stored = async () => (await t.db.prisma.siteSetting.findUniqueOrThrow({ where: { id: SETTINGS_ID } })).mailFrom;

  it('is set and cleared by the admin, refused when not an address, and changes nothing then', async () => {
    const named = await t.graphql(
      SET,
      { input: { ...GOOD, mailFrom: '  "Doe, Mira" <mira@example.org> ' } },
      { cookie: admin },
    );
    expect(named.errors).toBeUndefined();
    expect(named.data.updateSite.mailFrom).toBe('"Doe, Mira" <mira@example.org>');
    for (const bad of ['Mira <not an address>', 'mira@example.org, eve@example.org', 'Mira\r\nBcc: eve@example.org']) {
      const refused = await t.graphql(
        SET,
        { input: { ...GOOD, title: 'Not saved', mailFrom: bad } },
        { cookie: admin },
      );
      expect(refused.errors?.[0]?.extensions).toEqual({
        code: 'BAD_USER_INPUT',
        fieldErrors: {
          mailFrom:
            'Give an address such as blog@example.com, or a name and an address such as Jane Doe <blog@example.com>',
        },
      });
    }
    expect(await stored()).toBe('"Doe, Mira" <mira@example.org>');
    expect((await t.graphql(MAIL_FROM, {}, { cookie: admin })).data.site).toEqual({
      name: GOOD.title,
      mailFrom: '"Doe, Mira" <mira@example.org>',
    });
    // Absent (an older form): as it is; empty: the default again.
    const { mailFrom: _absent, ...older } = GOOD;
    expect((await t.graphql(SET, { input: older }, { cookie: admin })).data.updateSite.mailFrom).toBe(
      '"Doe, Mira" <mira@example.org>',
    );
    expect((await t.graphql(SET, { input: { ...GOOD, mailFrom: ' ' } }, { cookie: admin })).data.updateSite).toEqual({
      mailFrom: null,
    });
    expect(await stored()).toBeNull();
  });

  it('is never read or set by anyone but the admin, nor shown on a public page', async () => {
    const secret = 'Hidden Sender <hidden-sender@example.org>';
    expect((await t.graphql(SET, { input: { ...GOOD, mailFrom: secret } }, { cookie: admin })).errors).toBeUndefined();
    for (const cookie of [undefined, reader]) {
      const read = await t.graphql(MAIL_FROM, {}, { cookie });
      expect(read.data?.site?.mailFrom ?? null).toBeNull();
      expect(read.errors?.[0]?.path).toEqual(['site', 'mailFrom']);
      expect(JSON.stringify(read)).not.toContain('hidden-sender');
      const set = await t.graphql(SET, { input: { ...GOOD, mailFrom: 'eve@example.org' } }, { cookie });
      expect(set.errors?.[0]?.extensions?.code).toMatch(/^(UNAUTHENTICATED|FORBIDDEN)$/);
    }
    expect(await stored()).toBe(secret);
    // Every public answer: the pages (their JSON-LD and the state they hydrate from), the feeds.
    for (const url of ['/', '/about', '/rss.xml', '/games/atom.xml']) {
      expect(await (await t.request(url)).text()).not.toContain('hidden-sender');
    }
  });
});

describe('two tabs saving the settings', () => {
  const VERSIONED = `mutation ($input: UpdateSiteInput!) { updateSite(input: $input) { name updatedAt } }`;
  const version = async () =>
    (await t.graphql('query { site { updatedAt } }', {}, { cookie: admin })).data.site.updatedAt;

  it('refuses a save based on settings saved elsewhere since, with CONFLICT, and stores nothing', async () => {
    const loaded = await version();
    expect(typeof loaded).toBe('string');
    // The other tab saves first, from the same version.
    const first = await t.graphql(
      VERSIONED,
      { input: { ...GOOD, title: 'Saved in the other tab', expectedUpdatedAt: loaded } },
      { cookie: admin },
    );
    expect(first.errors).toBeUndefined();
    const newer = first.data.updateSite.updatedAt;
    expect(newer).not.toBe(loaded);
    const before = await t.graphql(SITE_QUERY);
    const row = await t.db.prisma.siteSetting.findUniqueOrThrow({ where: { id: SETTINGS_ID } });

    const stale = await t.graphql(
      VERSIONED,
      { input: { ...GOOD, title: 'Typed in this tab', expectedUpdatedAt: loaded } },
      { cookie: admin },
    );
    expect(stale.errors?.[0]).toMatchObject({
      message: 'The settings were changed elsewhere since you opened them. Load the newer settings to see them.',
      extensions: { code: 'CONFLICT' },
    });
    expect(await t.graphql(SITE_QUERY)).toEqual(before);
    expect(await t.db.prisma.siteSetting.findUniqueOrThrow({ where: { id: SETTINGS_ID } })).toEqual(row);
    expect((await page(t, '/')).document.title).toBe('Saved in the other tab');

    // Based on the newer version (the screen's "Load the newer settings"), the save goes through.
    const again = await t.graphql(
      VERSIONED,
      { input: { ...GOOD, title: 'Typed in this tab', expectedUpdatedAt: newer } },
      { cookie: admin },
    );
    expect(again.data.updateSite.name).toBe('Typed in this tab');
    expect(await version()).toBe(again.data.updateSite.updatedAt);
    // Without a version (a script, an older client): applied as before.
    expect((await t.graphql(VERSIONED, { input: GOOD }, { cookie: admin })).data.updateSite.name).toBe(GOOD.title);
  });
});

describe("the author's picture and the home banner's", () => {
  const PICTURES = `mutation ($input: UpdateSiteInput!) { updateSite(input: $input) {
    avatar { url srcset width } banner { url srcset width } } }`;
  const png = async (width: number, name = 'picture.png') => fileOf(await makeImage({ width, height: width }), name);
  const row = () =>
    t.db.prisma.siteSetting.findUniqueOrThrow({
      where: { id: SETTINGS_ID },
      select: { avatarId: true, bannerId: true },
    });
  const imageIds = async () => (await t.db.prisma.image.findMany({ select: { id: true } })).map((i) => i.id).sort();

  it('are set, shown, kept by the sweep, replaced, refused when bad, and removed, their files with them', async () => {
    const filesBefore = uploadedFiles(t);
    const set = await t.upload(
      PICTURES,
      { input: GOOD },
      { 'input.avatar': await png(400), 'input.banner': await png(1200) },
      {
        cookie: admin,
      },
    );
    expect(set.body.errors).toBeUndefined();
    const { avatar, banner } = set.body.data.updateSite;
    expect(avatar.url).toMatch(/^\/uploads\/.+\.webp$/);
    expect(banner.srcset).toContain(' 1200w');
    // Served: what /about's and the home page's <img> name.
    for (const url of [avatar.url, banner.url]) {
      const response = await t.request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
    }
    const { avatarId, bannerId } = await row();
    expect(avatarId).not.toBeNull();
    expect(bannerId).not.toBeNull();

    // The JSON-LD Person of a post's page carries the author's picture.
    const post = await uploadPost(t, admin);
    expect(post.body.errors).toBeUndefined();
    const postLd = (await page(t, postPath(post.body.data.createPost.slug))).jsonLd[0]!;
    expect(postLd.author).toMatchObject({
      '@type': 'Person',
      name: GOOD.authorName,
      image: `${t.config.siteUrl}${avatar.url}`,
    });

    // The sweep leaves the settings' pictures alone, rows and files, however old.
    await t.db.prisma.image.updateMany({ data: { createdAt: new Date('2020-01-01') } });
    const filesSet = uploadedFiles(t);
    await sweepOrphanImages(t.db.prisma, t.app.services.imageFiles);
    expect(await row()).toEqual({ avatarId, bannerId });
    expect(uploadedFiles(t)).toEqual(filesSet);

    // A picture that is not one is refused under its field, with the other fields' errors; nothing changes.
    const before = await imageIds();
    const bad = await t.upload(
      PICTURES,
      { input: { ...GOOD, title: '' } },
      { 'input.banner': fileOf(new TextEncoder().encode('not a picture') as Uint8Array<ArrayBuffer>, 'x.png') },
      { cookie: admin },
    );
    expect(bad.body.errors?.[0]?.extensions?.fieldErrors).toEqual({
      banner: expect.any(String),
      title: 'This field is required',
    });
    expect(await row()).toEqual({ avatarId, bannerId });
    expect(await imageIds()).toEqual(before);
    expect(uploadedFiles(t)).toEqual(filesSet);

    // Replaced: the old banner's row and files go; the avatar stays.
    const replaced = await t.upload(PICTURES, { input: GOOD }, { 'input.banner': await png(900) }, { cookie: admin });
    expect(replaced.body.data.updateSite.avatar).toEqual(avatar);
    expect(replaced.body.data.updateSite.banner.url).not.toBe(banner.url);
    expect(await t.db.prisma.image.findUnique({ where: { id: bannerId! } })).toBeNull();
    expect((await t.request(banner.url)).status).toBe(404);

    // Removed, both: nothing of them is left (the post's cover is).
    const removed = await t.graphql(
      PICTURES,
      { input: { ...GOOD, removeAvatar: true, removeBanner: true } },
      { cookie: admin },
    );
    expect(removed.data.updateSite).toEqual({ avatar: null, banner: null });
    expect(await row()).toEqual({ avatarId: null, bannerId: null });
    expect(uploadedFiles(t).length).toBeGreaterThan(filesBefore.length);
    expect((await t.request(avatar.url)).status).toBe(404);
    expect(await t.db.prisma.image.count()).toBe(1);
  });

  it('keep the focal point the author chose, for a new picture and for the stored one', async () => {
    const FOCUSED = `mutation ($input: UpdateSiteInput!) { updateSite(input: $input) {
      avatar { focusX focusY } banner { focusX focusY } } }`;
    const stored = async () => {
      const setting = await t.db.prisma.siteSetting.findUniqueOrThrow({
        where: { id: SETTINGS_ID },
        select: {
          avatar: { select: { focusX: true, focusY: true } },
          banner: { select: { focusX: true, focusY: true } },
        },
      });
      return { avatar: setting.avatar, banner: setting.banner };
    };
    const set = await t.upload(
      FOCUSED,
      { input: { ...GOOD, bannerFocusX: 0.2, bannerFocusY: 0.85 } },
      { 'input.avatar': await png(300), 'input.banner': await png(800) },
      { cookie: admin },
    );
    expect(set.body.errors).toBeUndefined();
    // A new picture without a point: its middle.
    const first = { avatar: { focusX: 0.5, focusY: 0.5 }, banner: { focusX: 0.2, focusY: 0.85 } };
    expect(set.body.data.updateSite).toEqual(first);
    expect(await stored()).toEqual(first);

    // Moved on the pictures kept: no new picture sent.
    const moved = await t.graphql(
      FOCUSED,
      { input: { ...GOOD, avatarFocusX: 0.3, avatarFocusY: 0.1, bannerFocusX: 0.75, bannerFocusY: 0.4 } },
      { cookie: admin },
    );
    const second = { avatar: { focusX: 0.3, focusY: 0.1 }, banner: { focusX: 0.75, focusY: 0.4 } };
    expect(moved.data.updateSite).toEqual(second);
    expect((await t.graphql(`query { site { avatar { focusX focusY } banner { focusX focusY } } }`)).data.site).toEqual(
      second,
    );

    // Outside the picture, or half a point: refused under its field, nothing changed.
    const bad = await t.graphql(
      FOCUSED,
      { input: { ...GOOD, title: 'Not saved', avatarFocusX: 1.5, avatarFocusY: 0.5, bannerFocusX: 0.5 } },
      { cookie: admin },
    );
    expect(bad.errors?.[0]?.extensions?.fieldErrors).toEqual({
      avatarFocus: 'The focal point must be inside the picture',
      bannerFocus: 'The focal point must be inside the picture',
    });
    expect(await stored()).toEqual(second);
    expect((await t.graphql(SITE_QUERY)).data.site.name).toBe(GOOD.title);
  });
});

describe('seeding from the environment', () => {
  it('fills the row once, keeping what the first run named, and never again', async () => {
    const seed = await createTestApp();
    try {
      const { prisma } = seed.db;
      // A site set up before this version: the first run named it.
      await prisma.siteSetting.create({ data: { id: SETTINGS_ID, title: 'Named at setup' } });
      // The start's own configuration, read before any server runs.
      const first = {
        NODE_ENV: 'test',
        SITE_NAME: 'Ignored',
        AUTHOR_BIO: 'Seeded bio',
        MAIL_FROM: 'Env <env@example.org>',
      };
      await seedSiteSettings(prisma, loadConfig(first));
      expect(await prisma.siteSetting.findUniqueOrThrow({ where: { id: SETTINGS_ID } })).toMatchObject({
        title: 'Named at setup',
        bio: 'Seeded bio',
        mailFrom: 'Env <env@example.org>',
        seeded: true,
      });
      const later = loadConfig({
        NODE_ENV: 'test',
        AUTHOR_BIO: 'Changed in .env later',
        MAIL_FROM: 'later@example.org',
      });
      await seedSiteSettings(prisma, later);
      expect(await prisma.siteSetting.findUniqueOrThrow({ where: { id: SETTINGS_ID } })).toMatchObject({
        bio: 'Seeded bio',
        mailFrom: 'Env <env@example.org>',
      });
    } finally {
      await seed.dispose();
    }
  });
});

describe.runIf(testDbKind === 'postgres')('two servers on one PostgreSQL database', () => {
  it('the other server shows a change without a restart', async () => {
    const db = await openDatabase({ databaseUrl: t.url });
    const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'http://blog.test', DATA_DIR: t.dataDir });
    const other = createApp({ config, db, clientDir });
    try {
      const otherTitle = async () => {
        const html = await (await other.fetch(new Request('http://blog.test/'))).text();
        return new JSDOM(html).window.document.title;
      };
      const otherFeed = async () => (await other.fetch(new Request('http://blog.test/rss.xml'))).text();
      // Cached there first.
      await otherTitle();
      await otherFeed();

      const input = { ...GOOD, title: 'Shared Shelf', bio: 'Told to every server' };
      expect((await t.graphql(UPDATE, { input }, { cookie: admin })).errors).toBeUndefined();

      await expect.poll(otherTitle).toBe('Shared Shelf');
      expect(await otherFeed()).toContain('<title>Shared Shelf</title>');
      const site = await (
        await other.fetch(
          new Request('http://blog.test/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: SITE_QUERY }),
          }),
        )
      ).json();
      expect(site.data.site.owner.bio).toBe('Told to every server');
    } finally {
      await db.close();
    }
  });
});
