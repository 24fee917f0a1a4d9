// Issue 36 in the browser: the author adds redirects at /admin/redirects (reached from the author
// tools; a refused one shows its field error; 390 px; axe in both themes) and the old address then
// leads on, in a browser with JavaScript and in one without; and the author adds an entry to the
// header's menu at /admin/navigation, which every page's header then shows, with and without
// JavaScript.
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { menuMessages, redirectMessages } from '#kernel/messages.ts';
import {
  createAccount,
  problemsBesidesStatus,
  restoreSession,
  toast,
  withAppCookie,
  type Account,
} from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { sidewaysScroll } from './support/layout-checks.ts';
import { openNoScriptBrowser } from './support/no-script.ts';
import { appOwnsH1, h1Text, pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
let admin: Account;
beforeAll(async () => {
  site = await openDesktopSite();
  admin = await createAccount(site, { isAdmin: true, name: 'Ada Admin' });
}, 60_000);
afterAll(() => site?.close());
// Each test answers for what the browser logged during it.
beforeEach(() => {
  site.problems.length = 0;
});

/** axe's findings on the page as it is, in both themes. */
async function axeInBothThemes(label: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await site.page.emulateMedia({ colorScheme: theme });
    for (const violation of await axeViolations(site.page)) found.push(`${label} ${theme}: ${violation}`);
  }
  return found;
}

describe('redirects in the studio', () => {
  it('the author adds a redirect at 390 px; a refused one says why; the old address leads on, with and without JavaScript', async () => {
    const { page } = site;
    await site.t.db.prisma.redirect.deleteMany();
    await restoreSession(site, admin, '/');
    await page.getByRole('navigation', { name: 'Author tools' }).getByRole('link', { name: 'Redirects' }).click();
    await expect.poll(() => h1Text(page)).toBe('Redirects');
    await page.setViewportSize({ width: 390, height: 800 });

    // A live address: the server's message under the field, and nothing added.
    await page.getByLabel('From', { exact: true }).fill('/about');
    await page.getByLabel('To', { exact: true }).fill('/blog');
    await page.getByRole('button', { name: 'Add redirect' }).click();
    await page.locator('.form-field-error').getByText(redirectMessages.live).waitFor();
    expect(await site.t.db.prisma.redirect.count()).toBe(0);
    // A bad target, caught by the same rule before anything is sent.
    await page.getByLabel('From', { exact: true }).fill('/old-shelf');
    await page.getByLabel('To', { exact: true }).fill('ftp://example.org');
    await page.getByRole('button', { name: 'Add redirect' }).click();
    await page.locator('.form-field-error').getByText(redirectMessages.toTarget).waitFor();

    await page.getByLabel('To', { exact: true }).fill('/about');
    await page.getByLabel('Kind').selectOption('302');
    await page.getByRole('button', { name: 'Add redirect' }).click();
    await toast(page, 'Redirect has been added').waitFor();
    const list = page.getByRole('list', { name: 'Redirects' });
    const row = list.getByRole('listitem').filter({ hasText: '/old-shelf' });
    expect(await row.textContent()).toContain('Temporary (302)');
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('');
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await axeInBothThemes('/admin/redirects at 390 px')).toEqual([]);

    // The old address leads on: in this browser, and in one without JavaScript.
    await page.goto(`${site.url}/old-shelf?from=mail`);
    await expect.poll(() => pathOf(page)).toBe('/about?from=mail');
    await expect.poll(() => h1Text(page)).toBe('About');
    const noScript = await openNoScriptBrowser();
    try {
      await noScript.page.goto(`${site.url}/old-shelf`);
      expect(new URL(noScript.page.url()).pathname).toBe('/about');
      expect(noScript.problems).toEqual([]);
    } finally {
      await noScript.close();
    }
    // The refused redirect's answer (400) is the only thing the browser logged.
    expect(problemsBesidesStatus(site.problems, 400)).toEqual([]);
  });
});

