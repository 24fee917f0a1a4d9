// Small reads of what a visitor's browser shows, for the browser tests.
import type { Page } from 'playwright-core';

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
