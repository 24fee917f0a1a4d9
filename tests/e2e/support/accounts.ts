// Signed-in browsers for the account and admin tests: an account made in the test's database, and
// either the login form typed into (what a user does) or its session cookie and user info put in
// the browser (a user who signed in on an earlier visit).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { makeImage, type ImageFormat } from '../../support/images.ts';
import { SESSION_COOKIE } from '../../../server/http/cookies.ts';
import { openSite, type E2eSite } from './e2e-site.ts';
import { pathOf } from './page-checks.ts';

export interface Account {
  name: string;
  email: string;
  password: string;
  isAdmin: boolean;
  cookie: string;
}

let counter = 0;

/** A new account in the site's database, with a session of its own (its cookie). */
export async function createAccount(
  site: E2eSite,
  options: { isAdmin?: boolean; name?: string; password?: string } = {},
): Promise<Account> {
  counter += 1;
  const isAdmin = options.isAdmin ?? false;
  const name = options.name ?? `${isAdmin ? 'Admin' : 'Reader'} ${counter}`;
  const { email, password, cookie } = await site.t.signIn({ isAdmin, name, password: options.password });
  return { name, email, password, isAdmin, cookie };
}

/** No cookies and no local storage: a visitor's browser, on the home page. */
export async function signOutBrowser(site: E2eSite): Promise<void> {
  await site.page.context().clearCookies();
  await site.page.goto(site.url);
  await site.page.evaluate(() => localStorage.clear());
}

/**
 * A browser that gets the full app on every page, as a signed-in author does (any session cookie
 * gets it: server/modules/pages/client-files.ts), while signed in as nobody (the cookie is no session
 * here), so the pages look as a reader's: for what the app does on a public page. A reader's browser
 * without it gets the islands (docs/decisions/051).
 */
export async function withAppCookie(page: Page, siteUrl: string): Promise<void> {
  await page.context().addCookies([{ name: SESSION_COOKIE, value: 'no-such.session', url: siteUrl }]);
}

/** A browser that signed in on an earlier visit: the session cookie and userInfo, then a fresh load. */
export async function restoreSession(site: E2eSite, account: Account, path = '/'): Promise<void> {
  // The storage is changed on a page of the site where the app does not run (a plain text file), so
  // nothing the app still had in flight from the last page can act on it (a 401 would clear it).
  await site.page.context().clearCookies();
  await site.page.goto(`${site.url}/robots.txt`);
  await site.page.evaluate(() => localStorage.clear());
  const [name, ...value] = account.cookie.split('=');
  await site.page.context().addCookies([{ name: name!, value: value.join('='), url: site.url }]);
  await site.page.evaluate((info) => localStorage.setItem('userInfo', JSON.stringify(info)), {
    name: account.name,
    email: account.email,
    isAdmin: account.isAdmin,
  });
  await site.page.goto(`${site.url}${path}`);
}

/** Types the account's email and password into /login and waits for the home page. */
export async function loginThroughForm(site: E2eSite, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const { page } = site;
  await page.goto(`${site.url}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await toast(page, 'Logged in successfully').waitFor();
  await expect.poll(() => pathOf(page)).toBe('/');
}

/** A toast with this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The footer's account area, as a locator. */
export function footer(page: Page) {
  return page.getByRole('contentinfo');
}

/** The userInfo the page keeps in local storage, parsed, or null. */
export async function storedUserInfo(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('userInfo');
    return raw === null ? null : (JSON.parse(raw) as unknown);
  });
}

/** Sets a marker on `window` that a reload would remove; `stillLoaded` says whether it survived. */
export async function markPageLoad(page: Page): Promise<{ stillLoaded(): Promise<boolean> }> {
  await page.evaluate(() => ((window as unknown as { __e2eLoad?: boolean }).__e2eLoad = true));
  return {
    stillLoaded: () => page.evaluate(() => (window as unknown as { __e2eLoad?: boolean }).__e2eLoad === true),
  };
}

/** Real image files on disk, for setInputFiles; remove() deletes them all. */
export function imageFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-images-'));
  let made = 0;
  return {
    async write(options: { name?: string; width?: number; height?: number; format?: ImageFormat } = {}) {
      made += 1;
      const format = options.format ?? 'png';
      const path = join(dir, options.name ?? `picture-${made}.${format}`);
      writeFileSync(path, await makeImage({ width: options.width ?? 800, height: options.height ?? 1000, format }));
      return path;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Console problems other than the browser's own log of a refused request with this status. */
export function problemsBesidesStatus(problems: string[], status: number): string[] {
  return problems.filter((problem) => !problem.includes(`the server responded with a status of ${status}`));
}

/**
 * Opens one site for a file of admin tests (1280 px wide, `height` tall, an admin named `name`), hands
 * it to `opened`, signs the admin in again before each test (earlier problems forgotten), and closes
 * the site and removes the test's picture files after the last test.
 */
export function adminTests(
  { name, height, images }: { name: string; height: number; images: ReturnType<typeof imageFiles> },
  opened: (site: E2eSite) => void,
): void {
  let site: E2eSite;
  let admin: Account;
  beforeAll(async () => {
    site = await openSite({ SITE_NAME: 'Pixel Diaries' });
    await site.page.setViewportSize({ width: 1280, height });
    admin = await createAccount(site, { isAdmin: true, name });
    opened(site);
  });
  afterAll(async () => {
    images.remove();
    await site?.close();
  });
  beforeEach(async () => {
    await restoreSession(site, admin);
    await footer(site.page).getByText(`Signed in as ${name}`).waitFor();
    site.problems.length = 0;
  });
}
