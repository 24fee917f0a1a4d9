// A screenshot of every screen, a visitor's and the admin's, at a phone's width (390 px) and a
// laptop's (1280 px), in the light and the dark theme, on the demo site, saved under
// test-results/screenshots/ (ignored by git) as {screen}-{width}-{theme}.png for a person to look
// through. Each screen must also render without console errors and fit the window's width.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, restoreSession, type Account } from './support/accounts.ts';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { scriptStarted } from './support/page-checks.ts';
import { seedDemoSite } from './support/site-content.ts';

const outDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');
const WIDTHS = [390, 1280] as const;
const THEMES = ['light', 'dark'] as const;

let site: E2eSite;
let firstPostId: string;
let admin: Account;
beforeAll(async () => {
  site = await openSite({ SITE_NAME: 'Pixel Diaries' });
  await seedDemoSite(site.t);
  admin = await createAccount(site, { isAdmin: true, name: 'Ada Admin' });
  firstPostId = (await site.t.db.prisma.post.findFirstOrThrow({ orderBy: { createdAt: 'desc' } })).id;
  mkdirSync(outDir, { recursive: true });
  // The first page a new browser opens is slow to come: not inside a test's time.
  await site.page.goto(site.url);
}, 120_000);
afterAll(() => site?.close());

/** The visitor's screens, in groups so that each test stays short. */
const visitorScreens = () => [
  [
    ['home', '/'],
    ['blog', '/blog'],
    ['blog-page-2', '/blog/page/2'],
    ['search', '/blog/search/open world'],
    ['search-nothing', '/blog/search/nothing matches this'],
    ['games', '/games'],
  ],
  [
    ['anime', '/anime'],
    ['books', '/books'],
    ['tv', '/tv'],
    ['post', `/blog/${firstPostId}`],
    ['missing-post', '/blog/0190f1f2-0000-7000-8000-000000000000'],
    ['about', '/about'],
  ],
  [
    ['hire-me', '/hire-me'],
    ['privacy-policy', '/privacy-policy'],
    ['disclaimer', '/disclaimer'],
    ['login', '/login'],
    ['error', '/no/such/page'],
  ],
];

/** The admin's screens: the post with its Edit and Delete, the forms, the posts and cards screens. */
const adminScreens = () => [
  ['admin-post', `/blog/${firstPostId}`],
  ['new-post', '/new'],
  ['edit-post', `/blog/${firstPostId}/edit`],
  ['admin-posts', '/admin/posts'],
  ['new-upcoming', '/new-upcoming'],
  ['show-upcoming', '/show-upcoming'],
  ['profile', '/profile'],
  ['redirects', '/admin/redirects'],
  ['navigation', '/admin/navigation'],
];

async function shoot(screens: string[][], width: number, theme: (typeof THEMES)[number]) {
  await site.page.emulateMedia({ colorScheme: theme });
  await site.page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
  for (const [name, url] of screens as [string, string][]) {
    site.problems.length = 0;
    await site.page.goto(`${site.url}${url}`);
    // Rendered: the page's own heading is there and no loading indicator is left.
    await expect.poll(() => site.page.getByRole('heading', { level: 1 }).count(), { message: url }).toBeGreaterThan(0);
    await expect.poll(() => site.page.getByRole('status', { name: /^Loading/ }).count(), { message: url }).toBe(0);
    await expect.poll(() => scriptStarted(site.page), { message: url }).toBe(true);
    await site.page.screenshot({ path: path.join(outDir, `${name}-${width}-${theme}.png`), fullPage: true });
    // Nothing wider than the screen: no sideways scrolling on a phone.
    const overflow = await site.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${url} is wider than ${width} px`).toBeLessThanOrEqual(0);
    expect(site.problems, url).toEqual([]);
  }
}

describe('every visitor screen', () => {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      visitorScreens().forEach((_, group) => {
        it(`renders at ${width} px wide in the ${theme} theme, saved as screenshots (group ${group + 1})`, async () => {
          await site.page.context().clearCookies();
          await shoot(visitorScreens()[group]!, width, theme);
        });
      });
    }
  }
});

describe("every admin's screen", () => {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      it(`renders at ${width} px wide in the ${theme} theme, saved as screenshots`, async () => {
        await restoreSession(site, admin);
        await shoot(adminScreens(), width, theme);
      });
    }
  }
});
