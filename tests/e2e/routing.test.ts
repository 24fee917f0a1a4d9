// Addresses that are not pages of the site get the error page, inside the usual header and footer;
// list addresses with a page number only when it is a positive integer.
import { describe, expect, it, onTestFinished } from 'vitest';
import { withAppCookie } from './support/accounts.ts';
import { desktopSiteTests, type E2eSite } from './support/e2e-site.ts';
import { arrivedAt, goInApp, h1Text, headMeta } from './support/page-checks.ts';

let site: E2eSite;
desktopSiteTests((opened) => (site = opened));

describe('an unknown path', () => {
  it('shows the error page, titled as a 404, with a way home', async () => {
    const { page } = site;
    await page.goto(`${site.url}/no-such-page`);
    await expect.poll(() => h1Text(page)).toBe('Page not found');
    await expect.poll(() => page.title()).toBe('Page not found (404) | Pixel Diaries');
    expect(await headMeta(page, 'robots')).toEqual(['noindex']);
    // Still inside the site's frame.
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);

    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await arrivedAt(page, '/', 'Pixel Diaries');
    expect(site.problems).toEqual([]);
  });

  it('includes /error, where a search without form data goes, and deeper unknown paths', async () => {
    const { page } = site;
    for (const path of ['/error', '/about/team', '/games/zelda', '/blog/page/2/extra']) {
      await page.goto(`${site.url}${path}`);
      await expect.poll(() => h1Text(page)).toBe('Page not found');
    }
    expect(site.problems).toEqual([]);
  });
});

describe('a page number in a list address', () => {
  const invalid = [
    '/blog/page/0',
    '/blog/page/abc',
    '/blog/page/1.5',
    '/blog/page/01',
    '/blog/search/zelda/page/0',
    '/games/page/-1',
    '/anime/page/0',
    '/books/page/two',
    '/tv/page/100001',
  ];
  for (const path of invalid) {
    it(`${path} is not a page: the error page`, async () => {
      await site.page.goto(`${site.url}${path}`);
      await expect.poll(() => h1Text(site.page)).toBe('Page not found');
      expect(site.problems).toEqual([]);
    });
  }

  it('that is a positive integer shows the list', async () => {
    const { page } = site;
    for (const [path, heading] of [
      ['/blog/page/2', 'Blog'],
      ['/blog/search/zelda/page/3', 'Search results for “zelda”'],
      ['/games/page/1', 'Games'],
      ['/anime/page/12', 'Anime'],
      ['/books/page/3', 'Books'],
      ['/tv/page/100000', 'TV'],
    ]) {
      await page.goto(`${site.url}${path}`);
      await expect.poll(() => h1Text(page)).toBe(heading);
    }
    expect(site.problems).toEqual([]);
  });

  it('is checked on in-app navigation too, not only on a full load', async () => {
    const { page } = site;
    // The app is the signed-in author's (a session cookie gets it).
    await withAppCookie(page, site.url);
    onTestFinished(() => page.context().clearCookies());
    await page.goto(`${site.url}/blog`);
    await expect.poll(() => h1Text(page)).toBe('Blog');
    // What the router does on a history change inside the app (Back, Forward): no full page load.
    await goInApp(page, '/blog/page/0');
    await expect.poll(() => h1Text(page)).toBe('Page not found');
    expect(site.problems).toEqual([]);
  });
});
