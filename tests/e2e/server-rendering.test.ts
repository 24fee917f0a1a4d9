// Public pages rendered on the server, in a real browser. With JavaScript off, the server's HTML is
// the whole site: every page shows its content, and links, the paginator and the search form work
// as plain HTML. With JavaScript on, a reader who is not signed in gets that HTML with its islands
// and no app (at most 30 KB of script; a link loads the next page); a browser with a session gets the
// app, which hydrates what the server wrote: nothing logged, nothing moves, the parser's nodes are
// kept (the markup is adopted, not thrown away and drawn again), and the app then navigates in place.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postPath } from '#kernel/route-paths.ts';
import type { PostWithImage } from '../../server/modules/post/post.service.ts';
import { createAccount, markPageLoad, restoreSession, withAppCookie } from './support/accounts.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { openNoScriptBrowser, type NoScriptBrowser } from './support/no-script.ts';
import {
  accessibleNodes,
  appOwnsH1,
  boxesOf,
  h1Text,
  mainNav as navOf,
  menuSummary,
  misplacedNavLinks,
  pathOf,
} from './support/page-checks.ts';
import { FEATURED_POST, seedTwoPagesSite } from './support/site-content.ts';

const SITE_NAME = 'Pixel Diaries';
const FEATURED_TITLE = FEATURED_POST.title;
const PARAGRAPH = FEATURED_POST.paragraphs[0]!;

let site: E2eSite;
// The seeded posts (seedTwoPagesSite): newest first, as the lists show them, and the ones looked for.
let newestFirst: PostWithImage[], featured: PostWithImage, zelda: PostWithImage, ocarina: PostWithImage;

beforeAll(async () => {
  site = await openDesktopSite();
  ({ newestFirst, featured, zelda, ocarina } = await seedTwoPagesSite(site.t));
}, 90_000);
afterAll(() => site?.close());

const main = (page: Page) => page.getByRole('main');
/** The h1s in <main> now, without waiting: a page without scripts is complete once loaded. */
const mainH1s = (page: Page) => page.locator('main h1').allTextContents();
const cardTitles = (page: Page) => main(page).getByRole('article').getByRole('heading').allTextContents();
const paginator = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const mainNav = (page: Page, name: string) => navOf(page).getByRole('link', { name, exact: true });
/** Whether all of `card` is inside the carousel's frame (the row it scrolls in). */
const inFrame = (card: Locator) =>
  card.evaluate((element) => {
    const frame = element.closest('.carousel-track')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return box.left >= frame.left - 1 && box.right <= frame.right + 1;
  });
const searchBox = (page: Page) => page.getByRole('search').getByRole('searchbox', { name: 'Search posts' });
const readMore = (card: Locator) => card.getByRole('link', { name: /^READ MORE/ });

/** Which of `texts` are shown in <main>, as { text: true } for each one that is. */
async function shown(page: Page, texts: string[]): Promise<Record<string, boolean>> {
  const entries = await Promise.all(
    texts.map(async (words): Promise<[string, boolean]> => [
      words,
      await main(page).getByText(words, { exact: true }).first().isVisible(),
    ]),
  );
  return Object.fromEntries(entries);
}
const all = (texts: string[]) => Object.fromEntries(texts.map((words) => [words, true]));

