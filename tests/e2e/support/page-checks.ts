// Small reads of what a visitor's browser shows, for the browser tests.
import type { Page, Request } from 'playwright-core';
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

/**
 * Runs `steps` while the GraphQL requests that `held` picks wait (a screen's loading state stays on
 * screen), until the steps call release(); released and unrouted whatever happens. Resolves to how
 * many requests were held.
 */
export async function whileGraphqlHeld(
  page: Page,
  held: (request: Request) => boolean,
  steps: (release: () => void) => Promise<void>,
): Promise<number> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route('**/graphql', async (route) => {
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
    await page.unroute('**/graphql');
  }
  return count;
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
 * Opens a page and waits until the app has taken it over. Until then a page the server rendered
 * works as plain HTML (a link or a form loads the next page from the server): the app is asked for
 * only once the page has loaded (client/build/entry-priority.ts), so a test about what the app does
 * on a click starts here.
 */
export async function gotoApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect.poll(() => appOwnsH1(page), { message: url }).toBe(true);
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
