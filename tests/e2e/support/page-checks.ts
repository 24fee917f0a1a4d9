// Small reads of what a visitor's browser shows, for the browser tests.
import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** The text of the page's h1, once there is one. */
export async function h1Text(page: Page): Promise<string | null> {
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  return heading.textContent();
}

/** The content of every <meta> in <head> with this name or property (so duplicates show up). */
export function headMeta(page: Page, key: string): Promise<string[]> {
  return page
    .locator(`head meta[name="${key}"], head meta[property="${key}"]`)
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('content') ?? ''));
}

/** Every canonical link in <head>. */
export function canonicalLinks(page: Page): Promise<string[]> {
  return page
    .locator('head link[rel="canonical"]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));
}

/** The path (with search) the page is at. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the page is at `path` (with search) and shows this h1. */
export async function arrivedAt(page: Page, path: string, heading: string): Promise<void> {
  await expect.poll(() => pathOf(page)).toBe(path);
  await expect.poll(() => h1Text(page)).toBe(heading);
}

/** Types `keyword` into this search box and presses Enter, as a reader searches; waits for `path`. */
export async function searchWith(box: Locator, keyword: string, path: string): Promise<void> {
  await box.fill(keyword);
  await box.press('Enter');
  await expect.poll(() => pathOf(box.page())).toBe(path);
}

/** Whether this picture has arrived: its bytes loaded and decoded by the browser. */
export const pictureArrived = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

/** The titles of the post cards in the page's main part, in their order. */
export const cardTitles = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();

/** A list's paginator. */
export const paginator = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

/** Clicks `control` (a paginator's, say) and waits for the list at `path` with these cards, in this order. */
export async function followToList(page: Page, control: Locator, path: string, titles: string[]): Promise<void> {
  await control.click();
  await expect.poll(() => pathOf(page)).toBe(path);
  await expect.poll(() => cardTitles(page)).toEqual(titles);
}

/**
 * Runs `steps` while the requests to `url` that `held` picks wait, until the steps call release();
 * released and unrouted whatever happens. Resolves to how many requests were held.
 */
async function whileHeld(
  page: Page,
  url: string | RegExp,
  held: (request: Request) => boolean,
  steps: (release: () => void) => Promise<void>,
): Promise<number> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route(url, async (route) => {
    if (held(route.request())) {
      count += 1;
      await released;
    }
    await route.continue();
  });
  try {
    await steps(release);
  } finally {
    release();
    await page.unroute(url);
  }
  return count;
}

/** Runs `steps` while the files matching `url` wait (a file that arrives late), until the steps call release(). */
export async function whileFilesHeld(
  page: Page,
  url: RegExp,
  steps: (release: () => void) => Promise<void>,
): Promise<void> {
  await whileHeld(page, url, () => true, steps);
}

/**
 * Runs `steps` while the GraphQL requests that `held` picks wait (a screen's loading state stays on
 * screen), until the steps call release(). Resolves to how many requests were held.
 */
export function whileGraphqlHeld(
  page: Page,
  held: (request: Request) => boolean,
  steps: (release: () => void) => Promise<void>,
): Promise<number> {
  return whileHeld(page, '**/graphql', held, steps);
}

/**
 * Runs `steps` while the server's answer to the named GraphQL operation (`query Name`) is an error
 * with this message: what the API sends when it fails inside (its database down), a masked error
 * in a 200 like any GraphQL error. Every other request goes to the server; unrouted whatever happens.
 */
export async function whileGraphqlFails(
  page: Page,
  name: string,
  steps: () => Promise<void>,
  message = 'Unexpected error.',
): Promise<void> {
  await page.route('**/graphql', async (route) => {
    if (!(route.request().postData() ?? '').includes(`query ${name}`)) return route.continue();
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: null, errors: [{ message }] }),
    });
  });
  try {
    await steps();
  } finally {
    await page.unroute('**/graphql');
  }
}

/** A GraphQL request for the named operation (its document names it: `query Name` / `mutation Name`). */
export const operation = (name: string) => (request: Request) => (request.postData() ?? '').includes(name);

/**
 * Whether the app has taken over the page's main h1 (React's fiber is on the node): a page the server
 * rendered is then hydrated, at least as far as its main content, and nothing else may touch its
 * markup first (a screenshot, say, which hides the text caret with a style of its own).
 */
