// The guarded screens: /profile needs a session, the admin screens an
// admin; anyone else lands on the home page, whether they type the address or follow a link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, restoreSession, signOutBrowser } from './support/accounts.ts';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { h1Text, pathOf } from './support/page-checks.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await openSite({ SITE_NAME: 'Pixel Diaries' });
});
afterAll(() => site?.close());

const ADMIN_SCREENS = [
  ['/new', 'New post'],
  ['/blog/123/edit', 'Edit post'],
  ['/new-upcoming', 'New Currently card'],
  ['/show-upcoming', 'Currently'],
] as const;

async function expectSentHome(path: string) {
  await site.page.goto(`${site.url}${path}`);
  await expect.poll(() => pathOf(site.page)).toBe('/');
  await expect.poll(() => h1Text(site.page)).toBe('Pixel Diaries');
}

describe('a visitor', () => {
  it('is sent home from the profile and from every admin screen', async () => {
    await signOutBrowser(site);
    for (const path of ['/profile', ...ADMIN_SCREENS.map(([screen]) => screen)]) await expectSentHome(path);
    expect(site.problems).toEqual([]);
  });

  it('is sent home even with an admin userInfo planted in local storage', async () => {
    await signOutBrowser(site);
    await site.page.evaluate(() =>
      localStorage.setItem('userInfo', JSON.stringify({ name: 'Mallory', email: 'm@example.com', isAdmin: true })),
    );
    for (const [path] of ADMIN_SCREENS) await expectSentHome(path);
    expect(await site.page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    expect(site.problems).toEqual([]);
  });
});

describe('a signed-in reader', () => {
  it('sees the profile, and is sent home from every admin screen', async () => {
    const reader = await createAccount(site, { name: 'Ada' });
    await restoreSession(site, reader, '/profile');
    await expect.poll(() => h1Text(site.page)).toBe('Profile');
    for (const [path] of ADMIN_SCREENS) await expectSentHome(path);
    // Claiming admin rights in local storage changes nothing: the server's answer at start-up wins.
    await site.page.evaluate(() => {
      const info = JSON.parse(localStorage.getItem('userInfo')!) as object;
      localStorage.setItem('userInfo', JSON.stringify({ ...info, isAdmin: true }));
    });
    await expectSentHome('/new-upcoming');
    expect(site.problems).toEqual([]);
  });
});

describe('an admin', () => {
  it('reaches every admin screen and the profile, each kept out of search engines', async () => {
    const admin = await createAccount(site, { isAdmin: true });
    await restoreSession(site, admin);
    for (const [path, heading] of [...ADMIN_SCREENS, ['/profile', 'Profile'] as const]) {
      await site.page.goto(`${site.url}${path}`);
      await expect.poll(() => h1Text(site.page)).toBe(heading);
      expect(pathOf(site.page)).toBe(path);
      const robots = await site.page
        .locator('head meta[name="robots"]')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('content')));
      expect(robots.length).toBeGreaterThan(0);
      expect(robots.every((content) => content === 'noindex')).toBe(true);
    }
    expect(site.problems).toEqual([]);
  });
});
