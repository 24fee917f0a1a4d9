// Ways to find more: "All posts" after Latest on the home page, a visible RSS link on every page (the
// footer) and each category's own feed on its list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { gotoApp, h1Text, pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await openDesktopSite();
  await createPost(site.t, { title: 'Frieren at the end', category: 'anime' });
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
    await expect.poll(() => pathOf(page)).toBe('/blog');
    await expect.poll(() => h1Text(page)).toBe('Blog');
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
});
