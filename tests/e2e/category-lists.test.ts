// The four category lists: only their category's posts, 15 a page, the paginator to
// /{category}/page/{n}, and NOTHING FOUND for a category with no posts yet.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { cardTitles, followToList, h1Text, paginator, pathOf } from './support/page-checks.ts';
import { createPost, createPosts } from './support/site-content.ts';

let site: E2eSite;
let gameTitles: string[];

beforeAll(async () => {
  site = await openDesktopSite();
  const games = await createPosts(site.t, 16, (i) => ({ title: `Game post ${i + 1}`, category: 'game' }));
  gameTitles = games.map((post) => post.title).reverse();
  await createPost(site.t, { title: 'An anime post', category: 'anime' });
  await createPost(site.t, { title: 'A TV post', category: 'tv' });
}, 90_000);
afterAll(() => site?.close());

const nothingFound = (page: Page) => page.getByText('NOTHING FOUND', { exact: true });

describe('the category lists', () => {
  it('/games shows the 15 newest game posts, titled "Games", and pages on to /games/page/2', async () => {
    const { page } = site;
    await page.goto(`${site.url}/games`);
    await expect.poll(() => cardTitles(page)).toEqual(gameTitles.slice(0, 15));
    expect(await h1Text(page)).toBe('Games');
    await expect.poll(() => page.title()).toBe('Games | Pixel Diaries');

    await followToList(
      page,
      paginator(page).getByRole('link', { name: 'Page 2' }),
      '/games/page/2',
      gameTitles.slice(15),
    );
    await followToList(
      page,
      paginator(page).getByRole('link', { name: 'Page 1' }),
      '/games/page/1',
      gameTitles.slice(0, 15),
    );
    expect(site.problems).toEqual([]);
  });

  it('/anime and /tv show only their own post, with no paginator', async () => {
    const { page } = site;
    await page.goto(`${site.url}/anime`);
    await expect.poll(() => cardTitles(page)).toEqual(['An anime post']);
    expect(await paginator(page).count()).toBe(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'TV', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/tv');
    await expect.poll(() => cardTitles(page)).toEqual(['A TV post']);
    expect(await h1Text(page)).toBe('TV');
    expect(await paginator(page).count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it('/books, with no posts yet, says NOTHING FOUND', async () => {
    const { page } = site;
    await page.goto(`${site.url}/books`);
    await expect.poll(() => nothingFound(page).isVisible()).toBe(true);
    expect(await h1Text(page)).toBe('Books');
    expect(await page.getByRole('main').getByRole('article').count()).toBe(0);
    expect(await paginator(page).count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it('/tv/page/1 is the first page of TV posts', async () => {
    const { page } = site;
    await page.goto(`${site.url}/tv/page/1`);
    await expect.poll(() => cardTitles(page)).toEqual(['A TV post']);
    expect(site.problems).toEqual([]);
  });

  it("leads from a card's READ MORE to the post", async () => {
    const { page } = site;
    await page.goto(`${site.url}/anime`);
    await page.getByRole('link', { name: /^READ MORE\s*: An anime post$/ }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/blog\/[a-z0-9-]+$/);
    await expect.poll(() => h1Text(page)).toBe('An anime post');
    expect(site.problems).toEqual([]);
  });
});
