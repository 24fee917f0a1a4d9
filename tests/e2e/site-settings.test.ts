// The site's settings at /admin/settings (issue 36), on a phone-sized screen: the author changes the
// title, the bio and a social link (and orders the links); typed work survives a reload; the header
// follows the save at once; and without a restart the home page, /about, the feed's title and the
// JSON-LD show the new settings, with JavaScript on and off.
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { adminTests, imageFiles, toast } from './support/accounts.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { sidewaysScroll } from './support/layout-checks.ts';
import { openNoScriptBrowser } from './support/no-script.ts';
import { h1Text, pathOf } from './support/page-checks.ts';

let site: E2eSite;
const images = imageFiles();
adminTests({ name: 'Grace', height: 844, images }, (opened) => (site = opened));

const TITLE = 'Lamplight Reviews';
const BIO = 'I review games slowly, one evening at a time.';

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
    await page.getByLabel("Author's picture").setInputFiles(await images.write({ width: 400, height: 400 }));
    await page.getByLabel('Home banner picture').setInputFiles(await images.write({ width: 1600, height: 500 }));

    // Typed work outlives a reload (kept in this browser until the server has it), pictures too.
    await page.reload();
    await page.getByText('Draft restored').waitFor();
    await expect
      .poll(() => page.getByLabel('Home banner picture').evaluate((input: HTMLInputElement) => input.files?.length))
      .toBe(1);
    expect(await page.getByLabel('Bio').inputValue()).toBe(BIO);
    expect(await page.getByLabel('Link 2 address').inputValue()).toBe('not an address');

    // The rules the server applies, checked here first; nothing is sent while one fails.
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Not a valid address: it must start with http:// or https://').waitFor();
    await page.getByLabel('Link 2 address').fill('https://mastodon.social/@grace');
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
    expect(await site.t.db.prisma.siteSetting.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
      title: TITLE,
      bio: BIO,
      avatarId: expect.any(String),
      bannerId: expect.any(String),
      socialLinks: [
        { label: 'Mastodon', url: 'https://mastodon.social/@grace' },
        { label: 'GitHub', url: 'https://github.com/grace' },
      ],
    });

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
      expect(await plain.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
      const banner = plain.locator('.home-banner img');
      expect(await banner.getAttribute('src')).toMatch(/^\/uploads\/.+\.webp$/);
      // Loaded, not a broken picture.
      expect(await banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
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
});
