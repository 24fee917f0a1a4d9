// The first run, as a new author meets it (issue 34): a site started with nothing configured, then
// the way in the first start printed, in a real browser. Once through the setup at 390 px (the link's
// code typed in, as someone who opened /admin does) and writing a first post; once through the
// headless path, signing in with the printed admin@localhost and password at 1280 px.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setupMessages } from '#kernel/setup-rules.ts';
import { prepareDatabase } from '../../server/startup.ts';
import { imageFiles, loginThroughForm, problemsBesidesStatus, toast } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { h1Text, pathOf } from './support/page-checks.ts';

let site: E2eSite | undefined;
const images = imageFiles();
afterEach(async () => {
  await site?.close();
  site = undefined;
});
afterAll(() => images.remove());

/** A site as `npm start` leaves it on a fresh data folder with no ADMIN_* set, and what it printed. */
async function startNewSite(width: number) {
  site = await openSite();
  await site.page.setViewportSize({ width, height: 800 });
  const printed: string[] = [];
  await prepareDatabase(site.t.db, site.t.config, (line) => printed.push(line));
  const text = printed.join('\n');
  return {
    site,
    code: /#code=(\S+)/.exec(text)![1]!,
    email: /email: +(\S+)/.exec(text)![1]!,
    password: /password: (\S+)/.exec(text)![1]!,
  };
}

describe('the first run', () => {
  it('at 390 px: /admin asks for the setup, which names the site and the author, who then writes a post', async () => {
    const { site, code } = await startNewSite(390);
    const { page } = site;
    await page.goto(`${site.url}/admin`);
    await expect.poll(() => pathOf(page)).toBe('/admin/setup');
    await expect.poll(() => h1Text(page)).toBe('Set up your site');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expect(await axeViolations(page), theme).toEqual([]);
    }

    // Everything is checked before anything is sent; a wrong code is refused at its field.
    await page.getByRole('button', { name: 'Create my site' }).click();
    await page.getByText('This field is required').first().waitFor();
    await page.getByLabel(/Setup code/).fill('not-the-printed-code');
    await page.getByLabel('Site title').fill('Night Shelf');
    await page.getByLabel('Your name').fill('Ada Author');
    // The first start's own kind of address (no dot in the domain) is a valid e-mail.
    await page.getByLabel('Email').fill('ada@localhost');
    await page.getByLabel('Password').fill('a long password');
    await page.getByRole('button', { name: 'Create my site' }).click();
    await page.locator('.form-field-error', { hasText: setupMessages.codeWrong }).waitFor();
    expect(await site.t.db.prisma.user.findMany({ select: { email: true } })).toEqual([{ email: 'admin@localhost' }]);

    await page.getByLabel(/Setup code/).fill(code);
    await page.getByRole('button', { name: 'Create my site' }).click();
    await toast(page, setupMessages.done).waitFor();
    await expect.poll(() => pathOf(page)).toBe('/admin/posts');
    await expect.poll(() => page.title()).toContain('Night Shelf');
    const admin = await site.t.db.prisma.user.findFirstOrThrow({ where: { isAdmin: true } });
    expect(admin).toMatchObject({ name: 'Ada Author', email: 'ada@localhost' });

    // The author's first post, through the studio's own form.
    await page.goto(`${site.url}/new`);
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'first.png', width: 1200, height: 800 }));
    await page.getByLabel('Title', { exact: true }).fill('Hello, Night Shelf');
    await page.getByLabel('Subtitle').fill('The first of many');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('My first words here.');
    await page.getByLabel('Category').selectOption({ label: 'Book' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Blogpost has been created').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/blog/hello-night-shelf');
    await expect.poll(() => h1Text(page)).toBe('Hello, Night Shelf');
    expect(await site.t.db.prisma.post.findFirstOrThrow({ where: { slug: 'hello-night-shelf' } })).toMatchObject({
      status: 'PUBLISHED',
      content: '<p>My first words here.</p>',
    });
    // A reader sees the site by its new name.
    const home = await fetch(`${site.url}/`);
    expect(await home.text()).toMatch(/<title[^>]*>Night Shelf<\/title>/);
    // The browser's own line about the refused code (400) is the only one.
    expect(problemsBesidesStatus(site.problems, 400)).toEqual([]);
  });

  it('at 1280 px: the printed link needs no code, and the printed admin@localhost signs in instead', async () => {
    const { site, code, email, password } = await startNewSite(1280);
    const { page } = site;
    expect(email).toBe('admin@localhost');
    await page.goto(`${site.url}/admin/setup#code=${code}`);
    await page.getByLabel('Site title').waitFor();
    expect(await page.getByLabel(/Setup code/).count()).toBe(0);
    // The code does not stay in the address bar.
    expect(page.url()).toBe(`${site.url}/admin/setup`);

    await loginThroughForm(site, { email, password });
    // Signed in with what was printed: the site is claimed, and /admin is the studio.
    await page.goto(`${site.url}/admin`);
    await expect.poll(() => pathOf(page)).toBe('/admin/posts');
    await page.goto(`${site.url}/admin/setup`);
    await page.getByText(setupMessages.alreadySetUp).waitFor();
    expect(site.problems).toEqual([]);
  });
});
