// Ways to find more: "All posts" after Latest on the home page, a visible RSS link on every page (the
// footer), each category's own feed on its list, search from every page's header (with and without
// JavaScript, on a phone too) and how many posts a search found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { openNoScriptBrowser } from './support/no-script.ts';
import { arrivedAt, gotoApp, pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await openDesktopSite();
  await createPost(site.t, { title: 'Frieren at the end', category: 'anime' });
  await createPost(site.t, { title: 'Frieren again', category: 'anime' });
  await createPost(site.t, { title: 'Zelda at last', category: 'game' });
  // The first page a new browser opens is slow to come: not inside a test's time.
  await site.page.goto(site.url);
}, 60_000);
afterAll(() => site?.close());

describe('finding more', () => {
  it("leads from the home page's Latest to all posts", async () => {
    const { page } = site;
    await gotoApp(page, site.url);
    const latest = page.getByRole('region', { name: 'Latest' });
    await latest.getByRole('link', { name: 'All posts' }).click();
    await arrivedAt(page, '/blog', 'Blog');
    expect(site.problems).toEqual([]);
  });

  it("shows the site's RSS feed in the footer of every page, and a category's own feed on its list", async () => {
    const { page } = site;
    for (const path of ['/', '/about', '/anime']) {
      await gotoApp(page, `${site.url}${path}`);
      const feed = page.getByRole('contentinfo').getByRole('link', { name: 'RSS feed' });
      expect(await feed.isVisible(), path).toBe(true);
      expect(await feed.getAttribute('href')).toBe('/rss.xml');
    }
    const animeFeed = page.getByRole('main').getByRole('link', { name: 'RSS feed of Anime' });
    expect(await animeFeed.isVisible()).toBe(true);
    const href = (await animeFeed.getAttribute('href'))!;
    expect(href).toBe('/anime/rss.xml');
    const answer = await fetch(`${site.url}${href}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Frieren at the end');
    expect(site.problems).toEqual([]);
  });

  it("searches from any page's header, on a phone too, and says how many posts it found", async () => {
    const { page } = site;
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await gotoApp(page, `${site.url}/about`);
      // In the header itself, not behind the phone's Menu.
      await page.getByRole('banner').getByRole('link', { name: 'Search posts' }).click();
      await expect.poll(() => pathOf(page)).toBe('/blog');
      const box = page.getByRole('main').getByRole('searchbox', { name: 'Search posts' });
      await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.type('frieren');
      await page.keyboard.press('Enter');
      await expect.poll(() => pathOf(page)).toBe('/blog/search/frieren');
      await expect.poll(() => page.getByRole('main').getByText('2 posts found').isVisible()).toBe(true);

      // On a page that has the box, the cursor moves into it and the keyword stays.
      await page.getByRole('banner').getByRole('link', { name: 'Search posts' }).click();
      await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(pathOf(page)).toBe('/blog/search/frieren');
      expect(await box.inputValue()).toBe('frieren');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(site.problems).toEqual([]);
  });

  it("searches from the header without JavaScript, with the box's own messages, and counts in the server's HTML", async () => {
    const noScript = await openNoScriptBrowser();
    try {
      const { page } = noScript;
      await page.goto(`${site.url}/about`);
      await page.getByRole('banner').getByRole('link', { name: 'Search posts' }).click();
      await page.waitForURL(`${site.url}/blog#search`);
      const box = page.getByRole('main').getByRole('searchbox', { name: 'Search posts' });
      await box.fill('zelda!');
      await box.press('Enter');
      await page.waitForURL(/\/blog\/search\?q=/);
      expect(await page.getByRole('main').getByRole('alert').textContent()).toBe(
        'Letters, numbers, spaces, dashes and underscores allowed',
      );
      await page.getByRole('main').getByRole('searchbox', { name: 'Search posts' }).fill('zelda');
      await page.getByRole('main').getByRole('searchbox', { name: 'Search posts' }).press('Enter');
      await page.waitForURL(`${site.url}/blog/search/zelda`);
      expect(await page.getByRole('main').getByText('1 post found').isVisible()).toBe(true);
      expect(noScript.problems).toEqual([]);
    } finally {
      await noScript.close();
    }
  });
});