describe('with JavaScript off', () => {
  let browser: NoScriptBrowser;
  beforeAll(async () => (browser = await openNoScriptBrowser()));
  afterAll(() => browser?.close());
  beforeEach(() => {
    browser.problems.length = 0;
  });

  const PAGES: { name: string; path: () => string; status: number; heading: string; texts: () => string[] }[] = [
    {
      name: 'the home page',
      path: () => '/',
      status: 200,
      heading: SITE_NAME,
      texts: () => ['Currently', 'Piranesi', 'Latest', ...newestFirst.slice(0, 9).map((post) => post.title)],
    },
    {
      name: 'the blog',
      path: () => '/blog',
      status: 200,
      heading: 'Blog',
      texts: () => newestFirst.slice(0, 15).map((p) => p.title),
    },
    {
      name: "the blog's page 2",
      path: () => '/blog/page/2',
      status: 200,
      heading: 'Blog',
      texts: () => newestFirst.slice(15).map((p) => p.title),
    },
    {
      name: 'a search',
      path: () => '/blog/search/zelda',
      status: 200,
      heading: 'Search results for “zelda”',
      texts: () => [zelda.title, ocarina.title],
    },
    {
      name: 'the games list',
      path: () => '/games',
      status: 200,
      heading: 'Games',
      texts: () => newestFirst.filter((post) => post.category === 'game').map((post) => post.title),
    },
    { name: 'the anime list', path: () => '/anime', status: 200, heading: 'Anime', texts: () => ['Blog post 01'] },
    { name: 'the TV list', path: () => '/tv', status: 200, heading: 'TV', texts: () => ['Blog post 02'] },
    { name: 'the books list', path: () => '/books', status: 200, heading: 'Books', texts: () => ['Blog post 07'] },
    {
      name: 'a post',
      path: () => postPath(featured.slug),
      status: 200,
      heading: FEATURED_TITLE,
      texts: () => [featured.subtitle, PARAGRAPH],
    },
    // (Its subheadings end with a '#' link now, as a post's: its links to the categories, then.)
    { name: '/about', path: () => '/about', status: 200, heading: 'About', texts: () => ['Games', 'Books'] },
    { name: '/hire-me', path: () => '/hire-me', status: 200, heading: 'Hire me', texts: () => [] },
    { name: '/privacy-policy', path: () => '/privacy-policy', status: 200, heading: 'Privacy Policy', texts: () => [] },
    { name: '/disclaimer', path: () => '/disclaimer', status: 200, heading: 'Disclaimer', texts: () => [] },
    {
      name: 'a search that finds nothing',
      path: () => '/blog/search/platypus',
      status: 200,
      heading: 'Search results for “platypus”',
      texts: () => ['NOTHING FOUND'],
    },
    {
      name: 'a post that does not exist',
      path: () => postPath('00000000-0000-4000-8000-000000000000'),
      status: 404,
      heading: 'The page does not exist',
      texts: () => ['Make a new search'],
    },
    {
      name: 'an unknown path',
      path: () => '/no-such-page',
      status: 404,
      heading: 'Page not found',
      texts: () => ['Go to the home page'],
    },
  ];

  for (const expected of PAGES) {
    it(`${expected.name} (${expected.status}) shows its content from the server alone`, async () => {
      const { page } = browser;
      const response = await page.goto(`${site.url}${expected.path()}`);
      expect(response?.status()).toBe(expected.status);
      expect(await mainH1s(page)).toEqual([expected.heading]);
      expect(await shown(page, expected.texts())).toEqual(all(expected.texts()));
      // The site's frame, for finding one's way on.
      expect(await mainNav(page, 'BLOG').isVisible()).toBe(true);
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).isVisible()).toBe(true);
      expect(browser.problems).toEqual([]);
    });
  }

  it("opens a post from its card's READ MORE", async () => {
    const { page } = browser;
    await page.goto(`${site.url}/blog`);
    await readMore(main(page).getByRole('article').first()).click();
    await expect.poll(() => pathOf(page)).toBe(postPath(featured.slug));
    await expect.poll(() => mainH1s(page)).toEqual([featured.title]);
    expect(await shown(page, [PARAGRAPH])).toEqual(all([PARAGRAPH]));
    expect(browser.problems).toEqual([]);
  });

  it('opens a category from the main navigation', async () => {
    const { page } = browser;
    await page.goto(site.url);
    await mainNav(page, 'GAMES').click();
    await expect.poll(() => pathOf(page)).toBe('/games');
    await expect.poll(() => mainH1s(page)).toEqual(['Games']);
    expect(await cardTitles(page)).toEqual(newestFirst.filter((post) => post.category === 'game').map((p) => p.title));
    expect(browser.problems).toEqual([]);
  });

  it('opens a category from the Menu on a phone, with the mouse and the keyboard, its links in view', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await page.goto(site.url);
      const menu = menuSummary(page);
      expect(await accessibleNodes(page, 'Menu')).toEqual([{ role: 'DisclosureTriangle', expanded: false }]);
      expect(await mainNav(page, 'BOOKS').isVisible()).toBe(false);
      await menu.click();
      expect(await accessibleNodes(page, 'Menu')).toEqual([{ role: 'DisclosureTriangle', expanded: true }]);
      // In the window, below the header, not over the site's name (they once were, in three rows).
      expect(await misplacedNavLinks(page)).toEqual([]);
      await menu.press('Enter');
      expect(await mainNav(page, 'BOOKS').isVisible()).toBe(false);
      await menu.press('Enter');
      await mainNav(page, 'BOOKS').click();
      await expect.poll(() => pathOf(page)).toBe('/books');
      await expect.poll(() => mainH1s(page)).toEqual(['Books']);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(browser.problems).toEqual([]);
  });

  it('shows the links in a row on a wide screen, with no Menu', async () => {
    const { page } = browser;
    await page.goto(`${site.url}/about`);
    expect(await menuSummary(page).isVisible()).toBe(false);
    expect(await misplacedNavLinks(page)).toEqual([]);
    const tops = (await boxesOf(page.getByRole('navigation', { name: 'Main' }).getByRole('link'))).map((b) => b.top);
    expect(new Set(tops).size).toBe(1);
    expect(browser.problems).toEqual([]);
  });

  it("shows the 'Currently' cards as a row that scrolls sideways, with no control that needs a script", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await page.goto(site.url);
      const carousel = page.getByRole('group', { name: 'Currently' });
      // No arrows, no Pause: nothing there would work.
      expect(await carousel.getByRole('button').count()).toBe(0);
      expect(
        await carousel
          .locator('.carousel-arrow, .carousel-pause')
          .evaluateAll((elements) => elements.filter((element) => element.getBoundingClientRect().width > 0).length),
      ).toBe(0);
      const cards = carousel.getByRole('article');
      expect(await cards.count()).toBe(2);
      const last = cards.last();
      expect(await inFrame(last)).toBe(false);
      // The row takes the keyboard's arrows (it is focusable), and each press brings the next card into view.
      await carousel.locator('.carousel-track').focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => inFrame(last)).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(browser.problems).toEqual([]);
  });

  it("goes to page 2 from the paginator's link", async () => {
    const { page } = browser;
    await page.goto(`${site.url}/blog`);
    await paginator(page).getByRole('link', { name: 'Page 2' }).click();
    await expect.poll(() => pathOf(page)).toBe('/blog/page/2');
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst.slice(15).map((post) => post.title));
    expect(browser.problems).toEqual([]);
  });

  it("searches: the form's keyword, trimmed, lands on /blog/search/{keyword} with the results", async () => {
    const { page } = browser;
    await page.goto(`${site.url}/blog`);
    await searchBox(page).fill('zelda ');
    await searchBox(page).press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/blog/search/zelda');
    await expect.poll(() => mainH1s(page)).toEqual(['Search results for “zelda”']);
    expect((await cardTitles(page)).sort()).toEqual([ocarina.title, zelda.title].sort());
    expect(await searchBox(page).inputValue()).toBe('zelda');
    expect(browser.problems).toEqual([]);
  });

  it('answers an empty search with the blog page and the message under the box', async () => {
    const { page } = browser;
    await page.goto(`${site.url}/blog`);
    await searchBox(page).press('Enter');
    // The server's answer: a new page, on which the message is there from the start.
    await expect
      .poll(() => page.getByRole('search').getByRole('alert').textContent())
      .toBe('You need to add a keyword');
    expect(await mainH1s(page)).toEqual(['Blog']);
    expect(await searchBox(page).getAttribute('aria-invalid')).toBe('true');
    expect(browser.problems).toEqual([]);
  });
});

