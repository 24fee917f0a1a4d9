// The pages the author writes (issue 36), in one browser session: the studio's list and editor on a
// phone (390 px), the author rewriting /about and writing /now of their own, the unsaved-changes
// question and the local draft, and both public pages as readers get them, with JavaScript and
// without, with no axe violation in either theme; the blog's search finds them.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, restoreSession, toast, type Account } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { openNoScriptBrowser } from './support/no-script.ts';
import { h1Text, pathOf } from './support/page-checks.ts';

let site: E2eSite;
let admin: Account;

beforeAll(async () => {
  site = await openSite({ SITE_NAME: 'Pixel Diaries' });
  admin = await createAccount(site, { isAdmin: true, name: 'Ada' });
}, 60_000);
afterAll(() => site?.close());

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** axe's violations on the page at `url`, in the light and the dark theme. */
async function violationsInBothThemes(page: Page, url: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(url);
    found.push(...(await axeViolations(page)).map((violation) => `${theme} ${url} ${violation}`));
  }
  return found;
}

describe("the author's pages", () => {
  it('are listed in the studio at 390 px, and /about is rewritten there without losing a word', async () => {
    const { page } = site;
    await restoreSession(site, admin, '/admin/posts');
    // The header's author tools lead to the list.
    await page.getByRole('navigation', { name: 'Author tools' }).getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/admin/pages');

    await page.setViewportSize({ width: 390, height: 800 });
    const rows = page.getByRole('row');
    await rows.filter({ hasText: 'Privacy Policy' }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(
      expect.arrayContaining(['About', 'Hire me', 'Privacy Policy', 'Disclaimer']),
    );
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);

    // /about's text, rewritten: leaving before saving asks first, and the words wait in this browser.
    await page.getByRole('link', { name: 'Edit About' }).click();
    await page.getByRole('heading', { name: 'Edit page' }).waitFor();
    await editor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Written again in the studio.');
    await page.getByText('Unsaved changes: kept in this browser until you save').waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('banner').getByRole('link', { name: 'Pixel Diaries, home page' }).click();
    await expect.poll(() => asked).toEqual(['You have unsaved changes. Leave this page and lose them?']);
    expect(pathOf(page)).toMatch(/^\/admin\/pages\/.+/);
    // A reload (the browser's own question answered yes) finds the words again, as a restored draft.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.evaluate(() => window.location.reload());
    await page.getByText('Draft restored').waitFor();
    await expect.poll(() => editor(page).textContent()).toContain('Written again in the studio.');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, '“About” is saved').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/about');
    await page.getByText('Written again in the studio.').waitFor();
    // The owner's details from the settings, under the text.
    expect(await page.getByRole('main').getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe(
      'mailto:hello@example.com',
    );

    expect(site.problems).toEqual([]);
  });

  it('are added by the author at 390 px: /now, its address made from its title', async () => {
    const { page } = site;
    await page.goto(`${site.url}/admin/pages/new`);
    await page.getByLabel('Title').fill('Now');
    expect(await page.getByLabel('Address').getAttribute('placeholder')).toBe('now');
    await page.getByLabel('Description').fill('What I am reading, watching and playing these days.');
    await page.getByLabel('Status').selectOption('PUBLISHED');
    await editor(page).click();
    await page.keyboard.type('Reading Piranesi, slowly.');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, '“Now” is saved').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/now');
    await expect.poll(() => h1Text(page)).toBe('Now');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(site.problems).toEqual([]);
  });

  it('are what readers get, with JavaScript: no axe violation in either theme', async () => {
    const { page } = site;
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    for (const path of ['/about', '/now']) expect(await violationsInBothThemes(page, `${site.url}${path}`)).toEqual([]);
    await page.goto(`${site.url}/now`);
    await page.getByText('Reading Piranesi, slowly.').waitFor();
    await expect.poll(() => page.title()).toBe('Now | Pixel Diaries');
    expect(site.problems).toEqual([]);
  });

  it('are what readers get without JavaScript: no axe violation in either theme', async () => {
    const noScript = await openNoScriptBrowser();
    try {
      await noScript.page.goto(`${site.url}/about`);
      expect(await noScript.page.getByRole('main').textContent()).toContain('Written again in the studio.');
      await noScript.page.goto(`${site.url}/now`);
      expect(await h1Text(noScript.page)).toBe('Now');
      expect(await noScript.page.getByRole('main').textContent()).toContain('Reading Piranesi, slowly.');
      // The blog's search finds the page, in a group of its own above the posts.
      await noScript.page.goto(`${site.url}/blog/search/piranesi`);
      const found = noScript.page.getByRole('region', { name: 'Pages' });
      expect(await found.getByRole('link', { name: 'Now' }).getAttribute('href')).toBe('/now');
      expect(noScript.problems).toEqual([]);
    } finally {
      await noScript.close();
    }
    // axe needs script: the page as the server wrote it, with the app's code answered empty (as
    // dark-mode.test.ts checks the pages without JavaScript).
    const { page } = site;
    await page.route(/\/assets\/[\w-]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    try {
      for (const path of ['/about', '/now'])
        expect(await violationsInBothThemes(page, `${site.url}${path}`)).toEqual([]);
      expect(await page.getByRole('main').textContent()).toContain('Reading Piranesi, slowly.');
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    expect(site.problems).toEqual([]);
  });
});
