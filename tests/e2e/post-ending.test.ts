// A post that ends well: after the text, its category as a link, the previous and next posts, a few
// related ones and the way back to the blog; in the server's HTML (readers without JavaScript) and
// followed inside the app without a reload.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostWithImage } from '../../server/modules/post/post.service.ts';
import { markPageLoad } from './support/accounts.ts';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { gotoApp, h1Text, pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
let posts: PostWithImage[];

beforeAll(async () => {
  site = await openSite({ SITE_NAME: 'Pixel Diaries', AUTHOR_NAME: 'Ada Reviewer' });
  await site.page.setViewportSize({ width: 1280, height: 800 });
  posts = [];
  // Oldest first: created one at a time, so their publication times follow this order.
  for (const post of [
    { title: 'Hollow Knight, ten years on', category: 'game' as const },
    { title: 'Frieren and the long goodbye', category: 'anime' as const },
    { title: 'Hollow Knight Silksong at last', category: 'game' as const },
  ]) {
    posts.push(await createPost(site.t, post));
  }
}, 60_000);
afterAll(() => site?.close());

describe("a post's ending", () => {
  it('is in the HTML the server sends: category, previous and next, related posts, all posts', async () => {
    const html = await (await site.t.request(`/blog/${posts[1]!.slug}`)).text();
    const ending = new JSDOM(html).window.document.querySelector('.post-ending')!;
    const links = [...ending.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.rel]);
    expect(ending.querySelector('.post-ending-category')!.textContent).toBe(
      'Written by Ada Reviewer · Filed under Anime',
    );
    expect(links).toEqual([
      ['Anime', '/anime', ''],
      ['← Previous postHollow Knight, ten years on', `/blog/${posts[0]!.slug}`, 'prev'],
      ['Next post →Hollow Knight Silksong at last', `/blog/${posts[2]!.slug}`, 'next'],
      // Related: both games (no other anime), sharing no word with it, so the newest first.
      ['Hollow Knight Silksong at last', `/blog/${posts[2]!.slug}`, ''],
      ['Hollow Knight, ten years on', `/blog/${posts[0]!.slug}`, ''],
      ['← All posts', '/blog', ''],
    ]);
    expect(ending.querySelector('h2')!.textContent).toBe('Related posts');
  });

  it('leads on to the next post, its category and the blog without reloading the page', async () => {
    const { page } = site;
    await gotoApp(page, `${site.url}/blog/${posts[0]!.slug}`);
    const load = await markPageLoad(page);
    const ending = page.locator('.post-ending');

    // The oldest post has only a next one.
    const neighbours = ending.getByRole('navigation', { name: 'Previous and next posts' });
    expect(await neighbours.getByRole('link').allTextContents()).toEqual(['Next post →Frieren and the long goodbye']);
    // Related: the other game first (same category, shares "Hollow Knight"), then the anime.
    const related = ending.getByRole('region', { name: 'Related posts' });
    expect(await related.getByRole('listitem').allTextContents()).toEqual([
      'Hollow Knight Silksong at last' + 'Game · 1 min read',
      'Frieren and the long goodbye' + 'Anime · 1 min read',
    ]);

    await neighbours.getByRole('link', { name: /Next post/ }).click();
    await expect.poll(() => h1Text(page)).toBe('Frieren and the long goodbye');
    expect(pathOf(page)).toBe(`/blog/${posts[1]!.slug}`);
    expect(await neighbours.getByRole('link').allTextContents()).toEqual([
      '← Previous postHollow Knight, ten years on',
      'Next post →Hollow Knight Silksong at last',
    ]);

    await ending.getByRole('link', { name: 'Anime' }).click();
    await expect.poll(() => pathOf(page)).toBe('/anime');
    await page.goBack();
    await expect.poll(() => h1Text(page)).toBe('Frieren and the long goodbye');
    await ending.getByRole('link', { name: '← All posts' }).click();
    await expect.poll(() => pathOf(page)).toBe('/blog');
    expect(await load.stillLoaded()).toBe(true);
    expect(site.problems).toEqual([]);
  });
});
