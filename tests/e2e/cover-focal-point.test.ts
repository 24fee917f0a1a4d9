// The cover's focal point, in a real browser against the real server: the author clicks the part of
// the picture that must stay in view (or moves it with the arrow keys), sees the card's cut at once,
// saves, and readers' cards are cut around that point, in the page the server renders and after the
// app takes over, without a style attribute the content security policy would refuse.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminTests, imageFiles } from './support/accounts.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { h1Text, pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
const images = imageFiles();
adminTests({ name: 'Ada', height: 1400, images }, (opened) => (site = opened));

const target = (page: Page) => page.getByRole('button', { name: /^Focal point:/ });
const cardCut = (page: Page) => page.getByRole('img', { name: 'The picture as cards show it' });
const objectPosition = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img) => getComputedStyle(img).objectPosition);

describe("the cover's focal point", () => {
  it('is set by a click or the arrow keys, shown on the card at once, stored, and used by every card', async () => {
    const { page } = site;
    const post = await createPost(site.t, {
      title: 'Focal Knight',
      category: 'game',
      image: { width: 1600, height: 900 },
    });
    await page.goto(`${site.url}/blog/${post.id}/edit`);
    await expect
      .poll(() => target(page).getAttribute('aria-label'))
      .toBe('Focal point: 50% from the left, 50% from the top');

    // A click a tenth of the way across and a fifth of the way down the picture.
    const box = (await target(page).boundingBox())!;
    await target(page).click({ position: { x: box.width * 0.1, y: box.height * 0.2 } });
    await expect
      .poll(() => target(page).getAttribute('aria-label'))
      .toBe('Focal point: 10% from the left, 20% from the top');
    expect(await cardCut(page).evaluate((img) => getComputedStyle(img).objectPosition)).toBe('10% 20%');
    // The marker sits where the author clicked.
    const marker = (await page.locator('.focal-point-marker').boundingBox())!;
    expect(Math.abs(marker.x + marker.width / 2 - (box.x + box.width * 0.1))).toBeLessThan(2);
    expect(Math.abs(marker.y + marker.height / 2 - (box.y + box.height * 0.2))).toBeLessThan(2);

    // The keyboard moves it by a step.
    await target(page).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => target(page).getAttribute('aria-label'))
      .toBe('Focal point: 15% from the left, 25% from the top');
    await expect.poll(() => page.locator('.post-form-state').textContent()).toBe('Unsaved changes');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/blog/${post.slug}`);
    const stored = await site.t.db.prisma.image.findUniqueOrThrow({ where: { id: post.imageId! } });
    expect([stored.focusX, stored.focusY]).toEqual([0.15, 0.25]);

    // The page the server renders names the point by class (a style attribute would be refused).
    const html = await (await fetch(`${site.url}/blog`)).text();
    const card = new RegExp(`<img[^>]*class="[^"]*focus-x-15 focus-y-25[^"]*"[^>]*${stored.storageKey}`);
    expect(html).toMatch(card);
    // And the browser cuts the card there, once the app has taken over too.
    await page.goto(`${site.url}/blog`);
    await expect.poll(() => h1Text(page)).not.toBe('');
    const cardImage = `.post-card img[src*="${stored.storageKey}"]`;
    await page.locator(cardImage).waitFor();
    expect(await objectPosition(page, cardImage)).toBe('15% 25%');
    expect(site.problems).toEqual([]);
  });

  it('starts from the middle again when another picture is picked', async () => {
    const { page } = site;
    const post = await createPost(site.t, {
      title: 'Focal Queen',
      category: 'book',
      image: { width: 1600, height: 900 },
    });
    await site.t.db.prisma.image.update({ where: { id: post.imageId! }, data: { focusX: 0.8, focusY: 0.3 } });
    await page.goto(`${site.url}/blog/${post.id}/edit`);
    await expect
      .poll(() => target(page).getAttribute('aria-label'))
      .toBe('Focal point: 80% from the left, 30% from the top');

    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'portrait.png', width: 600, height: 900 }));
    await expect
      .poll(() => target(page).getAttribute('aria-label'))
      .toBe('Focal point: 50% from the left, 50% from the top');
    // The picker shows the new picture: its box has the new picture's shape.
    await expect
      .poll(async () => {
        const { width, height } = (await target(page).boundingBox())!;
        return Math.round((width / height) * 100) / 100;
      })
      .toBe(0.67);
  });
});
