// The site's settings at /admin/settings (issue 36), on a phone-sized screen: the author changes the
// title, the bio and a social link (and orders the links); typed work survives a reload; the header
// follows the save at once; and without a restart the home page, /about, the feed's title and the
// JSON-LD show the new settings, with JavaScript on and off.
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { siteSettingsMessages } from '#kernel/messages.ts';
import { adminTests, imageFiles, problemsBesidesStatus, toast } from './support/accounts.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { sidewaysScroll } from './support/layout-checks.ts';
import { openNoScriptBrowser } from './support/no-script.ts';
import { h1Text, pathOf } from './support/page-checks.ts';

let site: E2eSite;
const images = imageFiles();
adminTests({ name: 'Grace', height: 844, images }, (opened) => (site = opened));

const TITLE = 'Lamplight Reviews';
const BIO = 'I review games slowly, one evening at a time.';
const MAIL_FROM = 'Grace Hopper <letters@grace.example>';

describe('the settings screen', () => {
  it('saves the title, bio and links, and every page shows them without a restart, with and without JavaScript', async () => {
    const { page } = site;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(site.url);
    await page.getByRole('navigation', { name: 'Author tools' }).getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/settings');
    await expect.poll(() => h1Text(page)).toBe('Settings');

    await page.getByLabel('Site title').fill(TITLE);
    await page.getByLabel('Bio').fill(BIO);
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByLabel('Link 1 label').fill('GitHub');
    await page.getByLabel('Link 1 address').fill('https://github.com/grace');
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByLabel('Link 2 label').fill('Mastodon');
    await page.getByLabel('Link 2 address').fill('not an address');
    // The pictures (issue 36): the author's and the home banner's.
    await page.getByLabel('Author name').fill('Grace Hopper');
    // Issue 40: the From of the site's e-mail, first mistyped.
    await page.getByLabel('From address for e-mails').fill('Grace <letters@>');
    await page.getByLabel("Author's picture").setInputFiles(await images.write({ width: 400, height: 400 }));
    await page.getByLabel('Home banner picture').setInputFiles(await images.write({ width: 1600, height: 500 }));
    // The banner's focal point, moved from the keyboard: 10 % from the left, 30 % from the top.
    const bannerFocus = page.getByRole('button', { name: /^Focal point of the home banner:/ });
    await bannerFocus.focus();
    for (const key of ['Shift+ArrowLeft', 'Shift+ArrowLeft', 'Shift+ArrowUp']) await page.keyboard.press(key);
    const FOCUSED = 'Focal point of the home banner: 10% from the left, 30% from the top';
    expect(await bannerFocus.getAttribute('aria-label')).toBe(FOCUSED);

    // Typed work outlives a reload (kept in this browser until the server has it), pictures too.
    await page.reload();
    await page.getByText('Draft restored').waitFor();
    await expect
      .poll(() => page.getByLabel('Home banner picture').evaluate((input: HTMLInputElement) => input.files?.length))
      .toBe(1);
    expect(await page.getByLabel('Bio').inputValue()).toBe(BIO);
    expect(await page.getByLabel('Link 2 address').inputValue()).toBe('not an address');
    expect(await page.getByLabel('From address for e-mails').inputValue()).toBe('Grace <letters@>');
    expect(await bannerFocus.getAttribute('aria-label')).toBe(FOCUSED);

    // The rules the server applies, checked here first; nothing is sent while one fails.
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Not a valid address: it must start with http:// or https://').waitFor();
    await page.getByText(siteSettingsMessages.mailFromInvalid).waitFor();
    await page.getByLabel('Link 2 address').fill('https://mastodon.social/@grace');
    await page.getByLabel('From address for e-mails').fill(MAIL_FROM);
    await page.getByRole('button', { name: 'Move up: link 2' }).click();
    expect(await page.getByLabel('Link 1 label').inputValue()).toBe('Mastodon');

    expect(await sidewaysScroll(page)).toBe(0);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expect(await axeViolations(page), theme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: null });

    await page.getByRole('button', { name: 'Save settings' }).click();
    await toast(page, 'Settings saved').waitFor();
    // The header follows from the answer, in the same page load.
    await page.getByRole('link', { name: `${TITLE}, home page` }).waitFor();
    expect(
      await site.t.db.prisma.siteSetting.findUniqueOrThrow({ where: { id: 1 }, include: { banner: true } }),
    ).toMatchObject({
      banner: { focusX: 0.1, focusY: 0.3 },
      title: TITLE,
      bio: BIO,
      mailFrom: MAIL_FROM,
      avatarId: expect.any(String),
      bannerId: expect.any(String),
      socialLinks: [
        { label: 'Mastodon', url: 'https://mastodon.social/@grace' },
        { label: 'GitHub', url: 'https://github.com/grace' },
      ],
    });

    // Read back from the server on a fresh load.
    await page.reload();
    expect(await page.getByLabel('From address for e-mails').inputValue()).toBe(MAIL_FROM);

    // In the app: /about shows the bio and the links in their order.
    await page.getByRole('link', { name: `${TITLE}, home page` }).click();
    await expect.poll(() => h1Text(page)).toBe(TITLE);
    // The home banner shows the author's picture, in the page the app changed to.
    expect(await page.locator('.home-banner img').getAttribute('src')).toMatch(/^\/uploads\/.+\.webp$/);
    await page.goto(`${site.url}/about`);
    await page.getByText(BIO).waitFor();
    const aboutLinks = page.getByRole('main').getByRole('link', { name: /^(Mastodon|GitHub)$/ });
    expect(await aboutLinks.allTextContents()).toEqual(['Mastodon', 'GitHub']);
    expect(await page.title()).toBe(`About | ${TITLE}`);

    // A fresh load with JavaScript: the home page's JSON-LD.
    await page.goto(site.url);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(jsonLd).toMatchObject({ '@type': 'WebSite', name: TITLE });
    // The banner's words stay readable over the author's picture (no toast left over from the save).
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expect(await axeViolations(page), `home, ${theme}`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: null });

    // Without JavaScript: what the server wrote.
    const noScript = await openNoScriptBrowser();
    try {
      const plain = noScript.page;
      await plain.goto(site.url);
      expect(await plain.title()).toBe(TITLE);
      // The admin's only: never in a public page, its JSON-LD or the state it hydrates from.
      expect(await plain.content()).not.toContain('letters@grace.example');
      expect(await plain.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
      const banner = plain.locator('.home-banner img');
      expect(await banner.getAttribute('src')).toMatch(/^\/uploads\/.+\.webp$/);
      // Loaded, not a broken picture.
      expect(await banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // Cut around the author's focal point, in the server's HTML (no script to place it).
      expect(await banner.evaluate((img) => getComputedStyle(img).objectPosition)).toBe('10% 30%');
      const plainLd = JSON.parse((await plain.locator('script[type="application/ld+json"]').first().textContent())!);
      expect(plainLd).toMatchObject({ name: TITLE });
      await plain.goto(`${site.url}/about`);
      await plain.getByText(BIO).waitFor();
      // The author's picture beside their details, named by their name.
      expect(await plain.getByRole('main').getByRole('img', { name: 'Grace Hopper' }).getAttribute('src')).toMatch(
        /^\/uploads\//,
      );
      expect(await plain.getByRole('main').getByRole('link', { name: 'Mastodon' }).getAttribute('href')).toBe(
        'https://mastodon.social/@grace',
      );
      const feed = await (await plain.request.get(`${site.url}/rss.xml`)).text();
      expect(feed).toContain(`<title>${TITLE}</title>`);
      expect(noScript.problems).toEqual([]);
    } finally {
      await noScript.close();
    }
    expect(site.problems).toEqual([]);
  });

  it('refuses a save over settings saved in another tab, keeps what was typed, and offers the newer ones', async () => {
    const { page } = site;
    const stored = () => site.t.db.prisma.siteSetting.findUniqueOrThrow({ where: { id: 1 } });
    await page.goto(`${site.url}/admin/settings`);
    await expect.poll(() => h1Text(page)).toBe('Settings');
    const other = await page.context().newPage();
    try {
      // The other tab opens the same settings and saves a new footer line first.
      await other.goto(`${site.url}/admin/settings`);
      await other.getByLabel('Footer text').fill('Saved in the other tab');
      await other.getByRole('button', { name: 'Save settings' }).click();
      await toast(other, 'Settings saved').waitFor();
    } finally {
      await other.close();
    }
    const theirs = await stored();

    // This tab, loaded before that save: refused, nothing stored, the typed title kept.
    await page.getByLabel('Site title').fill('Typed in this tab');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const refused = page.getByRole('alert').filter({ hasText: siteSettingsMessages.conflict });
    await refused.waitFor();
    expect(await stored()).toEqual(theirs);
    expect(await page.getByLabel('Site title').inputValue()).toBe('Typed in this tab');
    // A reload keeps the typed work, and the version it was typed over: saved again, refused again.
    await page.reload();
    await page.getByText('Draft restored').waitFor();
    expect(await page.getByLabel('Site title').inputValue()).toBe('Typed in this tab');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await refused.waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The newer settings into the form; the typed ones set aside, then put back and saved over them.
    await page.getByRole('button', { name: 'Load the newer settings' }).click();
    await expect.poll(() => page.getByLabel('Footer text').inputValue()).toBe('Saved in the other tab');
    expect(await page.getByLabel('Site title').inputValue()).toBe(theirs.title);
    await page.getByRole('button', { name: 'Put mine back' }).click();
    expect(await page.getByLabel('Site title').inputValue()).toBe('Typed in this tab');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toast(page, 'Settings saved').waitFor();
    expect((await stored()).title).toBe('Typed in this tab');
    // The 409 answers are the only thing the browser logged.
    expect(problemsBesidesStatus(site.problems, 409)).toEqual([]);
  });
});
