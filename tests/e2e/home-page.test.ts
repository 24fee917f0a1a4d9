// The home page as a visitor sees it: the 'Currently' carousel of upcoming cards and the 'Latest'
// posts, in each of their states, on a phone, a tablet and a wide screen; its banner; and the site's
// name, written into the page or fetched.
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, restoreSession, type Account } from './support/accounts.ts';
import { desktopSiteTests, type E2eSite } from './support/e2e-site.ts';
import {
  appOwnsH1,
  h1Text,
  operation,
  whileFilesHeld,
  whileGraphqlFails,
  whileGraphqlHeld,
} from './support/page-checks.ts';
import { createCard, createPosts } from './support/site-content.ts';

let site: E2eSite;
desktopSiteTests((opened) => (site = opened));

const currentlySection = (page: Page) => page.getByRole('region', { name: 'Currently' });
const latestHeading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Latest' });

let author: Account | undefined;
/** The signed-in author's browser on this path: the full app runs there (a reader gets the islands). */
async function asAuthor(path: string) {
  author ??= await createAccount(site, { isAdmin: true });
  await restoreSession(site, author, path);
  await expect.poll(() => appOwnsH1(site.page), { message: path }).toBe(true);
}
// Every test starts as a reader who is not signed in.
afterEach(() => site.page.context().clearCookies());

/**
 * Comes to the home page from another page, through the header's logo, in the app (the signed-in
 * author's: a reader's click is a full page load of the server's page). A page loaded from the
 * server arrives with its first answers written in (server/modules/pages/initial-results.ts) and sends no
 * query; arriving from another screen in the app, the home page asks the server and shows its loading state.
 */
async function comeHome(page: Page) {
  await asAuthor('/about');
  await page.getByRole('banner').getByRole('link', { name: 'Pixel Diaries, home page' }).click();
}