interface HydrationProbe {
  /** The `main h1` the HTML parser made, taken before any script of the page ran. */
  parsedH1: Element | null;
  /** The head's page tags as the server wrote them (headTags), taken at the same moment. */
  serverHead: string[];
  shifts: { value: number; sources: string[] }[];
}

/**
 * The head's page tags (title, metas, canonical) as sorted 'tag key=value' lines: what a crawler or a
 * link preview reads. Runs in the page (its source is sent to it), so it names nothing outside.
 */
function headTags(): string[] {
  return [...document.head.querySelectorAll('title, meta[name], meta[property], link[rel="canonical"]')]
    .map((element) => {
      const key = element.getAttribute('name') ?? element.getAttribute('property') ?? element.getAttribute('rel');
      const value = element.getAttribute('content') ?? element.getAttribute('href') ?? element.textContent;
      return `${element.tagName.toLowerCase()} ${key ?? ''}=${value ?? ''}`;
    })
    .sort();
}

describe('with JavaScript on and a session, the app takes over the same page', () => {
  const warnings: string[] = [];

  beforeAll(async () => {
    const { page } = site;
    // A session cookie is what gets the app, valid or not: one that is no session here gets it while
    // the page stays a reader's (no author tools come in), so what the app hydrates is compared with
    // the server's HTML as it is.
    await withAppCookie(site.page, site.url);
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(`console warning: ${message.text()}`);
    });
    await page.addInitScript(`window.headTags = ${headTags.toString()}`);
    await page.addInitScript(() => {
      const probe: HydrationProbe = { parsedH1: null, serverHead: [], shifts: [] };
      (window as unknown as { hydrationProbe: HydrationProbe }).hydrationProbe = probe;
      // 'interactive' comes when the parser is done and before the deferred scripts (the app's
      // module) run: the h1 and the head tags found then are the server's, whatever the app does next.
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        probe.parsedH1 = document.querySelector('main h1');
        probe.serverHead = (window as unknown as { headTags: typeof headTags }).headTags();
      });
      // Every layout shift from the first paint on, as cumulative layout shift counts them.
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput || entry.value === 0) continue;
          const sources = (entry.sources ?? []).map((source) =>
            source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node),
          );
          probe.shifts.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  });
  beforeEach(() => {
    site.problems.length = 0;
    warnings.length = 0;
  });

  /** The parsed h1's text, and whether it is still the page's h1, in the document. */
  const serverH1 = (page: Page) =>
    page.evaluate(() => {
      const { parsedH1 } = (window as unknown as { hydrationProbe: HydrationProbe }).hydrationProbe;
      return {
        text: parsedH1?.textContent ?? null,
        kept: parsedH1 !== null && parsedH1.isConnected && parsedH1 === document.querySelector('main h1'),
      };
    });

  async function layoutShifts(page: Page) {
    // Shifts are reported after the frame that made them: give the last frames time to come in.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
    return page.evaluate(() => (window as unknown as { hydrationProbe: HydrationProbe }).hydrationProbe.shifts);
  }

  /**
   * When the page was first painted with content, when its load event came, how many of the app's
   * files (all but the loader) it asked for, and when it asked for the first, in ms from the
   * navigation's start.
   */
  const appStart = (page: Page) =>
    page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const appFiles = performance
        .getEntriesByType('resource')
        .filter((entry) => /^\/assets\/(?!load-)[^/]+\.js$/.test(new URL(entry.name).pathname));
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        load: navigation?.loadEventStart ?? Number.NaN,
        appFiles: appFiles.length,
        firstAppFile: Math.min(...appFiles.map((entry) => entry.startTime)),
      };
    });

  interface Hydrated {
    name: string;
    path: () => string;
    status: number;
    heading: () => string;
    /** What else must be in place before the page counts as started (the carousel). */
    started?: (page: Page) => Promise<unknown>;
    /** An in-app navigation from the page, and where it leads. */
    then: { click: (page: Page) => Promise<void>; path: () => string; heading: () => string; firstCard?: () => string };
  }

  type Then = Hydrated['then'];
  /** Where a link leads, found by `find`: its page's path and heading. */
  const follow = (find: (page: Page) => Locator, path: string, heading: string): Then => ({
    click: (page) => find(page).click(),
    path: () => path,
    heading: () => heading,
  });
  const viaNav = (label: string, path: string, heading: string) =>
    follow((page) => mainNav(page, label), path, heading);
  const viaFooter = (label: string, path: string) =>
    follow((page) => page.getByRole('contentinfo').getByRole('link', { name: label }), path, label);
  // The box searches in place, without the form's round trip to the server.
  const viaSearch = (keyword: string): Then => ({
    click: async (page) => {
      await searchBox(page).fill(keyword);
      await searchBox(page).press('Enter');
    },
    path: () => `/blog/search/${keyword}`,
    heading: () => `Search results for “${keyword}”`,
  });
  const toFeatured: Then = {
    click: (page) => readMore(main(page).getByRole('article').first()).click(),
    path: () => postPath(featured.slug),
    heading: () => featured.title,
  };
  /** A page answered with `status`; its path and heading may be known only once the posts exist. */
  const hydrated = (
    name: string,
    path: string | (() => string),
    heading: string | (() => string),
    then: Then,
    status = 200,
  ): Hydrated => ({
    name,
    path: typeof path === 'string' ? () => path : path,
    status,
    heading: typeof heading === 'string' ? () => heading : heading,
    then,
  });

  const PAGES: Hydrated[] = [
    {
      ...hydrated('the home page', '/', SITE_NAME, toFeatured),
      started: (page) => page.locator('.carousel[data-running]').waitFor(),
      then: {
        ...toFeatured,
        click: (page) => readMore(page.getByRole('region', { name: 'Latest' }).getByRole('article').first()).click(),
      },
    },
    hydrated('the blog', '/blog', 'Blog', {
      ...follow((page) => paginator(page).getByRole('link', { name: 'Page 2' }), '/blog/page/2', 'Blog'),
      firstCard: () => newestFirst[15]!.title,
    }),
    hydrated("the blog's page 2", '/blog/page/2', 'Blog', viaNav('GAMES', '/games', 'Games')),
    hydrated('a search', '/blog/search/zelda', 'Search results for “zelda”', {
      ...viaSearch('ocarina'),
      firstCard: () => ocarina.title,
    }),
    hydrated(
      'a search that finds nothing',
      '/blog/search/platypus',
      'Search results for “platypus”',
      viaNav('BLOG', '/blog', 'Blog'),
    ),
    hydrated(
      "the search form's answer to an empty keyword",
      '/blog/search?q=',
      'Blog',
      viaNav('HIRE ME', '/hire-me', 'Hire me'),
    ),
    hydrated('a category', '/games', 'Games', toFeatured),
    hydrated(
      'a post',
      () => postPath(featured.slug),
      () => featured.title,
      viaNav('BLOG', '/blog', 'Blog'),
    ),
    hydrated(
      '/about',
      '/about',
      'About',
      follow((page) => main(page).getByRole('link', { name: 'Games', exact: true }), '/games', 'Games'),
    ),
    hydrated('/hire-me', '/hire-me', 'Hire me', viaFooter('Disclaimer', '/disclaimer')),
    hydrated('/privacy-policy', '/privacy-policy', 'Privacy Policy', viaNav('ABOUT', '/about', 'About')),
    hydrated('/disclaimer', '/disclaimer', 'Disclaimer', viaFooter('Privacy Policy', '/privacy-policy')),
    // A post or a page that readers cannot see is, for a session, the author's draft perhaps: the browser
    // renders it with their session (client-files.ts); those 404s are a reader's, below.
    hydrated(
      'a path that is no page',
      '/no/such-page',
      'Page not found',
      follow((page) => main(page).getByRole('link', { name: 'Go to the home page' }), '/', SITE_NAME),
      404,
    ),
  ];

  for (const expected of PAGES) {
    it(`${expected.name}: hydrated without a message, a shift or a new h1, then navigates in place`, async () => {
      const { page } = site;
      const response = await page.goto(`${site.url}${expected.path()}`);
      expect(response?.status()).toBe(expected.status);
      await expect.poll(() => appOwnsH1(page)).toBe(true);
      await expected.started?.(page);

      // A hydration mismatch is a console error (React's own message says where); then the node and the shifts.
      expect(site.problems).toEqual([]);
      expect(warnings).toEqual([]);
      expect(await serverH1(page)).toEqual({ text: expected.heading(), kept: true });
      expect(await layoutShifts(page)).toEqual([]);
      // The app puts its own head tags in place of the server's (page-meta.tsx): the same ones, so a
      // tool that reads the head before the app, or after it, reads the same page.
      await expect
        .poll(() => page.evaluate(() => document.head.querySelector('[data-server-meta="page"]') === null))
        .toBe(true);
      const heads = await page.evaluate(() => ({
        server: (window as unknown as { hydrationProbe: HydrationProbe }).hydrationProbe.serverHead,
        app: (window as unknown as { headTags: () => string[] }).headTags(),
      }));
      expect(heads.server.length).toBeGreaterThan(5);
      expect(heads.app).toEqual(heads.server);
      // The app's files come after the page is shown and loaded, so they never hold up its paint
      // or share the first round trips with its pictures (client/build/entry-priority.ts).
      const start = await appStart(page);
      expect(start.appFiles).toBeGreaterThan(0);
      expect(start.firstAppFile).toBeGreaterThan(start.paint);
      expect(start.firstAppFile).toBeGreaterThan(start.load);

      const load = await markPageLoad(page);
      await expected.then.click(page);
      await expect.poll(() => pathOf(page)).toBe(expected.then.path());
      await expect.poll(() => h1Text(page)).toBe(expected.then.heading());
      if (expected.then.firstCard) {
        await expect.poll(async () => (await cardTitles(page))[0]).toBe(expected.then.firstCard());
      }
      expect(await load.stillLoaded()).toBe(true);
      expect(site.problems).toEqual([]);
      expect(warnings).toEqual([]);
    });
  }

  it('a search typed while the app takes the page over lands on its results, and nothing is logged', async () => {
    const { page } = site;
    // A phone's slower CPU stretches the takeover over many slices, so the typing meets it under way:
    // React hydrates the search box's part of the page first, for the input, and the search starts a
    // navigation. The header shows the navigation (its BLOG link is then pending): hydrated after it,
    // it would not match what the server wrote (root-layout.tsx keeps it with the frame).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    try {
      for (const wait of [0, 20, 50]) {
        await page.goto(`${site.url}/blog`);
        await page.waitForTimeout(wait);
        await searchBox(page).fill('zeld');
        await searchBox(page).press('Enter');
        await expect.poll(() => pathOf(page), { message: `typed ${wait} ms after the load` }).toBe('/blog/search/zeld');
        await expect.poll(() => h1Text(page)).toBe('Search results for “zeld”');
        await expect.poll(() => appOwnsH1(page)).toBe(true);
        expect(site.problems, `typed ${wait} ms after the load`).toEqual([]);
        expect(warnings).toEqual([]);
      }
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
  });
});

