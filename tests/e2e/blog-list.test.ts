// The blog list and search as a visitor uses them: pages of 15 cards, the paginator, search results
// by word prefix, NOTHING FOUND, the server's message for a refused keyword, the cards' images, and
// the 5-second query cache.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { collectConsoleErrors, launchBrowser } from './support/browser.ts';
import { withAppCookie } from './support/accounts.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import {
  arrivedAt,
  cardTitles,
  followToList,
  gotoApp,
  h1Text,
  operation,
  paginator,
  pathOf,
  pictureArrived,
  searchWith,
  whileGraphqlFails,
  whileGraphqlHeld,
} from './support/page-checks.ts';
import { createPost, createPosts } from './support/site-content.ts';

let site: E2eSite;
// Newest first, as the list shows them.
let titles: string[];

beforeAll(async () => {
  site = await openDesktopSite();
  // 17 posts: a full first page of 15 and a second page of 2. Two of them are about Zelda.
  const posts = await createPosts(site.t, 17, (i) =>
    i === 3
      ? { title: 'Zelda: Tears of the Kingdom', subtitle: 'A subtitle on Ultrahand' }
      : i === 9
        ? { title: 'Why I replay Ocarina', subtitle: 'A subtitle on the Zeldas of my childhood' }
        : { title: `Blog post ${String(i + 1).padStart(2, '0')}` },
  );
  titles = posts.map((post) => post.title).reverse();
}, 90_000);
afterAll(() => site?.close());

/** NOTHING FOUND in place of the cards, with this many paginators (past the last page, one leads back). */
async function expectNothingFound(page: Page, paginators: number) {
  await expect.poll(() => page.getByText('NOTHING FOUND', { exact: true }).isVisible()).toBe(true);
  expect(await page.getByRole('main').getByRole('article').count()).toBe(0);
  expect(await paginator(page).count()).toBe(paginators);
}

describe('the blog list', () => {
  it('shows the 15 newest posts on /blog, titled "Blog", with a paginator of 2 pages', async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog`);
    await expect.poll(() => cardTitles(page)).toEqual(titles.slice(0, 15));
    expect(await h1Text(page)).toBe('Blog');
    await expect.poll(() => page.title()).toBe('Blog | Pixel Diaries');
    // The search box sits at the top, above the cards.
    expect(await page.getByRole('search').getByRole('searchbox', { name: 'Search posts' }).count()).toBe(1);

    const pages = paginator(page);
    expect(await pages.getByRole('listitem').allTextContents()).toEqual(['<', '1', '2', '>']);
    expect(await pages.getByRole('link', { name: 'Page 1 is your current page' }).count()).toBe(1);
    expect(await pages.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true');
    expect(await pages.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('false');
    expect(site.problems).toEqual([]);
  });

  it('goes to /blog/page/2 from the paginator, with the 2 oldest posts, and back with "<"', async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog`);
    await expect.poll(() => cardTitles(page)).toHaveLength(15);
    await followToList(page, paginator(page).getByRole('link', { name: 'Page 2' }), '/blog/page/2', titles.slice(15));
    expect(await paginator(page).getByRole('link', { name: 'Page 2 is your current page' }).count()).toBe(1);

    await followToList(
      page,
      paginator(page).getByRole('button', { name: 'Previous page' }),
      '/blog/page/1',
      titles.slice(0, 15),
    );
    expect(site.problems).toEqual([]);
  });

  it('shows page 2 when /blog/page/2 is opened directly', async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog/page/2`);
    await expect.poll(() => cardTitles(page)).toEqual(titles.slice(15));
    expect(await h1Text(page)).toBe('Blog');
    expect(site.problems).toEqual([]);
  });

  it('shows NOTHING FOUND past the last page, with the paginator still there to go back', async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog/page/7`);
    await expectNothingFound(page, 1);
    expect(site.problems).toEqual([]);
  });

  it("gives each card's picture every variant, its size, and loads only the first at once", async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog`);
    const images = page.getByRole('main').getByRole('article').getByRole('img');
    await expect.poll(() => images.count()).toBe(15);
    const first = images.first();
    expect(await first.getAttribute('alt')).toBe(titles[0]);
    expect(await first.getAttribute('srcset')).toMatch(
      /^\/uploads\/\S+-480\.webp 480w, \/uploads\/\S+-720\.webp 720w, \/uploads\/\S+-960\.webp 960w, \/uploads\/\S+-1200\.webp 1200w$/,
    );
    expect(await first.getAttribute('src')).toMatch(/^\/uploads\/\S+-1200\.webp$/);
    expect(await first.getAttribute('sizes')).toBe(
      '(min-width: 1000px) 360px, (min-width: 700px) calc(50vw - 2rem), calc(100vw - 2.5rem)',
    );
    expect(await first.getAttribute('width')).toBe('1200');
    expect(await first.getAttribute('height')).toBe('675');
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(await first.getAttribute('fetchpriority')).toBe('high');

    const second = images.nth(1);
    expect(await second.getAttribute('loading')).toBe('lazy');
    expect(await second.getAttribute('fetchpriority')).toBeNull();
    // The first picture really arrives: a real WebP from /uploads, decoded by the browser.
    await expect.poll(() => pictureArrived(first)).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it('keeps every card the same size while pictures load: nothing below moves', async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog`);
    const cards = page.getByRole('main').getByRole('article');
    await expect.poll(() => cards.count()).toBe(15);
    const before = await cards.last().boundingBox();
    // Scrolling to the bottom loads the lazy pictures.
    await cards.last().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        cards
          .last()
          .getByRole('img')
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    const after = await cards.last().boundingBox();
    expect(after?.height).toBe(before?.height);
    expect(site.problems).toEqual([]);
  });
});