describe('the home page of a new site, with no cards and no posts', () => {
  it("says there is nothing on the go under 'Currently', and has no 'Latest' heading at all", async () => {
    const { page } = site;
    await page.goto(site.url);
    await expect.poll(() => h1Text(page)).toBe('Pixel Diaries');
    const currently = page.getByRole('region', { name: 'Currently' });
    await expect
      .poll(() => currently.getByText('Nothing on the go right now. Check back soon.').isVisible())
      .toBe(true);
    expect(await latestHeading(page).count()).toBe(0);
    expect(await page.locator('.post-card').count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it('shows the loading indicator while its query runs', async () => {
    const { page } = site;
    await whileGraphqlHeld(page, operation('query HomePage'), async (release) => {
      await comeHome(page);
      const spinner = page.getByRole('status', { name: 'Loading the home page' });
      await expect.poll(() => spinner.isVisible()).toBe(true);
      release();
      await expect.poll(() => spinner.count()).toBe(0);
      await expect.poll(() => page.getByText('Nothing on the go right now. Check back soon.').count()).toBe(1);
    });
    expect(site.problems).toEqual([]);
  });

  it("shows the server's message in place of the lists when the request fails", async () => {
    const { page } = site;
    await whileGraphqlFails(
      page,
      'HomePage',
      async () => {
        await comeHome(page);
        const message = page.getByRole('region', { name: 'Currently' }).getByRole('alert');
        await expect.poll(() => message.textContent()).toBe('The posts could not be read just now');
        expect(await latestHeading(page).count()).toBe(0);
        // The rest of the page is still there.
        expect(await h1Text(page)).toBe('Pixel Diaries');
      },
      'The posts could not be read just now',
    );
    expect(site.problems).toEqual([]);
  });
});

// The whole chain in a real browser: React renders, Apollo sends the codegen-typed query, the server
// answers from GraphQL, and the page shows it; or, on a page loaded from the server, the same answer
// comes written into the page (server/modules/pages/initial-results.ts) and no request is sent for it.
// On the new site still, before the cards and posts below are written.
describe('the home page in a browser', () => {
  const graphqlRequests: string[] = [];
  beforeAll(() => {
    site.page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) graphqlRequests.push(request.postData() ?? '');
    });
  });

  const h1 = () => site.page.getByRole('heading', { level: 1 }).textContent();

  it('shows the site name from the answers written into the page, without asking again', async () => {
    graphqlRequests.length = 0;
    await site.page.goto(site.url);
    await expect.poll(h1).toBe('Pixel Diaries');
    await site.page.getByText('Nothing on the go right now. Check back soon.').waitFor();
    expect(graphqlRequests.filter((body) => /query (HomePage|Site)\b/.test(body))).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it('shows the site name written into any first page, a list, a static page or a form, without asking', async () => {
    for (const path of ['/blog', '/about', '/login']) {
      graphqlRequests.length = 0;
      await site.page.goto(`${site.url}${path}`);
      await site.page.getByRole('banner').getByRole('link', { name: 'Pixel Diaries, home page' }).waitFor();
      expect(
        graphqlRequests.filter((body) => /query Site\b/.test(body)),
        path,
      ).toEqual([]);
    }
    expect(site.problems).toEqual([]);
  });

  it('shows the site name it fetched through GraphQL, coming from another page', async () => {
    // In the app (the signed-in author's): the home page is then its render, from its own query.
    await asAuthor('/about');
    await expect.poll(h1).not.toBe('Pixel Diaries');
    graphqlRequests.length = 0;
    await site.page.getByRole('banner').getByRole('link', { name: 'Pixel Diaries, home page' }).click();
    await expect.poll(h1).toBe('Pixel Diaries');
    await site.page.getByText('Nothing on the go right now. Check back soon.').waitFor();
    // The name was already known from /about; the home page's own query went to the server.
    await expect.poll(() => graphqlRequests.some((body) => body.includes('query HomePage'))).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it("shows the banner's words as text, at least 16 px tall and inside the banner, from a 320 px phone to 1280 px", async () => {
    const { page } = site;
    await page.goto(site.url);
    for (const width of [320, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const look = await page.locator('.home-banner').evaluate((banner) => {
        const box = banner.getBoundingClientRect();
        const words = [...banner.querySelectorAll('p')].map((p) => {
          const inner = p.getBoundingClientRect();
          return {
            text: p.textContent,
            size: Number.parseFloat(getComputedStyle(p).fontSize),
            inside: inner.left >= box.left && inner.right <= box.right && inner.bottom <= box.bottom,
          };
        });
        return { words, pageWidth: document.documentElement.scrollWidth, decorative: banner.querySelector('img')?.alt };
      });
      expect(look.decorative, `${width}`).toBe('');
      expect(look.pageWidth, `${width}`).toBeLessThanOrEqual(width);
      for (const word of look.words) {
        expect(word.size, `${width}: ${word.text}`).toBeGreaterThanOrEqual(16);
        expect(word.inside, `${width}: ${word.text}`).toBe(true);
      }
      expect(look.words.map((word) => word.text)).toEqual([
        'Games · Anime · TV · Books',
        'Opinions, reviews and notes from a fan',
      ]);
    }
    expect(site.problems).toEqual([]);
  });
});

describe('the home page with four cards and twelve posts', () => {
  const cards = [
    { title: 'Reading', subtitle: 'The Left Hand of Darkness' },
    { title: 'Watching', subtitle: 'Andor, season 2' },
    { title: 'Playing', subtitle: 'Hollow Knight: Silksong' },
    { title: 'Reading', subtitle: 'Piranesi' },
  ] as const;
  let postTitles: string[];
  const cardIds: string[] = [];

  beforeAll(async () => {
    // Oldest first, so the last one written is the newest; the API lists cards newest first.
    for (const card of [...cards].reverse()) cardIds.push((await createCard(site.t, card)).id);
    const posts = await createPosts(site.t, 12, (i) => ({ title: `Latest post ${i + 1}` }));
    postTitles = posts.map((post) => post.title);
  }, 60_000);

  it("shows 'Latest' with the 9 newest posts, newest first, each with its card parts", async () => {
    const { page } = site;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(site.url);
    await latestHeading(page).waitFor();
    const latest = page.getByRole('region', { name: 'Latest' });
    const titles = latest.getByRole('heading', { level: 3 });
    await expect.poll(() => titles.allTextContents()).toEqual([...postTitles].reverse().slice(0, 9));

    const first = latest.getByRole('article').first();
    expect(await first.getByText('A subtitle').count()).toBe(1);
    const readMore = first.getByRole('link', { name: /^READ MORE\s*: Latest post 12$/ });
    await readMore.click();
    await expect.poll(() => h1Text(page)).toBe('Latest post 12');
    expect(site.problems).toEqual([]);
  });

  it("shows every card in the 'Currently' carousel, with its title, subtitle and picture", async () => {
    const { page } = site;
    const carousel = await openCarousel(page, 1280);
    // Order in the DOM moves as the carousel loops: compare as sets.
    const subtitles = await carousel.locator('.currently-card-subtitle').allTextContents();
    expect([...subtitles].sort()).toEqual(cards.map((card) => card.subtitle).sort());
    const labels = await carousel.locator('.currently-card-title').allTextContents();
    expect([...labels].sort()).toEqual(cards.map((card) => card.title).sort());

    const image = carousel.getByRole('img', { name: 'Watching: Andor, season 2' });
    expect(await image.getAttribute('srcset')).toMatch(
      /^\/uploads\/\S+-480\.webp 480w, \/uploads\/\S+-720\.webp 720w, \/uploads\/\S+-800\.webp 800w$/,
    );
    expect(await image.getAttribute('sizes')).toBe(
      '(min-width: 1000px) 360px, (min-width: 700px) calc(50vw - 2.25rem), calc(100vw - 2.5rem)',
    );
    expect(await image.getAttribute('width')).toBe('800');
    expect(await image.getAttribute('height')).toBe('1000');
    // Up to three cards are in view on arrival: none of their pictures waits for lazy loading, and
    // the first, the largest picture in view on a phone, is fetched first. A fourth waits.
    expect(await image.getAttribute('loading')).toBe('eager');
    expect(await image.getAttribute('fetchpriority')).toBeNull();
    const first = carousel.getByRole('img', { name: 'Reading: The Left Hand of Darkness' });
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    const fourth = carousel.getByRole('img', { name: 'Reading: Piranesi' });
    expect(await fourth.getAttribute('loading')).toBe('lazy');
    expect(site.problems).toEqual([]);
  });

  for (const { width, perView } of [
    { width: 390, perView: 1 },
    { width: 699, perView: 1 },
    { width: 700, perView: 2 },
    { width: 999, perView: 2 },
    { width: 1000, perView: 3 },
    { width: 1280, perView: 3 },
  ]) {
    it(`shows ${perView} card${perView > 1 ? 's' : ''} at a time, 20 px apart, on a ${width} px wide screen`, async () => {
      const { page } = site;
      const carousel = await openCarousel(page, width, 900);
      // Stop the motion first, so the slides are measured at rest.
      await carousel.getByRole('button', { name: 'Pause the carousel' }).click();
      await carouselAtRest(page);
      const boxes = await visibleSlideBoxes(page);
      expect(boxes).toHaveLength(perView);
      for (let i = 1; i < boxes.length; i += 1) {
        expect(Math.round(boxes[i]!.left - boxes[i - 1]!.right)).toBe(20);
      }
      expect(site.problems).toEqual([]);
    });
  }

  it('moves on by itself every 2.5 s, loops, and carries on after the reader uses an arrow', async () => {
    const { page } = site;
    const carousel = await openCarousel(page, 390);

    // It moves with no one touching it...
    const seen = new Set<string>([await activeSubtitle(page)]);
    for (let moves = 0; moves < 4; moves += 1) {
      const before = await activeSubtitle(page);
      await expect.poll(() => activeSubtitle(page), { timeout: 6000 }).not.toBe(before);
      seen.add(await activeSubtitle(page));
    }
    // ...through every card and round again: four moves over four cards came back to the first.
    expect(seen.size).toBe(4);

    // The arrows move it too, with a mouse (which holds the slides still while it is over them)...
    const next = carousel.getByRole('button', { name: 'Next slide' });
    await next.hover();
    await carouselAtRest(page);
    const before = await activeSubtitle(page);
    await next.click();
    await expect.poll(() => activeSubtitle(page)).not.toBe(before);
    // ...and once the pointer has left it, the autoplay goes on.
    await page.mouse.move(5, 5);
    const afterClick = await activeSubtitle(page);
    await expect.poll(() => activeSubtitle(page), { timeout: 6000 }).not.toBe(afterClick);
    expect(site.problems).toEqual([]);
  });

  it('is usable from the keyboard: the arrows are named buttons, and Pause stops the motion', async () => {
    const { page } = site;
    const carousel = await openCarousel(page, 390);

    const previous = carousel.getByRole('button', { name: 'Previous slide' });
    await previous.focus();
    const before = await activeSubtitle(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => activeSubtitle(page)).not.toBe(before);

    const pause = carousel.getByRole('button', { name: 'Pause the carousel' });
    await pause.focus();
    await page.keyboard.press('Enter');
    expect(await carousel.getByRole('button', { name: 'Play the carousel' }).count()).toBe(1);
    await page.mouse.move(5, 5);
    await page.getByRole('heading', { level: 1 }).click();
    // The move Previous started (round to the last card) may still be scrolling.
    await carouselAtRest(page);
    const paused = await activeSubtitle(page);
    // Longer than the autoplay's 2.5 s: it would have moved on by now. Real seconds: on Playwright's
    // fake clock, the smooth scrolling of a move does not run.
    await page.waitForTimeout(3500);
    expect(await activeSubtitle(page)).toBe(paused);

    await carousel.getByRole('button', { name: 'Play the carousel' }).click();
    await page.mouse.move(5, 5);
    await expect.poll(() => activeSubtitle(page), { timeout: 6000 }).not.toBe(paused);
    expect(site.problems).toEqual([]);
  });

  it('shows no arrow and no Pause until its island runs, since they would do nothing (without JavaScript, ever)', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 390, height: 800 });
    const carousel = currentlySection(page);
    await whileFilesHeld(page, /\/assets\/islands-[\w-]+\.js$/, async (release) => {
      // Not until the load event: a module script, held, holds it.
      await page.goto(site.url, { waitUntil: 'commit' });
      await carousel.getByRole('article').first().waitFor();
      expect(await shownControls(page)).toEqual([]);
      release();
      await carousel.locator('[data-running]').waitFor();
    });
    expect(await shownControls(page)).toEqual(['carousel-previous', 'carousel-next', 'carousel-pause']);
    expect(site.problems).toEqual([]);
  });

  it("runs the same carousel in the signed-in author's app: arrows, Pause, and the cards it shows", async () => {
    const { page } = site;
    await page.setViewportSize({ width: 390, height: 800 });
    await asAuthor('/');
    const carousel = currentlySection(page);
    await carousel.locator('[data-running]').waitFor();
    expect(await shownControls(page)).toEqual(['carousel-previous', 'carousel-next', 'carousel-pause']);
    await carousel.getByRole('button', { name: 'Pause the carousel' }).click();
    await carouselAtRest(page);
    const before = await activeSubtitle(page);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => activeSubtitle(page)).not.toBe(before);
    expect(await carousel.getByRole('button', { name: 'Play the carousel' }).count()).toBe(1);
    expect(site.problems).toEqual([]);
  });

  it('with three cards on a wide screen, shows them all, still: no arrows, no Pause', async () => {
    const { page } = site;
    await site.t.app.services.upcoming.delete(cardIds[0]!);
    const carousel = await openCarousel(page, 1280);
    expect(await visibleSlideBoxes(page)).toHaveLength(3);
    expect(await carousel.getByRole('button', { name: 'Next slide' }).isVisible()).toBe(false);
    expect(await carousel.getByRole('button', { name: /Pause/ }).count()).toBe(0);

    // On a phone the same three cards go round again, one at a time.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(() => visibleSlideBoxes(page)).toHaveLength(1);
    // Once the carousel has measured its row again.
    await expect.poll(() => carousel.getByRole('button', { name: 'Next slide' }).isVisible()).toBe(true);
    expect(await carousel.getByRole('button', { name: 'Pause the carousel' }).count()).toBe(1);
    expect(site.problems).toEqual([]);
  });
});

/** Opens the home page in a window this wide, once its island runs the carousel; the 'Currently' section. */
async function openCarousel(page: Page, width: number, height = 800) {
  await page.setViewportSize({ width, height });
  await page.goto(site.url);
  const carousel = currentlySection(page);
  await carousel.locator('[data-running]').waitFor();
  return carousel;
}

/** The part of each slide inside the carousel's frame, left to right, for the slides fully in it. */
function visibleSlideBoxes(page: Page): Promise<Array<{ left: number; right: number }>> {
  return page.evaluate(() => {
    const frame = document.querySelector('.carousel .carousel-track')!.getBoundingClientRect();
    return [...document.querySelectorAll('.carousel .carousel-slide')]
      .map((slide) => slide.getBoundingClientRect())
      .filter((box) => box.left >= frame.left - 1 && box.right <= frame.right + 1)
      .map((box) => ({ left: box.left, right: box.right }))
      .sort((a, b) => a.left - b.left);
  });
}

/** The carousel's controls a reader can see, by their first class. */
function shownControls(page: Page): Promise<string[]> {
  return page
    .locator('.carousel :is(.carousel-arrow, .carousel-pause)')
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.checkVisibility({ visibilityProperty: true }))
        .map((e) => e.classList[e.classList.length - 1]!),
    );
}

/** Where each slide's left edge is from the row's, and each slide's subtitle, in the order of the row. */
function slideOffsets(page: Page): Promise<Array<{ offset: number; subtitle: string }>> {
  return page.evaluate(() => {
    const track = document.querySelector('.carousel .carousel-track')!;
    const left = track.getBoundingClientRect().left;
    return [...track.children].map((slide) => ({
      offset: slide.getBoundingClientRect().left - left,
      subtitle: slide.querySelector('.currently-card-subtitle')!.textContent!,
    }));
  });
}

/** Waits until the carousel's slides stand still: a slide's left edge is at the row's (scroll snapping's rest). */
async function carouselAtRest(page: Page) {
  await expect.poll(async () => (await slideOffsets(page)).some(({ offset }) => Math.abs(offset) < 1)).toBe(true);
}

/** The subtitle of the slide nearest the row's left edge: the one it shows (or is moving to). */
async function activeSubtitle(page: Page): Promise<string> {
  const slides = await slideOffsets(page);
  return slides.reduce((best, slide) => (Math.abs(slide.offset) < Math.abs(best.offset) ? slide : best)).subtitle;
}
