// When a list cannot be shown, the reader is told what happened in plain words and offered a way on:
// Try again after a failed request, all posts and a search after NOTHING FOUND and on the 404 page,
// the first page after a page past the last, on every list alike.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { messages } from '#kernel/messages.ts';
import { withAppCookie } from './support/accounts.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { cardTitles, gotoApp, h1Text, pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await openDesktopSite();
  await createPost(site.t, { title: 'Disco Elysium, again', category: 'game' });
  await createPost(site.t, { title: 'Frieren at the end', category: 'anime' });
  // The first page a new browser opens is slow to come: not inside a test's time.
  await site.page.goto(site.url);
}, 60_000);
afterAll(() => site?.close());
// Each test answers for the console lines of its own pages.
beforeEach(() => {
  site.problems.length = 0;
});

const main = (page: Page) => page.getByRole('main');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The browser's own console line for a request that failed: expected here, and nothing else. */
const failedRequest = (problem: string) =>
  /ERR_INTERNET_DISCONNECTED|Failed to fetch|the server responded with a status of 500/.test(problem);

/**
 * Answers the named query with `fail` until the returned function is called; other requests go
 * through. The screen is reached from another one, through the header, so the app asks for its data.
 */
async function failQuery(page: Page, name: string, fail: (route: Route) => Promise<void>) {
  let failing = true;
  await page.route('**/graphql', async (route) => {
    if (failing && route.request().postData()?.includes(`query ${name}`)) await fail(route);
    else await route.continue();
  });
  return () => {
    failing = false;
  };
}

describe('a list whose request fails', () => {
  for (const { title, link, query, fail, said, raw, titles } of [
    {
      title: 'says the site could not be reached, and Try again shows the posts once it can be',
      link: 'BLOG',
      query: 'BlogList',
      fail: (route: Route) => route.abort('internetdisconnected'),
      said: 'Could not reach the site to load the posts. Check your connection, then try again.',
      raw: 'Failed to fetch',
      titles: ['Frieren at the end', 'Disco Elysium, again'],
    },
    {
      title: "says the server failed, in plain words, not its 'Unexpected error.', and Try again recovers",
      link: 'ANIME',
      query: 'CategoryList',
      fail: (route: Route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
          }),
        }),
      said: 'Something went wrong on our side while loading the posts. Please try again.',
      raw: 'Unexpected error.',
      titles: ['Frieren at the end'],
    },
  ]) {
    it(title, async () => {
      const { page } = site;
      // A list that fails is one the app asks for (the signed-in author's): a reader's list comes
      // rendered in its page, which the server never sends failed.
      await withAppCookie(page, site.url);
      onTestFinished(() => page.context().clearCookies());
      await gotoApp(page, `${site.url}/about`);
      const recover = await failQuery(page, query, fail);
      try {
        await nav(page).getByRole('link', { name: link, exact: true }).click();
        const alert = main(page).getByRole('alert').filter({ hasText: /\S/ });
        await expect.poll(() => alert.textContent()).toBe(said);
        expect(await main(page).getByText(raw).count()).toBe(0);

        recover();
        await main(page).getByRole('button', { name: 'Try again' }).click();
        await expect.poll(() => cardTitles(page)).toEqual(titles);
        expect(await alert.count()).toBe(0);
      } finally {
        await page.unroute('**/graphql');
      }
      expect(site.problems.filter((problem) => !failedRequest(problem))).toEqual([]);
    });
  }
});

describe('NOTHING FOUND', () => {
  it('after a search, leads to all posts', async () => {
    const { page } = site;
    await gotoApp(page, `${site.url}/blog/search/platypus`);
    await main(page).getByText('NOTHING FOUND', { exact: true }).waitFor();
    await main(page).getByRole('link', { name: 'See all posts' }).click();
    await expect.poll(() => pathOf(page)).toBe('/blog');
    await expect.poll(() => cardTitles(page)).toHaveLength(2);
    expect(site.problems).toEqual([]);
  });

  it('on an empty category, offers all posts and a search box that finds posts', async () => {
    const { page } = site;
    await gotoApp(page, `${site.url}/tv`);
    await main(page).getByText('NOTHING FOUND', { exact: true }).waitFor();
    expect(await main(page).getByRole('link', { name: 'See all posts' }).getAttribute('href')).toBe('/blog');
    await main(page).getByRole('searchbox', { name: 'Search posts' }).fill('frieren');
    await main(page).getByRole('searchbox', { name: 'Search posts' }).press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/blog/search/frieren');
    await expect.poll(() => cardTitles(page)).toEqual(['Frieren at the end']);
    expect(site.problems).toEqual([]);
  });
});

describe('a page past the last', () => {
  // Each list has one page here; the server answers 404 for a page past it (crawlers drop it).
  for (const path of ['/blog/page/4', '/anime/page/4', '/blog/search/frieren/page/4']) {
    it(`${path}: says there is no such page and leads to the first`, async () => {
      const { page } = site;
      await gotoApp(page, `${site.url}${path}`);
      await main(page).getByText('NOTHING FOUND', { exact: true }).waitFor();
      expect(await main(page).getByText('There is no page 4 here.').count()).toBe(1);
      await main(page).getByRole('link', { name: 'Go to the first page' }).click();
      await expect.poll(() => pathOf(page)).toBe(path.replace('/page/4', '/page/1'));
      await expect.poll(async () => (await cardTitles(page)).length).toBeGreaterThan(0);
      expect(site.problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
    });
  }
});

describe('the 404 page', () => {
  it('offers all posts and a search box', async () => {
    const { page } = site;
    await gotoApp(page, `${site.url}/no-such-page`);
    expect(await h1Text(page)).toBe('Page not found');
    expect(await main(page).getByRole('link', { name: 'See all posts' }).getAttribute('href')).toBe('/blog');
    await main(page).getByRole('searchbox', { name: 'Search posts' }).fill('disco');
    await main(page)
      .getByRole('button', { name: /search/i })
      .click();
    await expect.poll(() => cardTitles(page)).toEqual(['Disco Elysium, again']);
    expect(site.problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
  });
});

describe('a search for nothing but spaces', () => {
  it('/blog/search/%20: the blog, with the message under the box, and no "Search results for" heading', async () => {
    const { page } = site;
    await gotoApp(page, `${site.url}/blog/search/%20`);
    expect(await h1Text(page)).toBe('Blog');
    expect(await main(page).getByText('Search results for').count()).toBe(0);
    expect(await main(page).getByText(messages.keywordRequired).count()).toBeGreaterThan(0);
    expect(site.problems).toEqual([]);
  });
});
