// The reading font: a post's text is set in Literata, served by the site itself (no third-party
// host), preloaded on a post's page only, and shown without moving anything (font-display: optional).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
let slug: string;
const fontRequests: string[] = [];
beforeAll(async () => {
  site = await openDesktopSite();
  const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
  slug = (await createPost(site.t, { title: 'A long read', content: `<p>${words}</p><p><em>An aside.</em></p>` })).slug;
  site.page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  // The first page a new browser opens is slow to come: not inside a test's time.
  await site.page.goto(site.url);
}, 60_000);
afterAll(() => site?.close());

describe('the reading font', () => {
  it("sets a post's text in Literata from the site itself, preloaded, with nothing shifting", async () => {
    const { page } = site;
    fontRequests.length = 0;
    const html = await (await fetch(`${site.url}/blog/${slug}`)).text();
    const preload = /<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/.exec(html);
    expect(preload?.[1]).toMatch(/^\/assets\/literata-latin-wght-normal-[\w-]+\.woff2$/);

    await page.goto(`${site.url}/blog/${slug}`);
    const look = await page.evaluate(async () => {
      await document.fonts.ready;
      const shifts: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const text = document.querySelector('.post-content p')!;
      return {
        family: getComputedStyle(text).fontFamily,
        used: document.fonts.check(`18px "Literata Variable"`, 'word'),
        shifts,
      };
    });
    expect(look.family).toMatch(/^"Literata Variable"/);
    expect(look.used).toBe(true);
    expect(look.shifts).toEqual([]);
    // One file, from this site, and it is the one preloaded.
    expect(fontRequests).toEqual([`${site.url}${preload![1]}`]);
    const font = await fetch(fontRequests[0]!);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(site.problems).toEqual([]);
  });

  it('is neither preloaded nor fetched on pages without a post', async () => {
    const fresh = await site.page.context().newPage();
    try {
      const requests: string[] = [];
      fresh.on('request', (request) => {
        if (request.resourceType() === 'font') requests.push(request.url());
      });
      for (const path of ['/', '/blog']) {
        const html = await (await fetch(`${site.url}${path}`)).text();
        expect(html, path).not.toContain('as="font"');
        await fresh.goto(`${site.url}${path}`);
        await fresh.evaluate(() => document.fonts.ready);
      }
      expect(requests).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
