// Issue 41 in the browser: the author adds a book to the shelf at 390 px in a few keystrokes, marks it
// in progress (the home carousel shows it after the cards), finishes it with a rating, links a review
// post to it (the post shows the item's box and its JSON-LD is a Review), and the year in review
// counts it; every public shelf page works without JavaScript and passes axe in both themes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, restoreSession, toast, type Account } from './support/accounts.ts';
import { axeInBothThemes } from './support/axe.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { sidewaysScroll } from './support/layout-checks.ts';
import { openNoScriptBrowser } from './support/no-script.ts';
import { h1Text } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
let admin: Account;
beforeAll(async () => {
  site = await openDesktopSite();
  admin = await createAccount(site, { isAdmin: true, name: 'Ada Admin' });
}, 60_000);
afterAll(() => site?.close());
beforeEach(() => {
  site.problems.length = 0;
});

const TITLE = 'The Left Hand of Darkness';
const YEAR = new Date().getUTCFullYear();

describe('the shelf', () => {
  it('a book goes from the studio to the carousel, is finished and rated, reviewed by a post, and counted in its year', async () => {
    const { page } = site;
    await site.t.db.prisma.shelfItem.deleteMany();
    await restoreSession(site, admin, '/');
    await page.getByRole('navigation', { name: 'Author tools' }).getByRole('link', { name: 'Shelf' }).click();
    await expect.poll(() => h1Text(page)).toBe('Shelf');
    await page.setViewportSize({ width: 390, height: 800 });

    // A title, a kind and a status, then Enter.
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByLabel('Kind', { exact: true }).selectOption('book');
    await page.getByLabel('Status', { exact: true }).selectOption('in_progress');
    await page.getByLabel('Title', { exact: true }).press('Enter');
    await toast(page, `${TITLE} is on the shelf`).waitFor();
    const row = page.getByRole('list', { name: 'Shelf items' }).getByRole('listitem').filter({ hasText: TITLE });
    // One more page from the list.
    await row.getByRole('button', { name: /^\+1/ }).click();
    await expect.poll(async () => row.textContent()).toContain('1 pages');
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await axeInBothThemes(page, '/admin/shelf at 390 px')).toEqual([]);

    // In progress: the home carousel shows it after the hand-made cards.
    await page.goto(`${site.url}/`);
    const currently = page.getByRole('region', { name: 'Currently' });
    await currently.getByText(TITLE).first().waitFor({ state: 'attached' });
    expect(await currently.textContent()).toContain('Reading');

    // Finished with a rating, on the item's own screen.
    await page.goto(`${site.url}/admin/shelf`);
    await row.getByRole('link', { name: TITLE }).click();
    await expect.poll(() => h1Text(page)).toBe(TITLE);
    await page.getByLabel('Status', { exact: true }).selectOption('finished');
    await page.getByLabel('Rating (0.5 to 5 stars)').fill('4.5');
    await page.getByLabel('Creator (author, studio, developer)').fill('Ursula K. Le Guin');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Shelf item has been saved').waitFor();
    const item = await site.t.db.prisma.shelfItem.findFirstOrThrow({ where: { title: TITLE } });
    expect([item.status, item.ratingHalves, item.finishedOn?.getUTCFullYear()]).toEqual(['finished', 9, YEAR]);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await axeInBothThemes(page, '/admin/shelf/{id} at 390 px')).toEqual([]);

    // A review post, linked to it from the post editor.
    const post = await createPost(site.t, { title: 'Winter on Gethen', category: 'book' });
    await page.goto(`${site.url}/blog/${post.slug}/edit`);
    await page.getByLabel('Find a shelf item by its title').fill('Left Hand');
    await page
      .getByRole('list', { name: 'Shelf items found' })
      .getByRole('button', { name: `Link ${TITLE}` })
      .click();
    await page.getByRole('list', { name: 'Linked items' }).getByText(TITLE).waitFor();

    await page.goto(`${site.url}/blog/${post.slug}`);
    const box = page.getByRole('complementary', { name: 'On the shelf' });
    await box.getByText('Ursula K. Le Guin', { exact: false }).waitFor();
    expect(await box.textContent()).toContain('4.5 out of 5 stars');
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd!)).toMatchObject({
      '@type': 'Review',
      itemReviewed: { '@type': 'Book', name: TITLE },
      reviewRating: { '@type': 'Rating', ratingValue: 4.5 },
    });

    // The year in review counts it, as a table beside the chart.
    await page.goto(`${site.url}/shelf/${YEAR}`);
    await expect.poll(() => h1Text(page)).toBe(`${YEAR} in review`);
    const month = new Date().toLocaleString('en', { month: 'long', timeZone: 'UTC' });
    const monthRow = page.getByRole('table').getByRole('row', { name: new RegExp(`^${month}`) });
    expect((await monthRow.getByRole('cell').allTextContents()).at(-1)).toBe('1');
    expect(await page.getByRole('img', { name: `Items finished each month of ${YEAR}` }).count()).toBe(1);
    expect(site.problems).toEqual([]);
  });

  it('every public shelf page works without JavaScript and passes axe in both themes', async () => {
    const item = await site.t.db.prisma.shelfItem.findFirstOrThrow({ where: { title: TITLE } });
    const noScript = await openNoScriptBrowser();
    try {
      const { page } = noScript;
      // The filters are a plain GET form, the item a plain link.
      await page.goto(`${site.url}/shelf`);
      await page.getByLabel('Kind').selectOption('book');
      await page.getByLabel('Status').selectOption('finished');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await page.waitForURL(/kind=book/);
      expect(new URL(page.url()).searchParams.get('status')).toBe('finished');
      await page.getByRole('list', { name: 'Shelf items' }).getByText(TITLE).waitFor();
      await page.getByRole('link', { name: TITLE }).click();
      await page.waitForURL(`**/shelf/${item.slug}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.getByRole('link', { name: 'Winter on Gethen' }).waitFor();
      await page.goto(`${site.url}/shelf/${YEAR}`);
      await page.getByRole('heading', { level: 1, name: `${YEAR} in review` }).waitFor();
      expect(noScript.problems).toEqual([]);
    } finally {
      await noScript.close();
    }
    // axe needs script: the pages as the server wrote them, with the app's code answered empty (as
    // pages.test.ts and dark-mode.test.ts check the pages without JavaScript).
    const { page } = site;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.route(/\/assets\/[\w-]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    try {
      const found: string[] = [];
      for (const path of ['/shelf?kind=book&status=finished', `/shelf/${item.slug}`, `/shelf/${YEAR}`]) {
        await page.goto(`${site.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        found.push(...(await axeInBothThemes(page, path)));
      }
      expect(found).toEqual([]);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    expect(site.problems).toEqual([]);
  });
});
