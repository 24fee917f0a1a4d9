// The static pages a visitor reads, each with its heading, its copy and its metadata; the home
// page's metadata; and the social image every page points to.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { desktopSiteTests, type E2eSite, openSite } from './support/e2e-site.ts';
import { canonicalLinks, h1Text, headMeta } from './support/page-checks.ts';

let site: E2eSite;
desktopSiteTests((opened) => (site = opened));

// What the test app's configuration makes the site's public address.
const SITE_URL = 'http://blog.test';

const PAGES = [
  { path: '/about', heading: 'About', copy: 'video games, anime, TV shows and books', title: 'About | Pixel Diaries' },
  { path: '/hire-me', heading: 'Hire me', copy: 'available for freelance work', title: 'Hire me | Pixel Diaries' },
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    copy: 'This site uses no analytics service',
    title: 'Privacy Policy | Pixel Diaries',
  },
  {
    path: '/disclaimer',
    heading: 'Disclaimer',
    copy: 'I will remove it promptly',
    title: 'Disclaimer | Pixel Diaries',
  },
];

/** The main part's contact e-mail link (a mailto: link) and its portfolio link lead where they should. */
async function expectContactLinks(page: Page, email: string, portfolio: string) {
  const main = page.getByRole('main');
  await main.getByRole('link', { name: email }).waitFor();
  expect(await main.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
  expect(await main.getByRole('link', { name: 'my portfolio' }).getAttribute('href')).toBe(portfolio);
}

describe('the static pages', () => {
  for (const { path, heading, copy, title } of PAGES) {
    it(`${path} shows its heading, its copy and its title, with sharing metadata`, async () => {
      const { page } = site;
      await page.goto(`${site.url}${path}`);
      await expect.poll(() => h1Text(page)).toBe(heading);
      expect(await page.getByRole('main').textContent()).toContain(copy);
      await expect.poll(() => page.title()).toBe(title);

      const description = await headMeta(page, 'description');
      expect(description).toHaveLength(1);
      expect(description[0]!.length).toBeGreaterThan(30);
      expect(await canonicalLinks(page)).toEqual([`${SITE_URL}${path}`]);
      expect(await headMeta(page, 'og:title')).toEqual([title]);
      expect(await headMeta(page, 'og:description')).toEqual(description);
      expect(await headMeta(page, 'og:url')).toEqual([`${SITE_URL}${path}`]);
      expect(await headMeta(page, 'og:image')).toEqual([`${SITE_URL}/social-image.webp`]);
      expect(await headMeta(page, 'og:image:width')).toEqual(['900']);
      expect(await headMeta(page, 'og:image:height')).toEqual(['296']);
      expect(await headMeta(page, 'twitter:card')).toEqual(['summary_large_image']);
      expect(await headMeta(page, 'twitter:image')).toEqual([`${SITE_URL}/social-image.webp`]);
      expect(await headMeta(page, 'robots')).toEqual([]);
      expect(site.problems).toEqual([]);
    });
  }

  it('/about and /hire-me give the contact e-mail and the portfolio link', async () => {
    const { page } = site;
    for (const path of ['/about', '/hire-me']) {
      await page.goto(`${site.url}${path}`);
      await expectContactLinks(page, 'hello@example.com', 'https://example.com/portfolio');
    }
    expect(site.problems).toEqual([]);
  });

  it("/about and /hire-me show the owner's configured details, in the server's HTML too", async () => {
    const owned = await openSite({
      SITE_NAME: 'Pixel Diaries',
      AUTHOR_NAME: 'Robin Vale',
      AUTHOR_BIO: 'Plays slow games and reads long books.',
      CONTACT_EMAIL: 'robin@pixel.example',
      PORTFOLIO_URL: 'https://robin.example/work',
      SOCIAL_LINKS: 'Mastodon=https://mastodon.social/@robin,GitHub=https://github.com/robin',
    });
    try {
      const html = await (await fetch(`${owned.url}/about`)).text();
      expect(html).toContain('href="mailto:robin@pixel.example"');
      expect(html).toContain('Robin Vale');
      expect(html).not.toContain('example.com');

      const { page } = owned;
      await page.goto(`${owned.url}/about`);
      await expectContactLinks(page, 'robin@pixel.example', 'https://robin.example/work');
      const main = page.getByRole('main');
      expect(await main.textContent()).toContain('I am Robin Vale');
      expect(await main.getByText('Plays slow games and reads long books.').isVisible()).toBe(true);
      expect(await main.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('https://github.com/robin');
      expect(await main.getByRole('link', { name: 'Mastodon' }).getAttribute('href')).toBe(
        'https://mastodon.social/@robin',
      );
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Robin Vale' }).getAttribute('href')).toBe(
        'https://robin.example/work',
      );

      await page.goto(`${owned.url}/hire-me`);
      await main.getByRole('link', { name: 'robin@pixel.example' }).waitFor();
      expect(await main.getByRole('link', { name: 'my portfolio' }).getAttribute('href')).toBe(
        'https://robin.example/work',
      );
      expect(owned.problems).toEqual([]);
    } finally {
      await owned.close();
    }
  });

  it('keep their metadata in step while the reader navigates in the app', async () => {
    const { page } = site;
    await page.goto(`${site.url}/about`);
    await expect.poll(() => page.title()).toBe('About | Pixel Diaries');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Disclaimer' }).click();
    await expect.poll(() => page.title()).toBe('Disclaimer | Pixel Diaries');
    expect(await canonicalLinks(page)).toEqual([`${SITE_URL}/disclaimer`]);
    expect(await headMeta(page, 'og:title')).toEqual(['Disclaimer | Pixel Diaries']);
    expect(site.problems).toEqual([]);
  });
});

describe('the home page metadata', () => {
  it('is titled with the site name alone, with its description and canonical root', async () => {
    const { page } = site;
    await page.goto(site.url);
    await expect.poll(() => page.title()).toBe('Pixel Diaries');
    expect((await headMeta(page, 'description'))[0]).toContain('games, anime, TV shows and books');
    expect(await canonicalLinks(page)).toEqual([`${SITE_URL}/`]);
    expect(await headMeta(page, 'og:image')).toEqual([`${SITE_URL}/social-image.webp`]);
    expect(site.problems).toEqual([]);
  });
});

describe('form pages', () => {
  it('ask search engines not to index them', async () => {
    const { page } = site;
    await page.goto(`${site.url}/login`);
    await expect.poll(() => page.title()).toBe('Login | Pixel Diaries');
    expect(await headMeta(page, 'robots')).toEqual(['noindex']);
    expect(site.problems).toEqual([]);
  });
});

describe('the social image', () => {
  it('is served by the site as a 900 by 296 WebP', async () => {
    const response = await fetch(`${site.url}/social-image.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 900, 296]);
  });
});
