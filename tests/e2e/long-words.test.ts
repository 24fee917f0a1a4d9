// Text wraps everywhere, at any width: a pasted URL or a long unbroken word in a post's title,
// subtitle or text never makes a page wider than the screen (on a 390 px phone it made the post page
// 1 131 px wide), on the post page and on the cards that show it (their excerpt too), in search
// results, from a 320 px phone to a 1280 px laptop; a code block scrolls inside itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

const LONG_URL = `https://example.com/${'a-very-long-path-segment-'.repeat(12)}end`;
const LONG_WORD = 'Supercalifragilisticexpialidociousnessesses'; // 43 letters: a title may hold 45
const WORD_300 = 'Pneumonoultramicroscopic'.repeat(13).slice(0, 300);

let site: E2eSite;
let slug: string;
beforeAll(async () => {
  site = await openSite({ SITE_NAME: 'Pixel Diaries' });
  const post = await createPost(site.t, {
    title: LONG_WORD,
    subtitle: LONG_WORD,
    category: 'game',
    // The text starts with them: the cards' excerpts show them too.
    content: `<p>${WORD_300} ${LONG_URL}</p><p><a href="${LONG_URL}">${LONG_URL}</a></p><pre><code class="language-plaintext">${'x'.repeat(400)}</code></pre>`,
  });
  slug = post.slug;
  // The first page a new browser opens is slow to come: not inside a test's time.
  await site.page.goto(site.url);
}, 60_000);
afterAll(() => site?.close());

/** How much wider than the window the page is, in CSS pixels (0: it fits). */
const overflow = () =>
  site.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('long unbroken text', () => {
  it('is hostile enough: a 300-character word and a URL longer than 300 characters', () => {
    expect(WORD_300).toHaveLength(300);
    expect(LONG_URL.length).toBeGreaterThanOrEqual(300);
  });

  for (const width of [320, 390, 1280]) {
    it(`wraps on the post page, the lists, a search's results and the home page at ${width} px`, async () => {
      await site.page.setViewportSize({ width, height: 844 });
      for (const path of [`/blog/${slug}`, '/blog', '/games', `/blog/search/${LONG_WORD}`, '/']) {
        await site.page.goto(`${site.url}${path}`);
        await expect.poll(() => pathOf(site.page)).toBe(path);
        await site.page.getByText(LONG_WORD).first().waitFor();
        expect(await overflow(), path).toBeLessThanOrEqual(0);
      }
      // The code block keeps its lines and scrolls inside itself instead.
      await site.page.goto(`${site.url}/blog/${slug}`);
      const pre = site.page.locator('.post-content pre');
      expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(site.problems).toEqual([]);
    });
  }
});