describe('menus in the studio', () => {
  it('the author adds a header entry at 390 px (checked, moved with the keyboard, kept on leaving), and the header shows it with and without JavaScript', async () => {
    const { page } = site;
    await site.t.db.prisma.menu.deleteMany();
    await site.t.db.prisma.redirect.deleteMany();
    await site.t.db.prisma.redirect.create({ data: { from: '/old-shelf', to: '/about', permanent: true } });
    await restoreSession(site, admin, '/');
    await page.getByRole('navigation', { name: 'Author tools' }).getByRole('link', { name: 'Navigation' }).click();
    await expect.poll(() => h1Text(page)).toBe('Navigation');
    await page.setViewportSize({ width: 390, height: 800 });
    const header = page.getByRole('region', { name: 'Header menu' });
    const entries = header.getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(7);

    await header.getByRole('button', { name: 'Add an entry to the header menu' }).click();
    const added = entries.nth(7);
    // The new entry's label has the focus; saving it empty says why under the field.
    await expect.poll(() => added.getByLabel('Label').evaluate((input) => input === document.activeElement)).toBe(true);
    await header.getByRole('button', { name: 'Save the header menu' }).click();
    await added.getByText(menuMessages.label).waitFor();
    await added.getByLabel('Label').fill('OLD SHELF');
    await added.getByLabel('Leads to').selectOption('url');
    await added.getByLabel(/^Address/).fill('/old-shelf');

    // Leaving with the entry unsaved asks first; staying keeps it.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('navigation', { name: 'Author tools' }).getByRole('link', { name: 'Posts' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/navigation');
    expect(await added.getByLabel('Label').inputValue()).toBe('OLD SHELF');

    // Moved up one place from the keyboard: the focus stays on its Move up.
    await added.getByRole('button', { name: 'Move up OLD SHELF' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        entries
          .nth(6)
          .getByRole('button', { name: 'Move up OLD SHELF' })
          .evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await axeInBothThemes('/admin/navigation at 390 px')).toEqual([]);
    await header.getByRole('button', { name: 'Save the header menu' }).click();
    await toast(page, 'Header menu has been saved').waitFor();
    const stored = await site.t.db.prisma.menu.findUniqueOrThrow({ where: { name: 'header' } });
    expect((stored.items as Array<{ label: string }>).map((item) => item.label)).toEqual([
      'ABOUT',
      'BLOG',
      'GAMES',
      'ANIME',
      'BOOKS',
      'TV',
      'OLD SHELF',
      'HIRE ME',
    ]);

    // The header shows it at once, in this page; its link loads the address, which redirects.
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await page.locator('summary.menu-button').click();
    const navLabels = () => mainNav.getByRole('link').allTextContents();
    await expect.poll(navLabels).toEqual(['ABOUT', 'BLOG', 'GAMES', 'ANIME', 'BOOKS', 'TV', 'OLD SHELF', 'HIRE ME']);
    expect(await axeInBothThemes('the header with its Menu open at 390 px')).toEqual([]);
    await mainNav.getByRole('link', { name: 'OLD SHELF' }).click();
    await expect.poll(() => pathOf(page)).toBe('/about');

    const noScript = await openNoScriptBrowser();
    try {
      await noScript.page.goto(`${site.url}/blog`);
      const link = noScript.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'OLD SHELF' });
      expect(await link.getAttribute('href')).toBe('/old-shelf');
      await link.click();
      await expect.poll(() => new URL(noScript.page.url()).pathname).toBe('/about');
      expect(noScript.problems).toEqual([]);
    } finally {
      await noScript.close();
    }
    expect(site.problems).toEqual([]);
  });
});

