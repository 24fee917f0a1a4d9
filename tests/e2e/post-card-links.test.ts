// A post card as a reader uses it: the whole card opens the post (the picture, the title, READ
// MORE), keyboards and screen readers meet one link per card, and the card shows hover and focus. It
// also tells what the post is before it is opened: its category, the start of its text, its reading time.
// And its cover is never cut blindly.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostWithImage } from '../../server/modules/post/post.service.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { gotoApp, h1Text, pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await openDesktopSite();
  // 460 words: two minutes at 230 words a minute; its excerpt (40 words) is longer than three lines of a card.
  const words = Array.from({ length: 460 }, (_, i) => (i === 0 ? 'Opening' : `word${i}`)).join(' ');
  await createPost(site.t, { title: 'A long read', category: 'book', content: `<p>${words}</p>` });
  await createPost(site.t, { title: 'An older post', category: 'anime' });
  await createPost(site.t, { title: 'The newest post', category: 'anime' });
  // The first page a new browser opens is slow to come: not inside a test's time.
  await site.page.goto(site.url);
}, 60_000);
afterAll(() => site?.close());

/**
 * Where a reader's pointer lands on this part of the card: the mouse goes to the middle of its box
 * (whatever lies on top there receives the click, as in a reader's browser).
 */
async function pointAt(page: Page, part: Locator): Promise<{ x: number; y: number }> {
  await part.scrollIntoViewIfNeeded();
  const box = (await part.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function clickOn(page: Page, part: Locator) {
  const { x, y } = await pointAt(page, part);
  await page.mouse.click(x, y);
}

const card = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title }) });

describe('a post card', () => {
  for (const [list, path] of [
    ['the blog list', '/blog'],
    ['a category list', '/anime'],
    ['the home page', '/'],
  ] as const) {
    it(`on ${list}, opens the post from its picture and from its title`, async () => {
      const { page } = site;
      await gotoApp(page, `${site.url}${path}`);
      await clickOn(page, card(page, 'An older post').getByRole('img'));
      await expect.poll(() => h1Text(page)).toBe('An older post');

      await page.goBack();
      await clickOn(page, card(page, 'The newest post').getByRole('heading'));
      await expect.poll(() => h1Text(page)).toBe('The newest post');
      expect(pathOf(page)).toMatch(/^\/blog\/the-newest-post/);
      expect(site.problems).toEqual([]);
    });
  }

  it('has one link, READ MORE with the title, which keeps its visible words', async () => {
    const { page } = site;
    await gotoApp(page, `${site.url}/blog`);
    const links = card(page, 'The newest post').getByRole('link');
    expect(await links.count()).toBe(1);
    expect((await links.first().textContent())?.trim()).toBe('READ MORE: The newest post');
    expect(await card(page, 'The newest post').getByText('READ MORE', { exact: false }).isVisible()).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it('shows a hover state under the pointer and a focus ring round the card from the keyboard', async () => {
    const { page } = site;
    await gotoApp(page, `${site.url}/blog`);
    const first = card(page, 'The newest post');
    const look = () =>
      first.evaluate((element) => {
        const style = getComputedStyle(element);
        return { shadow: style.boxShadow, outline: style.outlineStyle };
      });
    const resting = await look();
    expect(resting).toEqual({ shadow: 'none', outline: 'none' });

    const { x, y } = await pointAt(page, first.getByRole('heading'));
    await page.mouse.move(x, y);
    await expect.poll(async () => (await look()).shadow).not.toBe('none');

    await page.mouse.move(0, 0);
    await first.getByRole('link').focus();
    // Focus from script counts as keyboard focus only after a key press: press Tab back onto it.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await look()).outline).toBe('solid');
    await page.keyboard.press('Enter');
    await expect.poll(() => h1Text(page)).toBe('The newest post');
    expect(site.problems).toEqual([]);
  });

  it("shows its category, the start of its text in three lines at most, and its reading time, from the server's HTML on", async () => {
    const { page } = site;
    const html = await (await fetch(`${site.url}/blog`)).text();
    expect(html).toContain('2 min read');
    expect(html).toContain('Opening word1 word2');

    await gotoApp(page, `${site.url}/blog`);
    const longRead = card(page, 'A long read');
    expect(await longRead.locator('.post-card-category').textContent()).toBe('Book');
    expect(await longRead.getByText('2 min read', { exact: false }).isVisible()).toBe(true);
    const excerpt = longRead.getByText('Opening word1 word2', { exact: false });
    expect(await excerpt.isVisible()).toBe(true);
    const lines = await excerpt.evaluate((element) => {
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      return element.getBoundingClientRect().height / lineHeight;
    });
    expect(Math.round(lines)).toBe(3);
    // Still one link to the post: the category is a label.
    expect(await longRead.getByRole('link').count()).toBe(1);
    expect(site.problems).toEqual([]);
  });
});

// Covers are never cut blindly: a portrait cover (a book's, an anime's) without a focal point is shown
// whole in a card's 16:9 box, one with a focal point is cut around it, and on its post a tall cover
// is capped so the title stays in the first screen.
describe('covers', () => {
  let portrait: PostWithImage;
  let pointed: PostWithImage;
  let landscape: PostWithImage;

  beforeAll(async () => {
    portrait = await createPost(site.t, { title: 'The Left Hand of Darkness', image: { width: 600, height: 900 } });
    pointed = await createPost(site.t, { title: 'Frieren volume one', image: { width: 600, height: 900 } });
    landscape = await createPost(site.t, { title: 'Hades at night', image: { width: 1600, height: 900 } });
    // The author set a focal point near the top of this one's picture.
    await site.t.db.prisma.image.update({ where: { id: pointed.imageId! }, data: { focusY: 0.2 } });
  }, 60_000);

  const fitOf = (title: string) =>
    site.page
      .getByRole('main')
      .getByRole('img', { name: title })
      .evaluate((img) => getComputedStyle(img).objectFit);

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