describe('with JavaScript on and no session, the same pages run their islands and no app', () => {
  beforeAll(() => site.page.context().clearCookies());
  beforeEach(() => {
    site.problems.length = 0;
  });

  /** The scripts the page asked for (their paths) and their bytes as sent (compressed). */
  const scripts = (page: Page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          bytes: (entry as PerformanceResourceTiming).encodedBodySize,
        })),
    );

  interface ReadingPage {
    name: string;
    path: () => string;
    heading: () => string;
    link: (page: Page) => Locator;
    to: string;
  }
  /** A page, and a link on it that leads to `to`. */
  const reading = (
    name: string,
    path: string | (() => string),
    heading: string | (() => string),
    link: (page: Page) => Locator,
    to: string,
  ): ReadingPage => ({
    name,
    path: typeof path === 'string' ? () => path : path,
    heading: typeof heading === 'string' ? () => heading : heading,
    link,
    to,
  });
  const READING_PAGES: ReadingPage[] = [
    reading('the home page', '/', SITE_NAME, (page) => mainNav(page, 'BLOG'), '/blog'),
    reading(
      'a post',
      () => postPath(featured.slug),
      () => featured.title,
      (page) => mainNav(page, 'GAMES'),
      '/games',
    ),
    reading(
      'the blog',
      '/blog',
      'Blog',
      (page) => paginator(page).getByRole('link', { name: 'Page 2' }),
      '/blog/page/2',
    ),
    reading('a search', '/blog/search/zelda', 'Search results for “zelda”', (page) => mainNav(page, 'BLOG'), '/blog'),
    reading('a category', '/games', 'Games', (page) => mainNav(page, 'ABOUT'), '/about'),
    reading(
      '/about',
      '/about',
      'About',
      (page) => page.getByRole('contentinfo').getByRole('link', { name: 'Disclaimer' }),
      '/disclaimer',
    ),
    reading(
      'a post that does not exist',
      postPath('00000000-0000-4000-8000-000000000000'),
      'The page does not exist',
      (page) => mainNav(page, 'BLOG'),
      '/blog',
    ),
    reading(
      'an unknown path',
      '/no-such-page',
      'Page not found',
      (page) => main(page).getByRole('link', { name: 'Go to the home page' }),
      '/',
    ),
  ];

  for (const expected of READING_PAGES) {
    it(`${expected.name}: the server's page with its islands, at most 30 KB of script, no app; a link loads the next page`, async () => {
      const { page } = site;
      await page.goto(`${site.url}${expected.path()}`);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-islands')))
        .toBe('started');
      expect(await h1Text(page)).toBe(expected.heading());
      // Not hydrated: no state to hydrate from, and React owns nothing.
      expect(await page.locator('#server-state').count()).toBe(0);
      expect(await appOwnsH1(page)).toBe(false);
      const sent = await scripts(page);
      expect(sent.map((script) => script.path)).toEqual([expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/)]);
      expect(sent.reduce((sum, script) => sum + script.bytes, 0)).toBeLessThanOrEqual(30 * 1024);

      // Plain links: the next page is the server's, loaded whole.
      const load = await markPageLoad(page);
      await expected.link(page).click();
      await expect.poll(() => pathOf(page)).toBe(expected.to);
      await expect.poll(() => load.stillLoaded()).toBe(false);
      expect(await page.locator('#server-state').count()).toBe(0);
      expect(site.problems).toEqual([]);
    });
  }

  it('fetches a public page ahead when the pointer rests on its link, never the studio or signing in', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${site.url}/about`);
    // Chromium reports the rules it read from the Speculation-Rules header and each prefetch it makes.
    const cdp = await page.context().newCDPSession(page);
    const ruleSets: { errorType?: string; sourceText: string }[] = [];
    const prefetched = new Map<string, string>();
    cdp.on('Preload.ruleSetUpdated', ({ ruleSet }) => ruleSets.push(ruleSet));
    cdp.on('Preload.prefetchStatusUpdated', ({ prefetchUrl, status }) => {
      prefetched.set(new URL(prefetchUrl).pathname, status);
    });
    try {
      await cdp.send('Preload.enable');
      await expect.poll(() => ruleSets.length).toBe(1);
      expect(ruleSets[0]!.errorType).toBeUndefined();
      // The footer's Login leads to the app: hovered first, it is never fetched ahead.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Login' }).hover();
      await mainNav(page, 'GAMES').hover();
      await expect.poll(() => prefetched.get('/games')).toBe('Ready');
      expect(prefetched.has('/login')).toBe(false);
      // The click shows the page fetched ahead.
      await mainNav(page, 'GAMES').click();
      await expect.poll(() => h1Text(page)).toBe('Games');
      expect(site.problems).toEqual([]);
    } finally {
      await cdp.detach();
    }
  });

  it('a signed-in author gets the full app on a reading page, with their tools, and it navigates in place', async () => {
    const { page } = site;
    const author = await createAccount(site, { isAdmin: true });
    try {
      await restoreSession(site, author, '/');
      await expect.poll(() => appOwnsH1(page)).toBe(true);
      expect((await scripts(page)).some((script) => /^\/assets\/react-[\w-]+\.js$/.test(script.path))).toBe(true);
      await page.getByRole('contentinfo').getByText(`Signed in as ${author.name}`).waitFor();
      const load = await markPageLoad(page);
      await mainNav(page, 'BLOG').click();
      await expect.poll(() => h1Text(page)).toBe('Blog');
      expect(await load.stillLoaded()).toBe(true);
      expect(site.problems).toEqual([]);
    } finally {
      await page.context().clearCookies();
    }
  });
});
