// axe-core finds no violation on the forms and the admin's screens either: the login form for a
// visitor, and as the admin the home page and a post (with their Edit and Delete), a new post, a
// post's editor, the posts screen, the cards' screens and the profile, at 390 and 1280 px, in the
// light and the dark theme. (The visitor's pages are checked in dark-mode.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, restoreSession, type Account } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { createCard, createPost } from './support/site-content.ts';

let site: E2eSite;
let admin: Account;
let post: { id: string; slug: string };
beforeAll(async () => {
  site = await openDesktopSite();
  admin = await createAccount(site, { isAdmin: true, name: 'Ada Admin' });
  post = await createPost(site.t, { title: 'Celeste, climbed twice', category: 'game' });
  await createCard(site.t, { title: 'Playing', subtitle: 'Celeste' });
  // The first page a new browser opens is slow to come: not inside a test's time.
  await site.page.goto(site.url);
}, 60_000);
afterAll(() => site?.close());

/** The admin's screens, in two groups so that each test stays short. */
const ADMIN_PAGES = () => [
  ['/', `/blog/${post.slug}`, '/new', '/profile'],
  [`/blog/${post.id}/edit`, '/admin/posts', '/new-upcoming', '/show-upcoming'],
];

/** The page's main heading is there and no loading indicator is left: what axe should look at. */
async function settled(path: string) {
  const { page } = site;
  await expect.poll(() => page.locator('main h1').count(), { message: path }).toBeGreaterThan(0);
  await expect.poll(() => page.getByRole('status', { name: /^Loading/ }).count(), { message: path }).toBe(0);
}

describe('axe, on the forms and as the admin', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      for (const group of [0, 1]) {
        it(`finds nothing in the ${theme} theme at ${width} px (${group === 0 ? 'login, home, post, new post, profile' : 'editor, posts, cards'})`, async () => {
          const { page } = site;
          await page.emulateMedia({ colorScheme: theme });
          await page.setViewportSize({ width, height: 800 });
          const found: string[] = [];
          if (group === 0) {
            await page.context().clearCookies();
            await page.goto(`${site.url}/login`);
            await settled('/login');
            for (const violation of await axeViolations(page)) found.push(`/login ${violation}`);
          }
          const paths = ADMIN_PAGES()[group]!;
          await restoreSession(site, admin, paths[0]);
          for (const path of paths) {
            if (path !== paths[0]) await page.goto(`${site.url}${path}`);
            await settled(path);
            for (const violation of await axeViolations(page)) found.push(`${path} ${violation}`);
          }
          expect(found).toEqual([]);
          expect(site.problems).toEqual([]);
        });
      }
    }
  }
});
