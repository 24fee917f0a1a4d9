// Dark mode: the pages follow the system's setting, the header's toggle overrides it and is
// remembered, a remembered pick is painted from the first frame (the inline script the content
// security policy allows by its hash), and axe finds no violation in either theme, with the phone's
// Menu open too, with JavaScript and without; every field's placeholder is readable in both.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { gotoApp, menuSummary } from './support/page-checks.ts';
import { createCard, createPost } from './support/site-content.ts';

const LIGHT_BG = 'rgb(246, 246, 245)';
const DARK_BG = 'rgb(21, 21, 24)';

let site: E2eSite;
let postSlug: string;

beforeAll(async () => {
  site = await openDesktopSite();
  postSlug = (await createPost(site.t, { title: 'Celeste, climbed twice', category: 'game' })).slug;
  // Two 'Currently' cards: more than a phone shows at once, so without JavaScript their row scrolls.
  await createCard(site.t, { title: 'Playing', subtitle: 'Celeste' });
  await createCard(site.t, { title: 'Reading', subtitle: 'Piranesi' });
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
    const paths = ['/', '/blog', `/blog/${postSlug}`, '/about', '/no-such-page'];
    const found = await inEachThemeAndWidth(page, paths, async ({ theme, width, path }) => {
      await gotoApp(page, `${site.url}${path}`);
      expect(await background(page)).toBe(theme === 'dark' ? DARK_BG : LIGHT_BG);
      const here = (await axeViolations(page)).map((violation) => `${theme} ${width} ${path} ${violation}`);
      if (width === 390 && (path === '/' || path === '/blog')) {
        await menuSummary(page).click();
        const withMenu = `${theme} ${width} ${path}, the Menu open,`;
        for (const violation of await axeViolations(page)) here.push(`${withMenu} ${violation}`);
      }
      return here;
    });
    expect(found).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 120_000);

  it('has no axe violation on the pages as they are without JavaScript, in both themes, the Menu open on a phone', async () => {
    const { page } = site;
    // axe needs script, and this Chromium closes a page without JavaScript that awaits a promise: the page is
    // opened with its app's code answered empty instead, and the styles index.html keeps for browsers without
    // script put in as they would be.
    await page.route(/\/assets\/[\w-]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    let found: string[];
    try {
      found = await inEachThemeAndWidth(page, ['/', '/blog'], async ({ theme, width, path }) => {
        await page.goto(`${site.url}${path}`);
        await page.evaluate(() => {
          for (const noscript of document.querySelectorAll('noscript')) {
            const parsed = document.createElement('div');
            parsed.innerHTML = noscript.textContent ?? '';
            noscript.replaceWith(...parsed.childNodes);
          }
        });
        expect(await background(page)).toBe(theme === 'dark' ? DARK_BG : LIGHT_BG);
        expect(await toggle(page).isVisible()).toBe(false);
        if (width === 390) await menuSummary(page).click();
        return (await axeViolations(page)).map((violation) => `${theme} ${width} ${path} ${violation}`);
      });
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    expect(found).toEqual([]);
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("shows every field's placeholder at 4.5:1 or more against the field, in both themes", async () => {
    const { page } = site;
    const found: Record<string, number> = {};
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await gotoApp(page, `${site.url}/blog`);
      const fields = await page.locator('[placeholder]').evaluateAll((elements) =>
        elements.map((element) => ({
          name: element.getAttribute('placeholder'),
          text: getComputedStyle(element, '::placeholder').color,
          field: getComputedStyle(element).backgroundColor,
        })),
      );
      expect(fields.map((field) => field.name)).toEqual(['Search posts']);
      for (const { name, text, field } of fields) found[`${theme} ${name}`] = contrast(text, field);
    }
    expect(Math.min(...Object.values(found)), JSON.stringify(found)).toBeGreaterThanOrEqual(4.5);
    expect(site.problems).toEqual([]);
  });
});

/**
 * Each path at 390 and 1280 px in each theme: `visit` opens it and says what it found there. All of
 * it, once the window is 1280 px wide again.
 */
async function inEachThemeAndWidth(
  page: Page,
  paths: string[],
  visit: (where: { theme: 'light' | 'dark'; width: number; path: string }) => Promise<string[]>,
): Promise<string[]> {
  const found: string[] = [];
  try {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of paths) found.push(...(await visit({ theme, width, path })));
      }
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  return found;
}

/** The contrast ratio of two opaque colours given as CSS rgb() values, as WCAG defines it. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [red, green, blue] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  };
  const [darker, lighter] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return (lighter! + 0.05) / (darker! + 0.05);
}
