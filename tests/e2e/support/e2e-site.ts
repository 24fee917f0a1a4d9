// The real app, listening on a free port with the client built for this run, plus a browser page
// that fails the test on any console error or uncaught exception.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { collectConsoleErrors, launchBrowser } from './browser.ts';

export interface E2eSite {
  url: string;
  t: TestApp;
  page: Page;
  /** Console errors and page errors seen so far; a test ends by expecting none. */
  problems: string[];
  close(): Promise<void>;
}

/** The site as most browser tests read it: named Pixel Diaries, in a 1280 x 800 window. */
export async function openDesktopSite(): Promise<E2eSite> {
  const site = await openSite({ SITE_NAME: 'Pixel Diaries' });
  await site.page.setViewportSize({ width: 1280, height: 800 });
  return site;
}

/**
 * The desktop site for the tests of a file (or of the describe that calls this): opened before the
 * first, handed to `opened`, and closed after the last.
 */
export function desktopSiteTests(opened: (site: E2eSite) => void): void {
  let site: E2eSite | undefined;
  beforeAll(async () => {
    site = await openDesktopSite();
    opened(site);
  });
  afterAll(() => site?.close());
}

export async function openSite(env: Record<string, string> = {}): Promise<E2eSite> {
  const t = await createTestApp({ env, clientDir: inject('clientBuildDir') });
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  const problems = collectConsoleErrors(page);
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return {
    url,
    t,
    page,
    problems,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await t.dispose();
    },
  };
}
