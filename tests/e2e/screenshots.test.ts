// A screenshot of every visitor screen at a phone's width (390 px) and a laptop's (1280 px), on the
// demo site, saved under test-results/screenshots/ (ignored by git) for a person to look through.
// Each screen must also render without console errors at both widths.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { appOwnsH1 } from './support/page-checks.ts';
import { seedDemoSite } from './support/site-content.ts';

const outDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');
const WIDTHS = [390, 1280] as const;

let site: E2eSite;
let firstPostId: string;
beforeAll(async () => {
  site = await openSite({ SITE_NAME: 'Pixel Diaries' });
  await seedDemoSite(site.t);
  firstPostId = (await site.t.db.prisma.post.findFirstOrThrow({ orderBy: { createdAt: 'desc' } })).id;
  mkdirSync(outDir, { recursive: true });
}, 120_000);
afterAll(() => site?.close());

const screens = () => [
  ['home', '/'],
  ['blog', '/blog'],
  ['blog-page-2', '/blog/page/2'],
  ['search', '/blog/search/open world'],
  ['search-nothing', '/blog/search/nothing matches this'],
  ['games', '/games'],
  ['anime', '/anime'],
  ['books', '/books'],
  ['tv', '/tv'],
  ['post', `/blog/${firstPostId}`],
  ['missing-post', '/blog/0190f1f2-0000-7000-8000-000000000000'],
  ['about', '/about'],
  ['hire-me', '/hire-me'],
  ['privacy-policy', '/privacy-policy'],
  ['disclaimer', '/disclaimer'],
  ['login', '/login'],
  ['error', '/no/such/page'],
];

describe('every visitor screen', () => {
  for (const width of WIDTHS) {
    it(`renders at ${width} px wide, saved as a screenshot`, async () => {
      await site.page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      for (const [name, url] of screens()) {
        site.problems.length = 0;
        await site.page.goto(`${site.url}${url}`);
        // Rendered: the page's own heading is there and no loading indicator is left.
        await expect
          .poll(() => site.page.getByRole('heading', { level: 1 }).count(), { message: url })
          .toBeGreaterThan(0);
        await expect.poll(() => site.page.getByRole('status', { name: /^Loading/ }).count(), { message: url }).toBe(0);
        await expect.poll(() => appOwnsH1(site.page), { message: url }).toBe(true);
        await site.page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true });
        // Nothing wider than the screen: no sideways scrolling on a phone.
        const overflow = await site.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${url} is wider than ${width} px`).toBeLessThanOrEqual(0);
        expect(site.problems, url).toEqual([]);
      }
    }, 180_000);
  }
});
