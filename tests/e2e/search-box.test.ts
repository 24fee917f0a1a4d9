// The blog's search box as a visitor uses it: the spec's messages under the box, then a search.
import { describe, expect, it } from 'vitest';
import { desktopSiteTests, type E2eSite } from './support/e2e-site.ts';
import { gotoApp, h1Text, pathOf, searchWith } from './support/page-checks.ts';

let site: E2eSite;
desktopSiteTests((opened) => (site = opened));

describe('the search box', () => {
  // Checking the keyword in the page is the app's: before it has started, the box is a plain form
  // the server answers (server-rendering.test.ts), with the same messages on its own page.
  it('asks for a keyword when submitted empty, and stays on the page', async () => {
    const { page } = site;
    await gotoApp(page, `${site.url}/blog`);
    const search = page.getByRole('search');
    await search.getByRole('button', { name: 'Search' }).click();
    const message = search.getByRole('alert');
    await expect.poll(() => message.textContent()).toBe('You need to add a keyword');
    const box = search.getByRole('searchbox', { name: 'Search posts' });
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    // The message is tied to the box, so a screen reader reads it with it.
    expect(await box.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
    expect(pathOf(page)).toBe('/blog');

    // Spaces alone are no keyword either.
    await box.fill('   ');
    await box.press('Enter');
    await expect.poll(() => message.textContent()).toBe('You need to add a keyword');
    expect(pathOf(page)).toBe('/blog');
    expect(site.problems).toEqual([]);
  });

  it('refuses other characters than letters, numbers, spaces, dashes and underscores, as the reader types', async () => {
    const { page } = site;
    await gotoApp(page, `${site.url}/blog`);
    const search = page.getByRole('search');
    const box = search.getByRole('searchbox', { name: 'Search posts' });
    const message = search.getByRole('alert');
    await box.fill('zelda!');
    await box.press('Enter');
    await expect.poll(() => message.textContent()).toBe('Letters, numbers, spaces, dashes and underscores allowed');
    expect(pathOf(page)).toBe('/blog');

    // After a first attempt, the message follows the typing.
    await box.fill('zelda');
    await expect.poll(() => message.textContent()).toBe('');
    expect(await box.getAttribute('aria-invalid')).toBeNull();
    await box.fill('');
    await expect.poll(() => message.textContent()).toBe('You need to add a keyword');
    expect(site.problems).toEqual([]);
  });

  it("searches for the trimmed keyword: 'zelda ' goes to /blog/search/zelda", async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog`);
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Search posts' });
    await searchWith(box, 'zelda ', '/blog/search/zelda');
    await expect.poll(() => h1Text(page)).toBe('Search results for “zelda”');
    // The results page shows what was searched for, ready to refine.
    expect(await page.getByRole('search').getByRole('searchbox').inputValue()).toBe('zelda');
    expect(site.problems).toEqual([]);
  });

  it('keeps spaces, dashes and underscores inside the keyword', async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog/search/zelda`);
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Search posts' });
    await box.fill('  final-fantasy_7 remake ');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => pathOf(page)).toBe('/blog/search/final-fantasy_7%20remake');
    await expect.poll(() => h1Text(page)).toBe('Search results for “final-fantasy_7 remake”');
    expect(await box.inputValue()).toBe('final-fantasy_7 remake');
    expect(site.problems).toEqual([]);
  });
});
