// Dark mode: the pages follow the system's setting, the header's toggle overrides it and is
// remembered, a remembered pick is painted from the first frame (the inline script the content
// security policy allows by its hash), and axe finds no violation in either theme.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { gotoApp } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

const LIGHT_BG = 'rgb(246, 246, 245)';
const DARK_BG = 'rgb(21, 21, 24)';

let site: E2eSite;
let postSlug: string;

beforeAll(async () => {
  site = await openDesktopSite();
  postSlug = (await createPost(site.t, { title: 'Celeste, climbed twice', category: 'game' })).slug;
}, 60_000);
afterAll(() => site?.close());

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Dark theme' });

describe('dark mode', () => {
  it("follows the system's setting until the reader picks", async () => {
    const { page } = site;
    await page.emulateMedia({ colorScheme: 'dark' });
    await gotoApp(page, `${site.url}/`);
    expect(await background(page)).toBe(DARK_BG);
    await expect.poll(() => toggle(page).getAttribute('aria-pressed')).toBe('true');

    // The system changes its mind while the page is open.
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background(page)).toBe(LIGHT_BG);
    await expect.poll(() => toggle(page).getAttribute('aria-pressed')).toBe('false');
    expect(site.problems).toEqual([]);
  });

  it('remembers the pick and paints it from the first frame, the page policy allowing its script', async () => {
    const { page } = site;
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoApp(page, `${site.url}/blog/${postSlug}`);
    await toggle(page).click();
    expect(await background(page)).toBe(DARK_BG);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // Before the app's script has run (a rendered page asks for it once loaded), the page is dark.
    await page.goto(`${site.url}/blog/${postSlug}`, { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    expect(await background(page)).toBe(DARK_BG);
    await expect.poll(() => toggle(page).getAttribute('aria-pressed')).toBe('true');

    // Light again, though the system now says dark.
    await page.emulateMedia({ colorScheme: 'dark' });
    await toggle(page).click();
    expect(await background(page)).toBe(LIGHT_BG);
    await page.reload();
    expect(await background(page)).toBe(LIGHT_BG);
    // No refused inline script, nothing else either.
    expect(site.problems).toEqual([]);
    await page.evaluate(() => localStorage.removeItem('theme'));
  });

  it('has no axe violation in either theme, at 390 and 1280 px', async () => {
    const { page } = site;
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of ['/', '/blog', `/blog/${postSlug}`, '/about', '/no-such-page']) {
          await gotoApp(page, `${site.url}${path}`);
          expect(await background(page)).toBe(theme === 'dark' ? DARK_BG : LIGHT_BG);
          for (const violation of await axeViolations(page)) found.push(`${theme} ${width} ${path} ${violation}`);
        }
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(found).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 120_000);
});