describe('searching the blog', () => {
  it("finds posts by the start of a word: 'zeld' finds both Zelda posts", async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog`);
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Search posts' });
    await searchWith(box, 'zeld', '/blog/search/zeld');
    await expect
      .poll(async () => (await cardTitles(page)).sort())
      .toEqual(['Why I replay Ocarina', 'Zelda: Tears of the Kingdom']);
    expect(await h1Text(page)).toBe('Search results for “zeld”');
    // One page of results: no paginator.
    expect(await paginator(page).count()).toBe(0);
    await expect.poll(() => page.title()).toBe('Blog | Pixel Diaries');
    expect(site.problems).toEqual([]);
  });

  it('shows NOTHING FOUND when no post matches, and no paginator', async () => {
    const { page } = site;
    await page.goto(`${site.url}/blog/search/platypus`);
    await expectNothingFound(page, 0);
    expect(site.problems).toEqual([]);
  });

  it('pages through many results at /blog/search/{keyword}/page/{n}', async () => {
    const { page } = site;
    // Every post has the word 'subtitle' in its subtitle: 17 results, 2 pages.
    await page.goto(`${site.url}/blog/search/subtitle`);
    await expect.poll(() => cardTitles(page)).toHaveLength(15);
    await paginator(page).getByRole('link', { name: 'Page 2' }).click();
    await expect.poll(() => pathOf(page)).toBe('/blog/search/subtitle/page/2');
    await expect.poll(() => cardTitles(page)).toHaveLength(2);
    expect(await h1Text(page)).toBe('Search results for “subtitle”');
    expect(site.problems).toEqual([]);
  });

  it('answers a keyword the API would refuse with its message, in place of the list, without asking', async () => {
    const { page } = site;
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (request.postData()?.includes('query BlogList')) listRequests.push(request.url());
    });
    await page.goto(`${site.url}/blog/search/${encodeURIComponent('zelda!')}`);
    const message = page.getByRole('main').getByRole('alert').filter({ hasText: /\S/ });
    await expect.poll(() => message.textContent()).toBe('Letters, numbers, spaces, dashes and underscores allowed');
    expect(await page.getByRole('main').getByRole('article').count()).toBe(0);
    expect(listRequests).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it('says in plain words that the server failed, in place of the list, when the request fails', async () => {
    const { page } = site;
    // The server renders the first page with its list: a failed request is one made in the app (the
    // signed-in author's: a reader's search loads the results' page from the server).
    await withAppCookie(page, site.url);
    onTestFinished(() => page.context().clearCookies());
    await whileGraphqlFails(page, 'BlogList', async () => {
      await gotoApp(page, `${site.url}/blog`);
      await page.getByRole('search').getByRole('searchbox').fill('zelda');
      await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => pathOf(page)).toBe('/blog/search/zelda');
      const message = page.getByRole('main').getByRole('alert').filter({ hasText: /\S/ });
      await expect
        .poll(() => message.textContent())
        .toBe('Something went wrong on our side while loading the posts. Please try again.');
      expect(await page.getByRole('main').getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
      expect(await page.getByRole('main').getByRole('article').count()).toBe(0);
      expect(await paginator(page).count()).toBe(0);
    });
    expect(site.problems).toEqual([]);
  });

  it('shows the loading indicator while the list loads', async () => {
    const { page } = site;
    // The server renders the first page with its list: the wait is that of a list opened in the app
    // (the signed-in author's).
    await withAppCookie(page, site.url);
    onTestFinished(() => page.context().clearCookies());
    await gotoApp(page, site.url);
    await whileGraphqlHeld(page, operation('query BlogList'), async (release) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'BLOG', exact: true }).click();
      const spinner = page.getByRole('status', { name: 'Loading posts' });
      await expect.poll(() => spinner.isVisible()).toBe(true);
      release();
      await expect.poll(() => cardTitles(page)).toHaveLength(15);
      expect(await spinner.count()).toBe(0);
    });
    expect(site.problems).toEqual([]);
  });
});

// The spec's 5-second query cache, as a reader notices it: going back to a list within 5 seconds
// shows it at once from memory, without a request; after more than 5 seconds the list is asked for
// again, and a post written meanwhile appears. A site of its own, with exactly these posts; the
// page's clock is Playwright's, so the seconds to wait pass at once (the server's time is its own).
describe('a list shown again', () => {
  let site: E2eSite;
  beforeAll(async () => {
    site = await openDesktopSite();
    await createPost(site.t, { title: 'An older post', category: 'game' });
    await createPost(site.t, { title: 'A recent post', category: 'game' });
  }, 60_000);
  afterAll(() => site?.close());

  /**
   * A page in a browser of its own, its clock installed before its first page. The app dates the
   * answers a page arrives with by performance.now(), which Playwright's clock counts from its
   * install: a browser whose clock has run on would date a new page's answers too early.
   */
  async function pageOnNewClock(steps: (page: Page, problems: string[]) => Promise<void>) {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      const problems = collectConsoleErrors(page);
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      // The app, whose cache this is: the signed-in author's.
      await withAppCookie(page, site.url);
      await page.clock.install();
      await steps(page, problems);
    } finally {
      await browser.close();
    }
  }

  /** Follows a link of the main navigation, as a reader would, and waits for its page. */
  async function followNav(page: Page, label: string, path: string, heading: string) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
    await arrivedAt(page, path, heading);
  }

  it('comes from the cache within 5 s, and from the server after 5 s, with the post written meanwhile', async () => {
    const { page } = site;
    const listRequests: number[] = [];
    page.on('request', (request) => {
      if (request.postData()?.includes('query BlogList')) listRequests.push(Date.now());
    });

    // The post the author will publish, its pictures made beforehand: within the 5 seconds below
    // publishing is one quick step, so a busy machine still fits the steps in the window.
    const coming = await createPost(site.t, { title: 'A brand new post', category: 'game', status: 'DRAFT' });

    // The list arrives with the page the server rendered: that is its answer, counted from then (on
    // the page's clock, from its install, before any page of the site is opened: see pageOnNewClock).
    // The app's cache: the signed-in author's (a reader's page is the server's, made again after a change).
    await withAppCookie(page, site.url);
    onTestFinished(() => page.context().clearCookies());
    await page.clock.install();
    const answeredAt = Date.now();
    // Once the app has the page: a click before that loads the next page from the server.
    await gotoApp(page, `${site.url}/blog`);
    await expect.poll(() => cardTitles(page)).toEqual(['A recent post', 'An older post']);
    expect(listRequests).toHaveLength(0);

    // The author publishes a post while the reader is on the site.
    await site.t.app.services.posts.setStatus(coming.id, 'PUBLISHED', null);

    // Away and straight back: the list is the one already shown, and no request went out.
    await followNav(page, 'GAMES', '/games', 'Games');
    await followNav(page, 'BLOG', '/blog', 'Blog');
    expect(await cardTitles(page)).toEqual(['A recent post', 'An older post']);
    expect(listRequests).toHaveLength(0);
    // The premise of the step above: it happened within the 5 seconds.
    expect(Date.now() - answeredAt).toBeLessThan(5000);

    // Away again, and back once more than 5 seconds have passed: asked again, and the new post is there.
    await followNav(page, 'GAMES', '/games', 'Games');
    // More than 5 seconds later, on the page's clock.
    await page.clock.fastForward(5500);
    await followNav(page, 'BLOG', '/blog', 'Blog');
    await expect.poll(() => cardTitles(page)).toEqual(['A brand new post', 'A recent post', 'An older post']);
    expect(listRequests).toHaveLength(1);
    expect(site.problems).toEqual([]);
  });

  it('applies to the category lists and to a post too: each (query, variables) pair ages on its own', async () => {
    await pageOnNewClock(async (page, problems) => {
      const requests: string[] = [];
      page.on('request', (request) => {
        const body = request.postData() ?? '';
        if (body.includes('query CategoryList')) requests.push('CategoryList');
        if (body.includes('query PostDetail')) requests.push('PostDetail');
      });
      await gotoApp(page, `${site.url}/games`);
      await expect.poll(() => cardTitles(page)).toHaveLength(3);
      await page.getByRole('link', { name: /^READ MORE\s*: A recent post$/ }).click();
      await expect.poll(() => h1Text(page)).toBe('A recent post');
      await page.goBack();
      await expect.poll(() => cardTitles(page)).toHaveLength(3);
      await page.goForward();
      await expect.poll(() => h1Text(page)).toBe('A recent post');
      // The list came with the page, the post from the server; within 5 s, both came from the cache
      // the second time.
      expect(requests).toEqual(['PostDetail']);

      await page.clock.fastForward(5500);
      await page.goBack();
      await expect.poll(() => requests).toEqual(['PostDetail', 'CategoryList']);
      expect(problems).toEqual([]);
    });
  });
});
