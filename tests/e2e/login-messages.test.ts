// What a reader signing in is told, and where: a refused login at the form as well as in its toast,
// toasts that leave the header (the Menu button on a phone) free, and no stale error after success.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, problemsBesidesStatus, signOutBrowser, toast } from './support/accounts.ts';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { accessibleNodes, menuSummary, pathOf } from './support/page-checks.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await openDesktopSite();
  // The first page a new browser opens is slow to come: not inside a test's time.
  await site.page.goto(site.url);
});
afterAll(() => site?.close());
beforeEach(async () => {
  await signOutBrowser(site);
  site.problems.length = 0;
});

async function tryLogin(email: string, password: string) {
  const { page } = site;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

describe('a refused login', () => {
  it('shows the message at the form too, and a successful login then takes the error toast away', async () => {
    const { page } = site;
    const reader = await createAccount(site);
    await page.goto(`${site.url}/login`);
    await tryLogin(reader.email, 'not the password');
    await toast(page, 'Invalid email or password').waitFor();
    const form = page.locator('form');
    await expect.poll(() => form.getByText('Invalid email or password').count()).toBe(1);
    // The form names the message as its description, for a screen reader coming back to it.
    const describedBy = await form.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Invalid email or password');

    await tryLogin(reader.email, reader.password);
    await toast(page, 'Logged in successfully').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/');
    // Well before its 5 s are up, the stale error has gone.
    await expect.poll(() => toast(page, 'Invalid email or password').count(), { timeout: 2_000 }).toBe(0);
    expect(problemsBesidesStatus(site.problems, 401)).toEqual([]);
  });
});

describe('toasts on a 390 px phone', () => {
  it('sit below the header: the Menu stays uncovered and opens', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const reader = await createAccount(site);
      await page.goto(`${site.url}/login`);
      await tryLogin(reader.email, 'not the password');
      const message = toast(page, 'Invalid email or password');
      await message.waitFor();
      // Wait for its entrance to finish: its box is then where it stays.
      await page.waitForTimeout(800);

      const menu = menuSummary(page);
      const menuBox = await boxOf(menu);
      const toastBox = await boxOf(message);
      const header = await boxOf(page.getByRole('banner'));
      expect(toastBox.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
      expect(toastBox.y).toBeGreaterThanOrEqual(menuBox.y + menuBox.height);

      await menu.click();
      expect(await accessibleNodes(page, 'Menu')).toEqual([{ role: 'DisclosureTriangle', expanded: true }]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(problemsBesidesStatus(site.problems, 401)).toEqual([]);
  });
});
