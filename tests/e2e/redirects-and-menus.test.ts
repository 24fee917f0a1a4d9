// Issue 36 in the browser: the author adds redirects at /admin/redirects (reached from the author
// tools; a refused one shows its field error; 390 px; axe in both themes) and the old address then
// leads on, in a browser with JavaScript and in one without.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectMessages } from '#kernel/messages.ts';
import { createAccount, problemsBesidesStatus, restoreSession, toast, type Account } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { sidewaysScroll } from './support/layout-checks.ts';
import { openNoScriptBrowser } from './support/no-script.ts';
import { h1Text, pathOf } from './support/page-checks.ts';

let site: E2eSite;
let admin: Account;
beforeAll(async () => {
  site = await openDesktopSite();
  admin = await createAccount(site, { isAdmin: true, name: 'Ada Admin' });
}, 60_000);
afterAll(() => site?.close());

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
