// A second browser, with JavaScript turned off, for a site already open (openSite): what a reader who
// blocks scripts, a crawler that runs none, or anyone on a connection slow enough that the script has
// not arrived yet, gets. The page is only what the server wrote; its links and forms work as plain HTML.
import type { Page } from 'playwright-core';
import { collectConsoleErrors, launchBrowser } from './browser.ts';

export interface NoScriptBrowser {
  /** A 1280 x 800 page, as openDesktopSite's. */
  page: Page;
  /** Console errors seen so far, as E2eSite's problems; a test ends by expecting none. */
  problems: string[];
  close(): Promise<void>;
}

export async function openNoScriptBrowser(): Promise<NoScriptBrowser> {
  const browser = await launchBrowser({ javaScriptEnabled: false });
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  // Nothing on a page without scripts appears after it has loaded: a link or a box that is not there
  // will not come, so looking for one fails in seconds rather than at the test's timeout.
  page.setDefaultTimeout(5_000);
  page.setDefaultNavigationTimeout(30_000);
  const problems = collectConsoleErrors(page);
  return { page, problems, close: () => browser.close() };
}