export const appOwnsH1 = (page: Page) =>
  page.evaluate(() => {
    const h1 = document.querySelector('main h1');
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber$'));
  });

/**
 * Whether the page's script has started: the app owns the main h1 (appOwnsH1), or, on a reading page
 * served without the app (docs/decisions/051), every island has run.
 */
export const scriptStarted = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.getAttribute('data-islands') === 'started') return true;
    const h1 = document.querySelector('main h1');
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber$'));
  });

/**
 * Opens a page and waits until its script has started: the app has taken it over, or (a reading page
 * for a reader who is not signed in) its islands have run. Until then a page the server rendered
 * works as plain HTML (a link or a form loads the next page from the server), so a test about what
 * script does on a click starts here.
 */
export async function gotoApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect.poll(() => scriptStarted(page), { message: url }).toBe(true);
}

/**
 * Moves the app's router to `path` as Back, Forward or an in-app link would, without loading a page
 * (a history entry and its popstate). A page the server rendered is plain HTML until the app has
 * taken it over, and no router would hear it: this waits for the app first.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await expect.poll(() => appOwnsH1(page), { message: `the app on ${pathOf(page)}` }).toBe(true);
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect.poll(() => pathOf(page)).toBe(path);
}

/**
 * What Chromium tells assistive technology about the elements of the page named `name`: their role and,
 * where they have one, their expanded state (a <summary>'s comes from its <details>, not from an attribute).
 */
export async function accessibleNodes(page: Page, name: string): Promise<{ role: string; expanded?: boolean }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes
      .filter((node) => !node.ignored && node.name?.value === name)
      .map((node) => ({
        role: String(node.role?.value),
        property: node.properties?.find((p) => p.name === 'expanded'),
      }))
      .filter(({ role }) => role !== 'StaticText' && role !== 'InlineTextBox')
      .map(({ role, property }) => (property ? { role, expanded: property.value.value === true } : { role }));
  } finally {
    await cdp.detach();
  }
}

/** The box of each element `locator` finds, as the page lays it out now. */
export function boxesOf(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    }),
  );
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two boxes share any area. */
export const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The header's main navigation; on a phone its links fold behind the Menu, the summary of a <details>. */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const menuSummary = (page: Page) => mainNav(page).locator('summary', { hasText: 'Menu' });

/**
 * The main navigation's links that a reader could not see or use where they are: hidden, outside the window, or
 * over the site's name in the header. Empty when every link is in plain view.
 */
export async function misplacedNavLinks(page: Page): Promise<string[]> {
  const windowWidth = await page.evaluate(() => document.documentElement.clientWidth);
  const [siteName] = await boxesOf(page.getByRole('banner').locator('.site-logo-name'));
  const links = mainNav(page).getByRole('link');
  const labels = await links.allTextContents();
  return (await boxesOf(links)).flatMap((box, i) => {
    const label = labels[i]!;
    if (box.right - box.left === 0) return [`${label} is hidden`];
    if (box.left < 0 || box.top < 0 || box.right > windowWidth) return [`${label} is outside the window`];
    if (siteName && overlap(box, siteName)) return [`${label} is over the site's name`];
    return [];
  });
}

/**
 * Holds the page's zero-delay timers until the returned function runs them, in order: the keys
 * pressed meanwhile are handled before them, as a browser that gives input priority does on a
 * machine too busy to run its timers at once. Resolves to how many it held (none: the race the
 * caller meant to set up was not).
 */
export async function holdZeroDelayTimers(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const { setTimeout, clearTimeout } = window;
    const held = new Map<number, () => void>();
    let next = -1;
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      if (delay || typeof handler !== 'function') return setTimeout(handler, delay, ...args);
      held.set(next, () => handler(...args));
      return next--;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => (held.delete(id!) ? undefined : clearTimeout(id))) as typeof clearTimeout;
    (window as { releaseTimers?: () => number }).releaseTimers = () => {
      Object.assign(window, { setTimeout, clearTimeout });
      for (const run of held.values()) run();
      return held.size;
    };
  });
  return () => page.evaluate(() => (window as { releaseTimers?: () => number }).releaseTimers!());
}
