// Covers are never cut blindly: a portrait cover (a book's, an anime's) without a focal point is shown
// whole in a card's 16:9 box, one with a focal point is cut around it, and on its post a tall cover
// is capped so the title stays in the first screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostWithImage } from '../../server/modules/post/post.service.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { gotoApp } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
let portrait: PostWithImage;
let pointed: PostWithImage;
let landscape: PostWithImage;

beforeAll(async () => {
  site = await openDesktopSite();
  portrait = await createPost(site.t, { title: 'The Left Hand of Darkness', image: { width: 600, height: 900 } });
  pointed = await createPost(site.t, { title: 'Frieren volume one', image: { width: 600, height: 900 } });
  landscape = await createPost(site.t, { title: 'Hades at night', image: { width: 1600, height: 900 } });
  // The author set a focal point near the top of this one's picture.
  await site.t.db.prisma.image.update({ where: { id: pointed.imageId! }, data: { focusY: 0.2 } });
}, 60_000);
afterAll(() => site?.close());

const fitOf = (title: string) =>
  site.page
    .getByRole('main')
    .getByRole('img', { name: title })
    .evaluate((img) => getComputedStyle(img).objectFit);

describe('covers', () => {
  it('on cards: a portrait one without a focal point is whole, one with a point is cut around it', async () => {
    const html = await (await site.t.request('/blog')).text();
    expect(html.match(/<img [^>]*class="[^"]*keep-whole[^"]*"[^>]*>/g)?.join('')).toContain(
      'alt="The Left Hand of Darkness"',
    );
    await gotoApp(site.page, `${site.url}/blog`);
    expect(await fitOf(portrait.title)).toBe('contain');
    expect(await fitOf(pointed.title)).toBe('cover');
    expect(await fitOf(landscape.title)).toBe('cover');
    // The card keeps its 16:9 box either way.
    const box = await site.page.getByRole('main').getByRole('img', { name: portrait.title }).boundingBox();
    expect(Math.round((box!.width * 9) / 16)).toBe(Math.round(box!.height));
    expect(site.problems).toEqual([]);
  });

  it('on a post: a tall cover is capped and shown whole, so the title is in the first screen', async () => {
    await site.page.setViewportSize({ width: 1280, height: 800 });
    await gotoApp(site.page, `${site.url}/blog/${portrait.slug}`);
    const cover = site.page.getByRole('main').getByRole('img', { name: portrait.title });
    const box = await cover.boundingBox();
    // 70 % of an 800 px window: 560 px, where the column's width would have made it 996 px.
    expect(box!.height).toBeLessThanOrEqual(560);
    expect(await cover.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
    const title = await site.page.getByRole('heading', { level: 1 }).boundingBox();
    expect(title!.y + title!.height).toBeLessThan(800);

    // A wide cover is not touched: the column's width, its own shape.
    await gotoApp(site.page, `${site.url}/blog/${landscape.slug}`);
    const wide = await site.page.getByRole('main').getByRole('img', { name: landscape.title }).boundingBox();
    expect(Math.round((wide!.width * 900) / 1600)).toBe(Math.round(wide!.height));
    expect(site.problems).toEqual([]);
  });
});
