// The frame around every screen, as a visitor uses it: the header's logo and navigation, the Menu
// button on a phone, and the footer's links (signed in: accounts.test.ts; guarded screens: guards.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, restoreSession, signOutBrowser } from './support/accounts.ts';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { gotoApp, h1Text, pathOf } from './support/page-checks.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await openSite({ SITE_NAME: 'Pixel Diaries' });
});
afterAll(() => site?.close());

const NAV = [
  { label: 'ABOUT', path: '/about', heading: 'About' },
  { label: 'BLOG', path: '/blog', heading: 'Blog' },
  { label: 'GAMES', path: '/games', heading: 'Games' },
  { label: 'ANIME', path: '/anime', heading: 'Anime' },
  { label: 'BOOKS', path: '/books', heading: 'Books' },
  { label: 'TV', path: '/tv', heading: 'TV' },
  { label: 'HIRE ME', path: '/hire-me', heading: 'Hire me' },
];

describe('the header on a wide screen', () => {
  it('shows every navigation link, in order, and each one leads to its page', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(site.url);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(NAV.map((link) => link.label));
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);

    for (const link of NAV) {
      await nav.getByRole('link', { name: link.label, exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe(link.path);
      await expect.poll(() => h1Text(page)).toBe(link.heading);
      expect(await nav.getByRole('link', { name: link.label, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    expect(site.problems).toEqual([]);
  });

  it('has the logo, drawn in the page, linking home', async () => {
    const { page } = site;
    await page.goto(`${site.url}/about`);
    const logo = page.getByRole('banner').getByRole('link', { name: 'Pixel Diaries, home page' });
    await logo.waitFor();
    // Drawn in the page: no picture to fetch, from this host or another. Decorative: the link has the name.
    const mark = logo.locator('svg');
    expect(await mark.getAttribute('aria-hidden')).toBe('true');
    expect(await mark.boundingBox()).toMatchObject({ width: 40, height: 40 });
    expect(await logo.locator('img').count()).toBe(0);
    await logo.click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect.poll(() => h1Text(page)).toBe('Pixel Diaries');
    expect(site.problems).toEqual([]);
  });
});

describe('keyboard users', () => {
  it('can skip the header: the first Tab reaches "Skip to content", which moves focus to the page', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${site.url}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(pathOf(page)).toBe('/about');
    expect(site.problems).toEqual([]);
  });

  it('land on the new page after following a link, not back at the top of the header', async () => {
    const { page } = site;
    // Moving the focus is the app's: before it has started, a link loads the next page afresh.
    await gotoApp(page, `${site.url}/about`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Disclaimer' }).press('Enter');
    await expect.poll(() => h1Text(page)).toBe('Disclaimer');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(site.problems).toEqual([]);
  });
});

describe('the header on a 375 px wide phone', () => {
  // The Menu button is the app's: until it has started, the page is plain HTML and the button does
  // nothing (docs/decisions/023-app-after-the-page.md).
  it('folds the links behind a Menu button that opens and closes them', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoApp(page, site.url);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ABOUT' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await about.isVisible()).toBe(false);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await about.isVisible()).toBe(true);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await about.isVisible()).toBe(false);
    expect(site.problems).toEqual([]);
  });

  it('closes the menu when a link is followed', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoApp(page, site.url);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GAMES' }).click();
    await expect.poll(() => pathOf(page)).toBe('/games');
    await expect.poll(() => h1Text(page)).toBe('Games');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(site.problems).toEqual([]);
  });

  it('works from the keyboard: Enter opens, Tab reaches the links, Escape closes and returns focus', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoApp(page, site.url);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('ABOUT');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
    await page.keyboard.press('Space');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(site.problems).toEqual([]);
  });
});

describe('the footer', () => {
  it('offers Login to a visitor, the Privacy Policy and the Disclaimer, and credits the creator', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(site.url);
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();

    const credit = footer.locator('.site-footer-credit a');
    expect(await credit.getAttribute('href')).toMatch(/^https?:\/\//);

    for (const [name, path, heading] of [
      ['Login', '/login', 'Login'],
      ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
      ['Disclaimer', '/disclaimer', 'Disclaimer'],
    ]) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe(path);
      await expect.poll(() => h1Text(page)).toBe(heading);
    }
    expect(site.problems).toEqual([]);
  });

  it('shows who is signed in instead of Login, once the server confirms the stored session', async () => {
    const { page } = site;
    const reader = await createAccount(site, { name: 'Ada' });
    await restoreSession(site, reader);
    const footer = page.getByRole('contentinfo');
    await footer.getByText('Signed in as Ada').waitFor();
    expect(await footer.getByRole('link', { name: 'Login' }).count()).toBe(0);

    await signOutBrowser(site);
    await footer.getByRole('link', { name: 'Login' }).waitFor();
    expect(site.problems).toEqual([]);
  });
});

// Who may see which guarded screen: tests/e2e/guards.test.ts, with real sessions.
