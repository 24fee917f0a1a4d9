// The whole chain in a real browser: React renders, Apollo sends the codegen-typed query, the server
// answers from GraphQL, and the page shows it; or, on a page loaded from the server, the same answer
// comes written into the page (server/modules/pages/initial-results.ts) and no request is sent for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { gotoApp } from './support/page-checks.ts';

let site: E2eSite;
const graphqlRequests: string[] = [];
beforeAll(async () => {
  site = await openSite({ SITE_NAME: 'Pixel Diaries' });
  site.page.on('request', (request) => {
    if (request.url().endsWith('/graphql')) graphqlRequests.push(request.postData() ?? '');
  });
});
afterAll(() => site?.close());

const h1 = () => site.page.getByRole('heading', { level: 1 }).textContent();

describe('the home page in a browser', () => {
  it('shows the site name from the answers written into the page, without asking again', async () => {
    graphqlRequests.length = 0;
    await site.page.goto(site.url);
    await expect.poll(h1).toBe('Pixel Diaries');
    await site.page.getByText('Nothing on the go right now. Check back soon.').waitFor();
    expect(graphqlRequests.filter((body) => /query (HomePage|Site)\b/.test(body))).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it('shows the site name written into any first page, a list, a static page or a form, without asking', async () => {
    for (const path of ['/blog', '/about', '/login']) {
      graphqlRequests.length = 0;
      await site.page.goto(`${site.url}${path}`);
      await site.page.getByRole('banner').getByRole('link', { name: 'Pixel Diaries, home page' }).waitFor();
      expect(
        graphqlRequests.filter((body) => /query Site\b/.test(body)),
        path,
      ).toEqual([]);
    }
    expect(site.problems).toEqual([]);
  });

  it('shows the site name it fetched through GraphQL, coming from another page', async () => {
    // In the app: the home page is then its render, from its own query.
    await gotoApp(site.page, `${site.url}/about`);
    await expect.poll(h1).not.toBe('Pixel Diaries');
    graphqlRequests.length = 0;
    await site.page.getByRole('banner').getByRole('link', { name: 'Pixel Diaries, home page' }).click();
    await expect.poll(h1).toBe('Pixel Diaries');
    await site.page.getByText('Nothing on the go right now. Check back soon.').waitFor();
    // The name was already known from /about; the home page's own query went to the server.
    await expect.poll(() => graphqlRequests.some((body) => body.includes('query HomePage'))).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it("shows the banner's words as text, at least 16 px tall and inside the banner, from a 320 px phone to 1280 px", async () => {
    const { page } = site;
    await page.goto(site.url);
    for (const width of [320, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const look = await page.locator('.home-banner').evaluate((banner) => {
        const box = banner.getBoundingClientRect();
        const words = [...banner.querySelectorAll('p')].map((p) => {
          const inner = p.getBoundingClientRect();
          return {
            text: p.textContent,
            size: Number.parseFloat(getComputedStyle(p).fontSize),
            inside: inner.left >= box.left && inner.right <= box.right && inner.bottom <= box.bottom,
          };
        });
        return { words, pageWidth: document.documentElement.scrollWidth, decorative: banner.querySelector('img')?.alt };
      });
      expect(look.decorative, `${width}`).toBe('');
      expect(look.pageWidth, `${width}`).toBeLessThanOrEqual(width);
      for (const word of look.words) {
        expect(word.size, `${width}: ${word.text}`).toBeGreaterThanOrEqual(16);
        expect(word.inside, `${width}: ${word.text}`).toBe(true);
      }
      expect(look.words.map((word) => word.text)).toEqual([
        'Games · Anime · TV · Books',
        'Opinions, reviews and notes from a fan',
      ]);
    }
    expect(site.problems).toEqual([]);
  });
});
