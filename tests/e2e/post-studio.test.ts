// The author's posts screen, /admin/posts, in a real browser against the real server: every post with
// its status, date and category; the search, the filters and the pages; and from each row Edit,
// Preview, Publish, Unpublish and Delete, checked as stored and as readers then see it; the backup
// it downloads. Also the header's author tools, shown to the admin only. And its layout: a table on a
// desktop and a card per post on a phone, with no word broken inside and every action in reach,
// passing axe in both themes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { importMessages } from '#kernel/import-rules.ts';
import { subscriberAdminMessages } from '#kernel/subscriber-admin-rules.ts';
import { subscriberMessages } from '#kernel/subscriber-rules.ts';
import { openPictureSource } from '../../server/modules/import/picture-source.ts';
import { sharedFixture } from '../support/shared-fixtures.ts';
import { zipOf } from '../support/zip-writer.ts';
import { checkBackup } from '../../server/modules/backup/site-backup.ts';
import { adminTests, footer, imageFiles, problemsBesidesStatus, signOutBrowser, toast } from './support/accounts.ts';
import { axeInBothThemes, axeViolations } from './support/axe.ts';
import { openNoScriptBrowser } from './support/no-script.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { boxes, brokenWords, lineCounts, sidewaysScroll } from './support/layout-checks.ts';
import { h1Text, pathOf, whileFilesHeld } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';
import { createCompletePost, createDraft } from './support/studio-content.ts';

let site: E2eSite;
const images = imageFiles();
adminTests({ name: 'Ada', height: 900, images }, (opened) => (site = opened));

const authorTools = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Author tools' });

/** The posts screen, reached from the header's author tools (no page load). */
async function openPosts(page: Page) {
  await authorTools(page).getByRole('link', { name: 'Posts', exact: true }).click();
  await expect.poll(() => h1Text(page)).toBe('Posts');
}

/** The list's rows as the author reads them: title, status, date, category. */
function rows(page: Page) {
  return page
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((cell) => (cell as HTMLElement).innerText.trim())),
    )
    .then((all) => all.map((cells) => cells.slice(0, 4)));
}

const titles = async (page: Page) => (await rows(page)).map(([title]) => title);
const row = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });

/** No post titled with this word is left from an earlier attempt of the test (a retry). */
async function fresh(word: string) {
  await site.t.db.prisma.post.deleteMany({ where: { title: { startsWith: word } } });
}

async function search(page: Page, words: string) {
  await page.getByRole('search', { name: 'Posts' }).getByLabel('Search').fill(words);
  await page.getByRole('search', { name: 'Posts' }).getByRole('button', { name: 'Search' }).click();
}

