// A page always has exactly one title while it starts: the server's until React renders its own,
// then React's. Removing the server's copy when the app started left the document without a title
// until the render after hydration; axe found the page untitled when it looked in that moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
let post: { slug: string };
beforeAll(async () => {
  site = await openDesktopSite();
  post = await createPost(site.t, { title: 'Titled all along', category: 'book' });
  // From the end of parsing on, every change to the head is checked: how many <title> it holds.
  await site.page.addInitScript(() => {
    const counts: number[] = [];
    (window as unknown as { titleCounts: number[] }).titleCounts = counts;
    document.addEventListener('DOMContentLoaded', () => {
      const check = () => counts.push(document.head.querySelectorAll('title').length);
      check();
      new MutationObserver(check).observe(document.head, { childList: true, subtree: true });
    });
  });
}, 60_000);
afterAll(() => site?.close());

describe('the document title while a page starts', () => {
  for (const [name, path, title] of [
    ['a server-rendered page', () => '/', 'Pixel Diaries'],
    ['a post', () => `/blog/${post.slug}`, 'Titled all along | Pixel Diaries'],
    ['a page the browser renders', () => '/login', /Pixel Diaries/],
  ] as const) {
    it(`is there, once, from the first byte to the running app: ${name}`, async () => {
      const { page } = site;
      await page.goto(`${site.url}${path()}`);
      // The app runs: React's tags are in, the server's gone.
      await expect
        .poll(() => page.evaluate(() => document.head.querySelectorAll('[data-server-meta="page"]').length))
        .toBe(0);
      await expect.poll(() => page.title()).toMatch(title);
      const counts = await page.evaluate(() => (window as unknown as { titleCounts: number[] }).titleCounts);
      expect(counts.length).toBeGreaterThan(1);
      expect(counts.filter((count) => count !== 1)).toEqual([]);
      expect(site.problems).toEqual([]);
    });
  }
});