describe('an old address reached by a link inside the app', () => {
  it('leads where a full load leads (a redirect, a renamed tag), and a missing one shows the 404 once, asked once', async () => {
    const { page, t } = site;
    // The app is the signed-in author's (a session cookie gets it); a reader's links are full loads.
    await withAppCookie(page, site.url);
    await t.db.prisma.redirect.deleteMany();
    await t.db.prisma.page.deleteMany({ where: { slug: 'old-links' } });
    await t.app.services.redirects.create({ from: '/old-shelf', to: '/about', permanent: true });
    await t.app.services.redirects.create({ from: '/blog/retired-review', to: '/hire-me', permanent: false });
    const post = await createPost(t, { title: 'A post with a tag' });
    const { title, subtitle, content, category } = post;
    // Named afresh on each attempt: a retry finds the last attempt's tags.
    const n = post.id.slice(-4).replace(/[^0-9a-z]/g, '');
    await t.app.services.posts.update(post.id, { title, subtitle, content, category, tags: [`Shelf Finds ${n}`] });
    const tag = await t.db.prisma.tag.findUniqueOrThrow({ where: { slug: `shelf-finds-${n}` } });
    await t.app.services.tags.rename(tag.id, `Bookshelf Finds ${n}`);
    await t.app.services.pages.create({
      title: 'Old links',
      slug: 'old-links',
      status: 'PUBLISHED',
      content:
        `<p><a href="/old-shelf">A redirect</a> <a href="/tag/shelf-finds-${n}">A renamed tag</a> ` +
        '<a href="/blog/retired-review">A retired post</a> <a href="/no-such-shelf">Nothing</a></p>',
    });
    // What the browser asks of each old address: the app's question (HEAD), and any full load.
    const asked = new Map<string, string[]>();
    const onResponse = (response: Response) => {
      const { pathname } = new URL(response.url());
      if (!['/old-shelf', `/tag/shelf-finds-${n}`, '/blog/retired-review', '/no-such-shelf'].includes(pathname)) return;
      const request = response.request();
      const seen = `${request.method()}${request.isNavigationRequest() ? ' load' : ''} ${response.status()}`;
      asked.set(pathname, [...(asked.get(pathname) ?? []), seen]);
    };
    page.on('response', onResponse);

    /** The page of old links, taken over by the app: its links are then followed inside the app. */
    const openOldLinks = async () => {
      await page.goto(`${site.url}/old-links`);
      await expect.poll(() => h1Text(page)).toBe('Old links');
      await expect.poll(() => appOwnsH1(page)).toBe(true);
    };
    try {
      for (const [link, from, to, heading, status] of [
        ['A redirect', '/old-shelf', '/about', 'About', 301],
        ['A renamed tag', `/tag/shelf-finds-${n}`, `/tag/bookshelf-finds-${n}`, `Tagged “Bookshelf Finds ${n}”`, 301],
        ['A retired post', '/blog/retired-review', '/hire-me', 'Hire me', 302],
      ] as const) {
        await openOldLinks();
        await page.getByRole('main').getByRole('link', { name: link }).click();
        await expect.poll(() => pathOf(page), { message: link }).toBe(to);
        await expect.poll(() => h1Text(page), { message: link }).toBe(heading);
        // The app asked the server, heard a redirect, and loaded the address: the server's redirect led on.
        expect(asked.get(from)).toEqual([`HEAD ${status}`, `GET load ${status}`]);
      }

      await openOldLinks();
      await page.getByRole('main').getByRole('link', { name: 'Nothing' }).click();
      await expect.poll(() => h1Text(page)).toBe('Page not found');
      expect(pathOf(page)).toBe('/no-such-shelf');
      expect(await page.title()).toBe('Page not found (404) | Pixel Diaries');
      // Asked once, answered 404, and not loaded again: no loop; the app's history is as it was.
      expect(asked.get('/no-such-shelf')).toEqual(['HEAD 404']);
      await page.goBack();
      await expect.poll(() => h1Text(page)).toBe('Old links');
      // A full load of it (the server's own 404) asks nothing more.
      await page.goto(`${site.url}/no-such-shelf`);
      await expect.poll(() => h1Text(page)).toBe('Page not found');
      await expect.poll(() => appOwnsH1(page)).toBe(true);
      expect(asked.get('/no-such-shelf')).toEqual(['HEAD 404', 'GET load 404']);
    } finally {
      page.off('response', onResponse);
    }
    expect(site.problems).toEqual([]);
  });
});