describe('the posts screen', () => {
  it('lists every post with its status, date and category; searches and filters by status and category', async () => {
    const { page } = site;
    await fresh('Lantern');
    const published = await createPost(site.t, { title: 'Lantern Published', category: 'game' });
    await createDraft(site.t, 'Lantern Draft');
    const scheduled = await createCompletePost(site.t, 'Lantern Scheduled', { status: 'SCHEDULED', category: 'book' });
    await page.goto(site.url);
    await openPosts(page);

    await search(page, 'Lantern');
    await expect.poll(() => pathOf(page)).toBe('/admin/posts?q=Lantern');
    // A reader's date only for the published one. (A search lists the best matches first: sorted here.)
    const expectedDate = await page.evaluate(
      (iso) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }),
      published.publishedAt!.toISOString(),
    );
    // A scheduled time in the site's time zone (UTC here), named, as the post editor reads "Publish at".
    const scheduledIso = scheduled.publishedAt!.toISOString();
    const scheduledFor = `${scheduled.publishedAt!.toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'medium' })}, ${scheduledIso.slice(11, 16)} UTC`;
    await expect
      .poll(async () => (await rows(page)).sort())
      .toEqual([
        ['Lantern Draft', 'Draft', 'Draft', '—'],
        ['Lantern Published', 'Published', expectedDate, 'Game'],
        ['Lantern Scheduled', 'Scheduled', `Scheduled for ${scheduledFor}`, 'Book'],
      ]);
    expect(await page.getByRole('status').filter({ hasText: 'posts' }).textContent()).toBe('3 posts');

    await page.getByLabel('Status').selectOption({ label: 'Draft' });
    await expect.poll(() => pathOf(page)).toBe('/admin/posts?q=Lantern&status=draft');
    await expect.poll(() => titles(page)).toEqual(['Lantern Draft']);

    await page.getByLabel('Status').selectOption({ label: 'All' });
    await page.getByLabel('Category').selectOption({ label: 'Book' });
    await expect.poll(() => titles(page)).toEqual(['Lantern Scheduled']);

    // Reloaded, the address keeps the list as it was.
    await page.reload();
    await expect.poll(() => titles(page)).toEqual(['Lantern Scheduled']);
    expect(await page.getByLabel('Category').inputValue()).toBe('book');
    expect(await page.getByRole('search', { name: 'Posts' }).getByLabel('Search').inputValue()).toBe('Lantern');

    await search(page, 'Lantern!');
    await page.getByText('Letters, numbers, spaces, dashes and underscores allowed').waitFor();
    await search(page, 'Nothing-like-this');
    await page.getByText('NOTHING FOUND').waitFor();
    expect(site.problems).toEqual([]);
  });

  it('pages through more than 15 posts with the paginator', async () => {
    const { page } = site;
    await fresh('Pebble');
    for (let i = 1; i <= 16; i += 1) await createDraft(site.t, `Pebble ${String(i).padStart(2, '0')}`);
    await page.goto(`${site.url}/admin/posts?q=Pebble`);
    await expect.poll(async () => (await titles(page)).length).toBe(15);
    expect((await titles(page))[0]).toBe('Pebble 16');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/posts?q=Pebble&page=2');
    await expect.poll(() => titles(page)).toEqual(['Pebble 01']);
    expect(site.problems).toEqual([]);
  });

  it('publishes a draft and unpublishes it again; readers see it only while published', async () => {
    const { page } = site;
    await fresh('Marble Ready');
    await fresh('Marble Neighbour');
    await createPost(site.t, { title: 'Marble Neighbour', category: 'book' });
    const draft = await createCompletePost(site.t, 'Marble Ready', { status: 'DRAFT' });
    await page.goto(`${site.url}/admin/posts?q=Marble`);
    await row(page, 'Marble Ready').getByRole('button', { name: 'Publish Marble Ready' }).click();
    await toast(page, '“Marble Ready” is published').waitFor();
    await expect.poll(() => rows(page).then((all) => all[0]?.[1])).toBe('Published');
    expect((await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe('PUBLISHED');
    expect(await row(page, 'Marble Ready').getByRole('link', { name: 'View Marble Ready' }).getAttribute('href')).toBe(
      `/blog/${draft.slug}`,
    );
    // The blog, read in the same visit, has it. (Waited for first: the admin's own row has the title.)
    await page.getByRole('banner').getByRole('link', { name: 'BLOG', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/blog');
    await page.getByRole('main').locator('.post-card').getByText('Marble Ready').first().waitFor();

    // So does the page of the post published before it, read in the same visit: it leads on to it.
    await page.goBack();
    await row(page, 'Marble Neighbour').getByRole('link', { name: 'View Marble Neighbour' }).click();
    const onward = page.locator('.post-ending').getByRole('link', { name: 'Marble Ready' });
    await onward.first().waitFor();
    await page.goBack();
    await row(page, 'Marble Ready').getByRole('button', { name: 'Unpublish Marble Ready' }).click();
    await toast(page, '“Marble Ready” is a draft again').waitFor();
    await expect.poll(() => rows(page).then((all) => all[0]?.[1])).toBe('Draft');
    expect((await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe('DRAFT');
    // Back on that page, it never leads to the draft, not even for a moment (a cached answer shows
    // at once, before the server's): the unpublishing made it stale.
    await page.evaluate((slug) => {
      const named = () => document.querySelector(`.post-ending a[href="/blog/${slug}"]`) !== null;
      const seen = { any: false };
      (window as unknown as { staleLink: typeof seen }).staleLink = seen;
      new MutationObserver(() => (seen.any ||= named())).observe(document.body, { childList: true, subtree: true });
    }, draft.slug);
    await page.goForward();
    await expect.poll(() => h1Text(page)).toBe('Marble Neighbour');
    await page.locator('.post-ending').waitFor();
    expect(await page.evaluate(() => (window as unknown as { staleLink: { any: boolean } }).staleLink.any)).toBe(false);
    expect(await onward.count()).toBe(0);
    await page.goBack();
    await page.getByRole('banner').getByRole('link', { name: 'BLOG', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/blog');
    await page.getByRole('main').locator('.post-card').first().waitFor();
    expect(await page.getByRole('main').getByText('Marble Ready').count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it("refuses to publish a draft that is not finished, with the server's message", async () => {
    const { page } = site;
    await fresh('Marble Idea');
    const draft = await createDraft(site.t, 'Marble Idea');
    await page.goto(`${site.url}/admin/posts?q=Marble`);
    await row(page, 'Marble Idea').getByRole('button', { name: 'Publish Marble Idea' }).click();
    await toast(page, '“Marble Idea” cannot be published yet: Image is required').waitFor();
    expect((await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe('DRAFT');
    expect(problemsBesidesStatus(site.problems, 400)).toEqual([]);
  });

  it('leads to the editor and to the preview of a draft', async () => {
    const { page } = site;
    await fresh('Quartz Notes');
    const draft = await createDraft(site.t, 'Quartz Notes');
    await page.goto(`${site.url}/admin/posts?q=Quartz`);
    await row(page, 'Quartz Notes').getByRole('link', { name: 'Preview Quartz Notes' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/blog/${draft.slug}`);
    await page.getByText('Preview: a draft').waitFor();
    await page.goBack();
    await row(page, 'Quartz Notes').getByRole('link', { name: 'Edit Quartz Notes' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/blog/${draft.id}/edit`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Quartz Notes');
    expect(site.problems).toEqual([]);
  });

  it("deletes a post only after 'Are you sure?' is accepted", async () => {
    const { page } = site;
    await fresh('Quartz Gone');
    const post = await createPost(site.t, { title: 'Quartz Gone' });
    await page.goto(`${site.url}/admin/posts?q=Quartz`);
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await row(page, 'Quartz Gone').getByRole('button', { name: 'Delete Quartz Gone' }).click();
    await expect.poll(() => questions).toEqual(['Are you sure?']);
    expect(await site.t.db.prisma.post.count({ where: { id: post.id } })).toBe(1);

    page.once('dialog', (dialog) => void dialog.accept());
    await row(page, 'Quartz Gone').getByRole('button', { name: 'Delete Quartz Gone' }).click();
    await toast(page, 'Blogpost has been deleted').waitFor();
    await expect.poll(() => titles(page)).not.toContain('Quartz Gone');
    expect(await site.t.db.prisma.post.count({ where: { id: post.id } })).toBe(0);
    expect(site.problems).toEqual([]);
  });
});

/** The search box and the two filters, each labelled, and a target a finger can hit (44 px). */
async function expectTappableFilters(page: Page) {
  const fields = [
    page.getByRole('search', { name: 'Posts' }).getByLabel('Search'),
    page.getByRole('search', { name: 'Posts' }).getByRole('button', { name: 'Search' }),
    page.getByLabel('Status'),
    page.getByLabel('Category'),
  ];
  for (const field of fields) expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // In the site's field style (form.css): its border and rounded corners, not the browser's own.
  for (const select of fields.slice(2)) {
    expect(await select.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('6px');
  }
}

/** The roles the browser itself gives the table's parts, as a screen reader receives them. */
async function tableRoles(page: Page, table: Locator) {
  await table.waitFor();
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const roles = nodes.filter((node) => !node.ignored).map((node) => String(node.role?.value));
    const named = (role: string) =>
      nodes.filter((node) => !node.ignored && node.role?.value === role).map((node) => String(node.name?.value));
    return {
      tables: roles.filter((role) => role === 'table').length,
      rows: roles.filter((role) => role === 'row').length,
      columnHeaders: named('columnheader'),
      rowHeaders: named('rowheader').sort(),
    };
  } finally {
    await cdp.detach();
  }
}

describe('the posts screen on a desktop and on a phone', () => {
  it('is a table at 1280 px and a card per post at 390 and 320 px, with no word broken, every action in reach, and nothing for axe in either theme', async () => {
    const { page } = site;
    await fresh('Harbour');
    await createPost(site.t, { title: 'Harbour Lights, reviewed at long last', category: 'game' });
    await createCompletePost(site.t, 'Harbour Scheduled', { status: 'SCHEDULED', category: 'anime' });
    await createDraft(site.t, 'Harbour Notes');
    const titlesShown = ['Harbour Lights, reviewed at long last', 'Harbour Notes', 'Harbour Scheduled'];
    await page.goto(`${site.url}/admin/posts?q=Harbour`);
    await expect.poll(async () => (await titles(page)).sort()).toEqual(titlesShown);
    const table = page.getByRole('table');
    const cells = table.locator('th, td');
    try {
      // A table: each header on one line, and no word of a header or a cell broken in two.
      expect(await table.evaluate((element) => getComputedStyle(element).display)).toBe('table');
      expect(await lineCounts(table.locator('thead th'))).toEqual([1, 1, 1, 1, 1]);
      expect(await brokenWords(cells)).toEqual([]);
      expect(await sidewaysScroll(page)).toBe(0);
      await expectTappableFilters(page);

      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await sidewaysScroll(page), `${width} px`).toBe(0);
        expect(await brokenWords(cells), `${width} px`).toEqual([]);
        await expectTappableFilters(page);
        // A card per post: its title, then its status, date and category each on a line of its own,
        // then its actions, all inside the card and the window, one card below the other.
        const cards = table.locator('tbody tr');
        let previousBottom = -Infinity;
        for (const card of await cards.all()) {
          const [box] = await boxes(card);
          expect(box!.top).toBeGreaterThanOrEqual(previousBottom);
          previousBottom = box!.bottom;
          expect(box!.left).toBeGreaterThanOrEqual(0);
          expect(box!.right).toBeLessThanOrEqual(width);
          const parts = await boxes(card.locator(':scope > th, :scope > td'));
          for (let i = 1; i < parts.length; i += 1) expect(parts[i]!.top).toBeGreaterThanOrEqual(parts[i - 1]!.bottom);
          for (const part of [...parts, ...(await boxes(card.locator('a, button')))]) {
            expect(part.left).toBeGreaterThanOrEqual(box!.left);
            expect(part.right).toBeLessThanOrEqual(box!.right);
            expect(part.bottom).toBeLessThanOrEqual(box!.bottom);
          }
        }
        // (After the boxes are read: a click scrolls its target into sight.)
        for (const action of await cards.locator('a, button').all()) {
          expect((await action.boundingBox())!.height).toBeGreaterThanOrEqual(44);
          // Visible, not covered by anything, and enabled: a click would land on it.
          await action.click({ trial: true });
        }
        // Still a table to a screen reader: its rows, its column headers, and each row named by its title.
        expect(await tableRoles(page, table)).toEqual({
          tables: 1,
          rows: 4,
          columnHeaders: ['Title', 'Status', 'Date', 'Category', 'Actions'],
          rowHeaders: titlesShown,
        });
      }
      // And an action works from a card.
      await row(page, 'Harbour Notes').getByRole('link', { name: 'Edit Harbour Notes' }).click();
      await expect.poll(() => h1Text(page)).toBe('Edit post');
      await page.goBack();

      const found: string[] = [];
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await expect.poll(async () => (await titles(page)).length).toBe(3);
          for (const violation of await axeViolations(page)) found.push(`${theme} ${width} ${violation}`);
        }
      }
      expect(found).toEqual([]);
      expect(site.problems).toEqual([]);
    } finally {
      await page.emulateMedia({ colorScheme: null });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

describe('the backup', () => {
  it('downloads the whole site as one archive from the posts screen, on a 390 px phone', async () => {
    const { page } = site;
    await createPost(site.t, { title: 'Backed up', category: 'book' });
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${site.url}/admin/posts`);
      await expect.poll(() => h1Text(page)).toBe('Posts');
      const link = page.getByRole('link', { name: 'Download a backup' });
      await link.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^blog-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
      // What `npm run import` would restore: every post and user there is now.
      const counts = await checkBackup(await download.path());
      const { prisma } = site.t.db;
      expect(counts).toMatchObject({ posts: await prisma.post.count(), users: await prisma.user.count() });
      expect(counts.posts).toBeGreaterThan(0);
      // Still on the posts screen: the download is a file, not a page.
      expect(pathOf(page)).toBe('/admin/posts');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(site.problems).toEqual([]);
  });
});

describe("the header's author tools", () => {
  it('show the author tools (New post, Posts, Currently, Settings, Pages…) to the admin, beside the footer links, and nothing to a visitor', async () => {
    const { page } = site;
    await page.goto(site.url);
    const links = authorTools(page).getByRole('link');
    await expect
      .poll(() => links.allTextContents())
      .toEqual([
        'New post',
        'Posts',
        'Currently',
        'Settings',
        'Pages',
        'Tags',
        'Redirects',
        'Navigation',
        'Shelf',
        'Import',
        'Comments',
        'Subscribers',
      ]);
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
      '/new',
      '/admin/posts',
      '/show-upcoming',
      '/admin/settings',
      '/admin/pages',
      '/admin/tags',
      '/admin/redirects',
      '/admin/navigation',
      '/admin/shelf',
      '/admin/import',
      '/admin/comments',
      '/admin/subscribers',
    ]);
    await footer(page).getByRole('link', { name: 'Create blog' }).waitFor();
    await authorTools(page).getByRole('link', { name: 'New post' }).click();
    await expect.poll(() => h1Text(page)).toBe('New post');

    await signOutBrowser(site);
    await footer(page).getByRole('link', { name: 'Login' }).waitFor();
    expect(await authorTools(page).count()).toBe(0);
    // And the screen itself sends a visitor home.
    await page.goto(`${site.url}/admin/posts`);
    await expect.poll(() => pathOf(page)).toBe('/');
    expect(site.problems).toEqual([]);
  });
});

describe('the import (issue 39)', () => {
  it('previews a Ghost export and its pictures at 390 px, keeps the mapping over a reload, imports with a progress bar, shows the result after a reload, and the post is public', async () => {
    const { page } = site;
    const ghost = sharedFixture('imports/ghost-6-export.json');
    const images = sharedFixture('imports/ghost-6-images');
    const scratch = mkdtempSync(path.join(tmpdir(), 'e2e-import-'));
    const picturesZip = path.join(scratch, 'pictures.zip');
    writeFileSync(
      picturesZip,
      zipOf(
        readdirSync(images, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => ({
            name: path.relative(images, path.join(entry.parentPath, entry.name)),
            data: readFileSync(path.join(entry.parentPath, entry.name)),
          })),
      ),
    );
    // What an earlier attempt imported goes (a retry imports it all again).
    const { prisma } = site.t.db;
    const earlier = await prisma.importedItem.findMany();
    const ids = (kind: string) => earlier.filter((row) => row.kind === kind).map((row) => row.targetId);
    await prisma.post.deleteMany({ where: { id: { in: ids('post') } } });
    await prisma.page.deleteMany({ where: { id: { in: ids('page') } } });
    await prisma.importedItem.deleteMany();
    const pictures = await openPictureSource(images);
    const expected = await site.t.app.services.imports.preview(ghost, { pictures });
    await pictures.close();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await authorTools(page).getByRole('link', { name: 'Import', exact: true }).click();
      await expect.poll(() => h1Text(page)).toBe('Import');
      // A file that is no export: the server's words, and the form as it was.
      const exportField = page.getByLabel('Export file (WordPress .xml, Ghost .json, or a zip of Markdown)');
      const notAnExport = path.join(scratch, 'page.xml');
      writeFileSync(notAnExport, '<html><body>Hi</body></html>');
      await exportField.setInputFiles(notAnExport);
      await page.getByLabel('Pictures (a zip, optional)').setInputFiles(picturesZip);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('alert').getByText(importMessages.notAnExport).waitFor();
      expect(
        await page
          .getByLabel('Pictures (a zip, optional)')
          .evaluate((input) => (input as HTMLInputElement).files?.[0]?.name),
      ).toBe('pictures.zip');
      expect(problemsBesidesStatus(site.problems, 400)).toEqual([]);
      site.problems.length = 0;

      await exportField.setInputFiles(ghost);
      await page.getByRole('button', { name: 'Preview' }).click();

      // What the export holds, as the service counts it.
      await page.getByRole('heading', { name: 'ghost-6-export.json: a Ghost export' }).waitFor();
      const counts = () =>
        page
          .locator('.import-counts > div')
          .evaluateAll((pairs) => pairs.map((pair) => (pair as HTMLElement).innerText.replace(/\s+/g, ' ')));
      expect(await counts()).toEqual([
        `Posts ${expected.posts}`,
        `Pages ${expected.pages}`,
        `Tags ${expected.tags}`,
        `Pictures ${expected.pictures}`,
        `Comments ${expected.comments}`,
        'Already imported 0',
      ]);
      expect(await page.getByLabel('Games (1 post)').inputValue()).toBe('game');
      await page.getByRole('list', { name: 'Pictures not found' }).getByText('feature-image.jpg').waitFor();
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // The author's choices survive a reload: the job is in the address, the choices in the tab.
      await page.getByLabel('News (1 post)').selectOption('skip');
      await page.getByLabel('Posts no category maps to one of the four').selectOption('anime');
      await page.reload();
      await page.getByRole('heading', { name: 'ghost-6-export.json: a Ghost export' }).waitFor();
      expect(await page.getByLabel('News (1 post)').inputValue()).toBe('skip');
      expect(await page.getByLabel('Posts no category maps to one of the four').inputValue()).toBe('anime');

      // Importing: the progress bar, while the server's answers about the job wait.
      await whileFilesHeld(page, /\/api\/import\/[^/]+$/, async (release) => {
        await page.getByRole('button', { name: `Import ${expected.posts} posts and ${expected.pages} pages` }).click();
        await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
        expect(await sidewaysScroll(page)).toBe(0);
        release();
      });
      const result = page.getByText(`Imported ${expected.posts} posts, ${expected.pages} pages,`);
      await result.waitFor();
      expect(await result.textContent()).toContain('2 pictures');
      // Reloaded: the job's result, from the server.
      await page.reload();
      await result.waitFor();
      expect(new URL(page.url()).searchParams.get('job')).toMatch(/^[0-9a-f-]{36}$/);
      await page.getByRole('list', { name: 'Pictures not found' }).getByText('feature-image.jpg').waitFor();

      // The post on the public site, in the category chosen for posts without one.
      const stored = await prisma.post.findUniqueOrThrow({ where: { slug: 'a-day-on-rottnest-island' } });
      expect([stored.status, stored.category]).toEqual(['PUBLISHED', 'anime']);
      // News was mapped to nothing: no tag of that name came in.
      expect(await prisma.tag.count({ where: { slug: 'news' } })).toBe(0);
      await page.goto(`${site.url}/blog/a-day-on-rottnest-island`);
      await expect.poll(() => h1Text(page)).toBe('A Day on Rottnest Island');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
      rmSync(scratch, { recursive: true, force: true });
    }
    expect(site.problems).toEqual([]);
  });
});

describe('the subscribers (issue 40)', () => {
  it('at 390 px: counts, pages of 50, search and status, remove after a question, a CSV previewed then imported; the test e-mail refused without SMTP', async () => {
    const { page } = site;
    const { prisma } = site.t.db;
    await prisma.subscriber.deleteMany();
    const start = Date.UTC(2026, 0, 1);
    await prisma.subscriber.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        email: `reader${String(i).padStart(3, '0')}.with.a.rather.long.address@example.com`,
        status: i % 11 === 0 ? ('unsubscribed' as const) : i % 7 === 0 ? ('pending' as const) : ('confirmed' as const),
        consentSource: 'form',
        unsubscribeKey: randomBytes(24).toString('base64url'),
        createdAt: new Date(start + i * 60_000),
        confirmedAt: i % 7 === 0 ? null : new Date(start + i * 60_000),
      })),
    });
    const scratch = mkdtempSync(path.join(tmpdir(), 'e2e-subscribers-'));
    const emails = () => page.getByRole('table').locator('tbody th').allTextContents();
    try {
      await page.goto(site.url);
      await authorTools(page).getByRole('link', { name: 'Subscribers', exact: true }).click();
      await expect.poll(() => h1Text(page)).toBe('Subscribers');
      // At 1280 px a table, as wide as the page's column and no wider, long addresses and all.
      const table = page.getByRole('table');
      await table.waitFor();
      expect(
        await table.evaluate(
          (element) => element.getBoundingClientRect().right - element.parentElement!.getBoundingClientRect().right,
        ),
      ).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 390, height: 844 });
      const counts = page.getByRole('list', { name: 'Subscribers by status' });
      await expect.poll(() => counts.innerText()).toMatch(/43 confirmed\s+7 waiting for confirmation\s+5 unsubscribed/);
      await expect.poll(async () => (await emails()).length).toBe(50);
      expect((await emails())[0]).toBe('reader054.with.a.rather.long.address@example.com');
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeInBothThemes(page, 'subscribers')).toEqual([]);
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
      await expect.poll(() => emails()).toHaveLength(5);

      await page.getByRole('search', { name: 'Subscribers' }).getByLabel('Search by address').fill('reader01');
      await page.getByRole('search', { name: 'Subscribers' }).getByRole('button', { name: 'Search' }).click();
      await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Waiting for confirmation' });
      await expect.poll(() => pathOf(page)).toBe('/admin/subscribers?q=reader01&status=pending');
      await expect.poll(() => emails()).toEqual(['reader014.with.a.rather.long.address@example.com']);

      // Remove: asked first; dismissed, nothing goes; accepted, it is gone.
      const questions: string[] = [];
      page.once('dialog', (dialog) => {
        questions.push(dialog.message());
        void dialog.dismiss();
      });
      const remove = page.getByRole('button', { name: 'Remove reader014.with.a.rather.long.address@example.com' });
      await remove.click();
      await expect.poll(() => questions).toHaveLength(1);
      expect(await prisma.subscriber.count()).toBe(55);
      page.once('dialog', (dialog) => void dialog.accept());
      await remove.click();
      await toast(page, 'reader014.with.a.rather.long.address@example.com is removed').waitFor();
      await page.getByText('NOTHING FOUND').waitFor();
      expect(await prisma.subscriber.count()).toBe(54);

      // A Ghost export: previewed (nothing written), then imported.
      const ghost = path.join(scratch, 'ghost-members.csv');
      writeFileSync(
        ghost,
        [
          'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers',
          '1,imported.one@example.com,One,,true,,,2023-04-01T10:00:00.000Z,,,',
          '2,imported.two@example.com,Two,,true,,,2023-04-02T10:00:00.000Z,,,',
          '3,left.ghost@example.com,Left,,false,,,2023-04-03T10:00:00.000Z,,,',
          '4,oops,Oops,,true,,,2023-04-04T10:00:00.000Z,,,',
          '5,reader001.with.a.rather.long.address@example.com,Known,,true,,,2023-04-05T10:00:00.000Z,,,',
        ].join('\n'),
      );
      const notCsv = path.join(scratch, 'people.csv');
      writeFileSync(notCsv, 'name,city\nAda,London\n');
      const file = page.getByLabel('CSV file');
      await file.setInputFiles(notCsv);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByText(subscriberAdminMessages.noEmailColumn).waitFor();
      expect(problemsBesidesStatus(site.problems, 400)).toEqual([]);
      site.problems.length = 0;
      await file.setInputFiles(ghost);
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('status').filter({ hasText: 'From Ghost' });
      await preview.waitFor();
      expect((await preview.innerText()).replace(/\s+/g, ' ')).toContain(
        'From Ghost: 2 new subscribers 1 address already here (left as they are) 1 row unsubscribed there (skipped) 1 row without a valid address (skipped) Line 5: “oops”',
      );
      expect(await prisma.subscriber.count()).toBe(54);
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Import 2 subscribers' }).click();
      await toast(page, '2 subscribers imported').waitFor();
      expect(
        (
          await prisma.subscriber.findMany({ where: { consentSource: 'imported:ghost' }, orderBy: { email: 'asc' } })
        ).map((row) => `${row.email} ${row.status}`),
      ).toEqual(['imported.one@example.com confirmed', 'imported.two@example.com confirmed']);
      expect(await prisma.outboxMessage.count({ where: { to: { startsWith: 'imported.' } } })).toBe(0);

      // The post editor's test e-mail: this site has no SMTP_URL, and says so.
      const draft = await createDraft(site.t, 'Subscribers test draft');
      await page.goto(`${site.url}/blog/${draft.id}/edit`);
      await page.getByRole('button', { name: 'Send a test e-mail' }).click();
      await toast(page, subscriberAdminMessages.mailNotConfigured).waitFor();
      // The refusal is the answer's status (400), which the browser reports.
      expect(problemsBesidesStatus(site.problems, 400)).toEqual([]);
      site.problems.length = 0;
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
      rmSync(scratch, { recursive: true, force: true });
    }
    expect(site.problems).toEqual([]);
  });

  it('/subscribe without JavaScript: a page of the site, its form, "check your mailbox" and a refusal in the layout, nothing for axe in either theme', async () => {
    const reader = await openNoScriptBrowser();
    try {
      const { page } = reader;
      await page.goto(`${site.url}/subscribe`);
      await page.getByRole('banner').waitFor();
      await page.getByRole('contentinfo').waitFor();
      expect(await h1Text(page)).toBe('Follow by e-mail');
      await page.getByRole('main').getByLabel('E-mail').fill('no.script@example.com');
      await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click();
      await page.waitForURL(`${site.url}/subscribe/sent`);
      await page.getByRole('banner').waitFor();
      expect(await h1Text(page)).toBe('Check your mailbox');
      await page.getByText(subscriberMessages.checkMailbox).waitFor();
      expect(await site.t.db.prisma.subscriber.findUnique({ where: { email: 'no.script@example.com' } })).toMatchObject(
        {
          status: 'pending',
        },
      );
      expect(reader.problems).toEqual([]);
    } finally {
      await reader.close();
    }

    // Refused (an address the browser let through but the server does not take): the site's page
    // again, the address kept, the refusal beside its field.
    const refused = await fetch(`${site.url}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'not an address', homepage: '' }),
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('<header');
    expect(html).toContain('You are not subscribed yet');
    expect(html).toContain(subscriberMessages.emailInvalid);
    expect(html).toMatch(
      /value="not an address"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*value="not an address"/,
    );

    // axe needs script: the pages as the server wrote them, with the app's code answered empty (as
    // pages.test.ts checks the pages without JavaScript).
    const { page } = site;
    await page.route(/\/assets\/[\w-]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    try {
      for (const [address, heading] of [
        ['/subscribe', 'Follow by e-mail'],
        ['/subscribe/sent', 'Check your mailbox'],
        ['/subscribe?email=not+an+address&refused=email', 'You are not subscribed yet'],
      ] as const) {
        await page.goto(`${site.url}${address}`);
        expect(await h1Text(page)).toBe(heading);
        expect(await axeInBothThemes(page, address)).toEqual([]);
      }
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    expect(site.problems).toEqual([]);
  });
});
