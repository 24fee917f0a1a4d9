// The frame around every screen, as a visitor uses it: the header's logo and navigation, the Menu
// on a phone, the footer's links (signed in: accounts.test.ts; guarded screens: guards.test.ts;
// the Menu without JavaScript: server-rendering.test.ts), and the document's title while a page starts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { createAccount, restoreSession, signOutBrowser, withAppCookie } from './support/accounts.ts';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import {
  accessibleNodes,
  arrivedAt,
  appOwnsH1,
  gotoApp,
  h1Text,
  mainNav,
  menuSummary,
  misplacedNavLinks,
  pathOf,
  whileFilesHeld,
} from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

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
    expect(await menuSummary(page).isVisible()).toBe(false);
    expect(await misplacedNavLinks(page)).toEqual([]);

    for (const link of NAV) {
      await nav.getByRole('link', { name: link.label, exact: true }).click();
      await arrivedAt(page, link.path, link.heading);
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
    await arrivedAt(page, '/', 'Pixel Diaries');
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
    // Moving the focus is the app's (the signed-in author's): a reader's link loads the next page afresh,
    // where the browser starts at its top.
    await withAppCookie(site.page, site.url);
    try {
      await gotoApp(page, `${site.url}/about`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Disclaimer' }).press('Enter');
      await expect.poll(() => h1Text(page)).toBe('Disclaimer');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    } finally {
      await page.context().clearCookies();
    }
    expect(site.problems).toEqual([]);
  });
});

describe('the header on a 390 px wide phone', () => {
  // The Menu is the browser's own disclosure (a <details>): it works before the app has started and
  // without JavaScript (server-rendering.test.ts); the app adds Escape and closes it on navigation.
  const menuState = (page: Page) => accessibleNodes(page, 'Menu');
  const closed = [{ role: 'DisclosureTriangle', expanded: false }];
  const open = [{ role: 'DisclosureTriangle', expanded: true }];
  beforeEach(() => site.page.setViewportSize({ width: 390, height: 740 }));

  it('folds the links behind a Menu that opens them in view, clear of the name, and closes them', async () => {
    const { page } = site;
    await gotoApp(page, site.url);
    const menu = menuSummary(page);
    const about = mainNav(page).getByRole('link', { name: 'ABOUT' });
    expect(await menuState(page)).toEqual(closed);
    expect(await about.isVisible()).toBe(false);

    await menu.click();
    expect(await menuState(page)).toEqual(open);
    expect(await misplacedNavLinks(page)).toEqual([]);

    await menu.click();
    expect(await menuState(page)).toEqual(closed);
    expect(await about.isVisible()).toBe(false);
    expect(site.problems).toEqual([]);
  });

  it('closes the menu when a link is followed', async () => {
    const { page } = site;
    await gotoApp(page, site.url);
    await menuSummary(page).click();
    await mainNav(page).getByRole('link', { name: 'GAMES' }).click();
    await arrivedAt(page, '/games', 'Games');
    expect(await menuState(page)).toEqual(closed);
    expect(await mainNav(page).getByRole('link', { name: 'ABOUT' }).isVisible()).toBe(false);
    expect(site.problems).toEqual([]);
  });

  it('works from the keyboard: Enter opens, Tab reaches the links, Escape closes and returns focus', async () => {
    const { page } = site;
    await gotoApp(page, site.url);
    await menuSummary(page).focus();
    await page.keyboard.press('Enter');
    expect(await menuState(page)).toEqual(open);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('ABOUT');
    await page.keyboard.press('Escape');
    expect(await menuState(page)).toEqual(closed);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
    await page.keyboard.press('Space');
    expect(await menuState(page)).toEqual(open);
    expect(site.problems).toEqual([]);
  });

  it('keeps a menu opened before the app started open once it has, and the app then closes it on navigation', async () => {
    const { page } = site;
    // The app is the signed-in author's.
    await withAppCookie(site.page, site.url);
    onTestFinished(() => page.context().clearCookies());
    // The app's code (all but its small loader) waits until the menu has been opened on the server's page.
    await whileFilesHeld(page, /\/assets\/(?!load-)[\w-]+\.js$/, async (release) => {
      await page.goto(`${site.url}/about`, { waitUntil: 'domcontentloaded' });
      await menuSummary(page).click();
      expect(await appOwnsH1(page)).toBe(false);
      expect(await menuState(page)).toEqual(open);
      release();
      await expect.poll(() => appOwnsH1(page)).toBe(true);
    });
    // Taken over without a word about the markup (a hydration mismatch is logged as an error)...
    expect(await menuState(page)).toEqual(open);
    expect(await misplacedNavLinks(page)).toEqual([]);
    // ...and from here on it is the app's menu.
    await mainNav(page).getByRole('link', { name: 'BLOG' }).click();
    await expect.poll(() => h1Text(page)).toBe('Blog');
    expect(await menuState(page)).toEqual(closed);
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
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await arrivedAt(page, path, heading);
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

// A page always has exactly one title while it starts: the server's until React renders its own,
// then React's. Removing the server's copy when the app started left the document without a title
// until the render after hydration; axe found the page untitled when it looked in that moment.
describe('the document title while a page starts', () => {
  let post: { slug: string };
  beforeAll(async () => {
    // A visitor's browser (the footer's tests above signed one in), in a desktop window, with the app
    // (a reader's page keeps the server's title: it has no app to take it over).
    await signOutBrowser(site);
    await withAppCookie(site.page, site.url);
    await site.page.setViewportSize({ width: 1280, height: 800 });
    post = await createPost(site.t, { title: 'Titled all along', category: 'book' });
    // From the end of parsing on, every change to the head is checked: how many <title> it holds.
    await site.page.addInitScript(() => {
      const counts: number[] = [];
      (window as unknown as { titleCounts: number[] }).titleCounts = counts;
      document.addEventListener('DOMContentLoaded', () => {
        const check = () => counts.push(document.head.querySelectorAll('title').length);
        check();
        new MutationObserver(check).observe(document.head, { childList: true, subtree: true });
      });
    });
  }, 60_000);

  for (const [name, path, title] of [
    ['a server-rendered page', () => '/', 'Pixel Diaries'],
    ['a post', () => `/blog/${post.slug}`, 'Titled all along | Pixel Diaries'],
    ['a page the browser renders', () => '/login', /Pixel Diaries/],
  ] as const) {
    it(`is there, once, from the first byte to the running app: ${name}`, async () => {
      const { page } = site;
      await page.goto(`${site.url}${path()}`);
      // The app runs: React's tags are in, the server's gone.
      await expect
        .poll(() => page.evaluate(() => document.head.querySelectorAll('[data-server-meta="page"]').length))
        .toBe(0);
      await expect.poll(() => page.title()).toMatch(title);
      const counts = await page.evaluate(() => (window as unknown as { titleCounts: number[] }).titleCounts);
      expect(counts.length).toBeGreaterThan(1);
      expect(counts.filter((count) => count !== 1)).toEqual([]);
      expect(site.problems).toEqual([]);
    });
  }
});
