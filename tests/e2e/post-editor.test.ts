// The admin's post forms in a real browser against the real server: /new with a real picture and
// content typed through the rich-text toolbar (checked as stored in the database and as the post's
// page shows it), the form's messages, the draft, /blog/{id}/edit with and without a new picture,
// Cancel; the blog list, the category lists, Latest and the post page follow each write in the same
// page load, from the cache the writes updated.
import { randomUUID } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTests, footer, imageFiles, markPageLoad, problemsBesidesStatus, toast } from './support/accounts.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { axeViolations } from './support/axe.ts';
import { goInApp, h1Text, holdZeroDelayTimers, pathOf } from './support/page-checks.ts';
import { sidewaysScroll } from './support/layout-checks.ts';
import { openNoScriptBrowser } from './support/no-script.ts';
import { createPost } from './support/site-content.ts';
import { addConfirmedSubscribers } from '../support/subscribers.ts';

let site: E2eSite;
const images = imageFiles();
adminTests({ name: 'Ada', height: 900, images }, (opened) => (site = opened));

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const tool = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });
const fieldMessage = (page: Page, label: string) =>
  page
    .locator('.form-field')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.form-field-error');

/** The new post form, reached from the footer's admin link (no page load). */
async function openNewPost(page: Page) {
  await footer(page).getByRole('link', { name: 'Create blog' }).click();
  await expect.poll(() => h1Text(page)).toBe('New post');
  await editor(page).waitFor();
}

async function navLink(page: Page, label: string) {
  await page.getByRole('banner').getByRole('link', { name: label, exact: true }).click();
}

async function goHome(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Pixel Diaries, home page' }).click();
  await expect.poll(() => pathOf(page)).toBe('/');
}

/** Closes a toast as a reader would (it sits over the header's links for 5 seconds otherwise). */
async function closeToast(page: Page, text: string) {
  await toast(page, text).getByRole('button', { name: 'close' }).click();
  await toast(page, text).waitFor({ state: 'detached' });
}

const cardTitles = (page: Page) => page.getByRole('main').locator('.post-card-title').allTextContents();
const latestTitles = (page: Page) =>
  page.getByRole('region', { name: 'Latest' }).locator('.post-card-title').allTextContents();
const draft = (page: Page) => page.evaluate(() => localStorage.getItem('newPostDraft'));

describe('creating a post', () => {
  it('uploads the picture with content formatted through the toolbar; every list and the post page show it', async () => {
    const { page } = site;
    // Lists seen before the write, so they sit in the cache.
    await navLink(page, 'BLOG');
    await expect.poll(() => pathOf(page)).toBe('/blog');
    await navLink(page, 'ANIME');
    await page.getByText('NOTHING FOUND').waitFor();
    const load = await markPageLoad(page);

    await openNewPost(page);
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'frieren.png', width: 1600, height: 900 }));
    await expect(page.getByRole('img', { name: 'The picked image' }).isVisible()).resolves.toBe(true);
    await page.getByLabel('Title', { exact: true }).fill('Frieren Is About Time');
    await page.getByLabel('Subtitle').fill('A slow, kind fantasy');

    const content = editor(page);
    await content.click();
    await tool(page, 'Bold').click();
    expect(await tool(page, 'Bold').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('Bold words');
    await tool(page, 'Bold').click();
    expect(await tool(page, 'Bold').getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.type(' and plain.');
    await page.keyboard.press('Enter');
    await tool(page, 'Bulleted list').click();
    expect(await tool(page, 'Bulleted list').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('first');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second');
    // Enter on the empty item leaves the list.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read the guide');
    for (let i = 0; i < 'the guide'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await tool(page, 'Link').click();
    const dialog = page.getByRole('dialog', { name: 'Add a link' });
    await dialog.getByLabel('Link address').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Enter a web address (http:// or https://) or an e-mail address (mailto:)').waitFor();
    await dialog.getByLabel('Link address').fill('https://example.com/guide');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await content.locator('a', { hasText: 'the guide' }).waitFor();

    await page.getByLabel('Category').selectOption({ label: 'Anime' });
    const sent = page.waitForRequest((request) => request.url().endsWith('/graphql') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    const message = toast(page, 'Blogpost has been created');
    await message.waitFor();
    expect(await message.getAttribute('class')).toContain('Toastify__toast--success');
    await expect.poll(() => pathOf(page)).toBe('/blog/frieren-is-about-time');
    // The author lands on the new post, as readers see it.
    await expect.poll(() => h1Text(page)).toBe('Frieren Is About Time');

    const html =
      '<p><strong>Bold words</strong> and plain.</p><ul><li>first</li><li>second</li></ul>' +
      '<p>Read <a href="https://example.com/guide" target="_blank" rel="noopener noreferrer">the guide</a></p>';
    const stored = await site.t.db.prisma.post.findFirstOrThrow({
      where: { title: 'Frieren Is About Time' },
      include: { image: true },
    });
    expect(stored).toMatchObject({ subtitle: 'A slow, kind fantasy', category: 'anime', content: html });
    expect(stored.image).toMatchObject({ width: 1600, height: 900 });
    expect(await draft(page)).toBeNull();

    // The blog, the category list and Latest, cached before, show it too.
    await closeToast(page, 'Blogpost has been created');
    await navLink(page, 'BLOG');
    await expect.poll(() => cardTitles(page)).toContain('Frieren Is About Time');
    await navLink(page, 'ANIME');
    await expect.poll(() => cardTitles(page)).toEqual(['Frieren Is About Time']);
    await goHome(page);
    await expect.poll(() => latestTitles(page)).toContain('Frieren Is About Time');

    await page
      .getByRole('region', { name: 'Latest' })
      .getByRole('link', { name: /READ MORE.*Frieren/ })
      .click();
    await expect.poll(() => h1Text(page)).toBe('Frieren Is About Time');
    const article = page.locator('.post-content');
    expect(await article.innerHTML()).toBe(html);
    expect(await article.locator('strong').textContent()).toBe('Bold words');
    expect(await article.getByRole('listitem').allTextContents()).toEqual(['first', 'second']);
    expect(await load.stillLoaded()).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it("shows the form's own messages under their fields, without sending anything", async () => {
    const { page } = site;
    await openNewPost(page);
    let requests = 0;
    const countRequests = (request: Request) => {
      if (request.url().endsWith('/graphql') && request.method() === 'POST') requests += 1;
    };
    page.on('request', countRequests);

    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldMessage(page, 'Image').textContent()).toBe('Image is required');
    expect(await fieldMessage(page, 'Title').textContent()).toBe('This field is required');
    expect(await fieldMessage(page, 'Subtitle').textContent()).toBe('This field is required');
    expect(await fieldMessage(page, 'Content').textContent()).toBe('This field is required');
    expect(await fieldMessage(page, 'Category').textContent()).toBe('Choose an option');
    // The first field in trouble has the focus, and names its message.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe('file');
    expect(await editor(page).getAttribute('aria-invalid')).toBe('true');

    // From now on every change is checked again.
    await page.getByLabel('Title', { exact: true }).fill('x'.repeat(46));
    expect(await fieldMessage(page, 'Title').textContent()).toBe('45 characters maximum allowed');
    await page.getByLabel('Title', { exact: true }).fill('x'.repeat(45));
    expect(await fieldMessage(page, 'Title').count()).toBe(0);
    await page.getByLabel('Subtitle').fill('y'.repeat(46));
    expect(await fieldMessage(page, 'Subtitle').textContent()).toBe('45 characters maximum allowed');

    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'cover.gif', format: 'gif' }));
    expect(await fieldMessage(page, 'Image').textContent()).toBe('Not a valid image format');

    await editor(page).click();
    await page.keyboard.type('Some text');
    expect(await fieldMessage(page, 'Content').count()).toBe(0);
    await page.getByLabel('Category').selectOption({ label: 'Game' });
    expect(await fieldMessage(page, 'Category').count()).toBe(0);

    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldMessage(page, 'Image').textContent()).toBe('Not a valid image format');
    page.off('request', countRequests);
    expect(requests).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: 'Blogpost' }).count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it("shows the server's message under the image when it refuses the file's bytes", async () => {
    const { page } = site;
    await openNewPost(page);
    // A GIF named .png: the browser takes it for a PNG, the server reads its bytes.
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'sneaky.png', format: 'gif' }));
    await page.getByLabel('Title', { exact: true }).fill('Not really a PNG');
    await page.getByLabel('Subtitle').fill('A GIF in disguise');
    await editor(page).click();
    await page.keyboard.type('Words.');
    await page.getByLabel('Category').selectOption({ label: 'Book' });
    await page.getByRole('button', { name: 'Submit' }).click();

    const message = 'Image must be of type jpeg, jpg, png or webp';
    await expect.poll(() => fieldMessage(page, 'Image').textContent()).toBe(message);
    // And the failed request's toast with the server's message.
    await toast(page, message).waitFor();
    expect(await pathOf(page)).toBe('/new');
    expect(await site.t.db.prisma.post.count({ where: { title: 'Not really a PNG' } })).toBe(0);
    // Picking another file clears the server's message.
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'real.png' }));
    expect(await fieldMessage(page, 'Image').count()).toBe(0);
    expect(problemsBesidesStatus(site.problems, 415)).toEqual([]);
  });

  it('keeps a draft of what was typed and the picked image, restores both on return and after a reload', async () => {
    const { page } = site;
    await openNewPost(page);
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'draft.png' }));
    await page.getByLabel('Title', { exact: true }).fill('A draft title');
    await page.getByLabel('Subtitle').fill('A draft subtitle');
    await editor(page).click();
    await page.keyboard.type('Half ');
    await page.keyboard.press('Control+I');
    await page.keyboard.type('written');
    await page.getByLabel('Category').selectOption({ label: 'TV' });
    await expect
      .poll(async () => JSON.parse((await draft(page)) ?? 'null'))
      .toEqual({
        title: 'A draft title',
        subtitle: 'A draft subtitle',
        content: '<p>Half <em>written</em></p>',
        category: 'tv',
      });

    // Away and back, inside the app.
    // Leaving asks first (the form has unsaved changes): yes.
    page.once('dialog', (dialog) => void dialog.accept());
    await navLink(page, 'BLOG');
    await expect.poll(() => pathOf(page)).toBe('/blog');
    await openNewPost(page);
    await expectDraftShown(page);

    // A new visit.
    await page.reload();
    await editor(page).waitFor();
    await expectDraftShown(page);

    // Created: the draft is gone, and the form starts empty next time.
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'draft-final.png' }));
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Blogpost has been created').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/blog/a-draft-title');
    expect(await draft(page)).toBeNull();
    await openNewPost(page);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Category').inputValue()).toBe('');
    expect(await editor(page).innerText()).not.toContain('Half');
    expect(site.problems).toEqual([]);
  });

  it('has shortcuts for every format, listed in the buttons, and a keyboard-only toolbar', async () => {
    const { page } = site;
    await openNewPost(page);
    expect(await tool(page, 'Bold').getAttribute('title')).toBe('Bold (Ctrl+B)');
    expect(await tool(page, 'Strikethrough').getAttribute('title')).toBe('Strikethrough (Ctrl+Shift+X)');
    expect(await tool(page, 'Link').getAttribute('title')).toBe('Link (Ctrl+K)');
    expect(await tool(page, 'Heading').getAttribute('title')).toBe('Heading (Ctrl+Alt+2)');
    expect(await tool(page, 'Inline code').getAttribute('title')).toBe('Inline code (Ctrl+E)');

    await editor(page).click();
    await page.keyboard.press('Control+B');
    await page.keyboard.type('b');
    await page.keyboard.press('Control+B');
    await page.keyboard.press('Control+U');
    await page.keyboard.type('u');
    await page.keyboard.press('Control+U');
    await page.keyboard.press('Control+Shift+X');
    await page.keyboard.type('s');
    await page.keyboard.press('Control+Shift+X');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('next line');
    await page.keyboard.press('Control+Shift+9');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Shift+9');
    await page.keyboard.press('Control+Shift+7');
    await page.keyboard.type('one');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('nested');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('two');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+]');

    // The toolbar: one Tab stop, arrow keys between the buttons, Enter presses one. Reached right
    // after an edit, on a machine so busy that the page's timers run after the keys (seen in CI).
    const releaseTimers = await holdZeroDelayTimers(page);
    await page.keyboard.type('indented');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Bold');
    // Bold, italic, underline, strike, code; two headings; quote, two lists, code block, divider,
    // picture, table, outdent, indent; left, centre: then right.
    for (let i = 0; i < 18; i += 1) await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Align right');
    await page.keyboard.press('Enter');
    expect(await releaseTimers()).toBeGreaterThan(0);
    // The button hands the focus back to the text.
    await expect.poll(() => editor(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+K');
    await page.getByRole('dialog', { name: 'Add a link' }).getByLabel('Link address').fill('me@example.com');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('.');

    await expect
      .poll(async () => JSON.parse((await draft(page)) ?? '{}').content)
      .toBe(
        '<blockquote><strong>b</strong><u>u</u><s>s</s><br>next line</blockquote>' +
          '<ol><li>one<ol><li>nested</li></ol></li><li>two</li></ol>' +
          '<p class="align-right indent-1">indented<a href="mailto:me@example.com" target="_blank" rel="noopener noreferrer">me@example.com</a>.</p>',
      );
    expect(site.problems).toEqual([]);
  });
});

describe('editing a post', () => {
  it('fills in the fields, shows the current image, and saves without a new one', async () => {
    const { page } = site;
    const post = await createPost(site.t, {
      title: 'Hollow Knight',
      subtitle: 'Bugs and sorrow',
      category: 'game',
      content: '<p class="align-center">A <strong>deep</strong> well.</p><ul><li>Hornet</li></ul>',
    });
    // The post, the games and Latest are seen first, so they sit in the cache.
    await page.goto(`${site.url}/blog/${post.slug}`);
    await expect.poll(() => h1Text(page)).toBe('Hollow Knight');
    await navLink(page, 'GAMES');
    await expect.poll(() => cardTitles(page)).toContain('Hollow Knight');
    await goHome(page);
    await expect.poll(() => latestTitles(page)).toContain('Hollow Knight');
    const load = await markPageLoad(page);

    await goInApp(page, `/blog/${post.id}/edit`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Hollow Knight');
    expect(await page.getByLabel('Subtitle').inputValue()).toBe('Bugs and sorrow');
    expect(await page.getByLabel('Category').inputValue()).toBe('game');
    await editor(page).getByText('Hornet').waitFor();
    const current = page.getByRole('img', { name: 'Current image of “Hollow Knight”' });
    expect(await current.getAttribute('src')).toContain(post.image!.storageKey);

    await page.getByLabel('Title', { exact: true }).fill('Hollow Knight, Revisited');
    await page.getByLabel('Category').selectOption({ label: 'TV' });
    await editor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Still ');
    await tool(page, 'Italic').click();
    await page.keyboard.type('great');
    const sent = page.waitForRequest((request) => request.url().endsWith('/graphql') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    // No new picture: a plain JSON request.
    expect((await sent).headers()['content-type']).toBe('application/json');

    await toast(page, 'Blogpost has been updated').waitFor();
    await expect.poll(() => pathOf(page)).toBe(`/blog/${post.slug}`);
    await expect.poll(() => h1Text(page)).toBe('Hollow Knight, Revisited');
    expect(await page.locator('.post-content').innerHTML()).toBe(
      '<p class="align-center">A <strong>deep</strong> well.</p><ul><li>Hornet</li><li>Still <em>great</em></li></ul>',
    );
    const stored = await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: post.id } });
    expect(stored).toMatchObject({ title: 'Hollow Knight, Revisited', category: 'tv', imageId: post.imageId });

    // Moved from the games to TV; Latest has the new title.
    await closeToast(page, 'Blogpost has been updated');
    await navLink(page, 'GAMES');
    await expect.poll(() => cardTitles(page)).not.toContain('Hollow Knight');
    expect(await cardTitles(page)).not.toContain('Hollow Knight, Revisited');
    await navLink(page, 'TV');
    await expect.poll(() => cardTitles(page)).toContain('Hollow Knight, Revisited');
    await goHome(page);
    await expect.poll(() => latestTitles(page)).toContain('Hollow Knight, Revisited');
    expect(await load.stillLoaded()).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it('replaces the image when a new one is picked, described by its alt text', async () => {
    const { page } = site;
    const post = await createPost(site.t, { title: 'Celeste', image: { width: 1200, height: 675 } });
    await page.goto(`${site.url}/blog/${post.slug}`);
    await expect.poll(() => h1Text(page)).toBe('Celeste');
    await goInApp(page, `/blog/${post.id}/edit`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Celeste');
    await page
      .getByLabel('Image')
      .setInputFiles(await images.write({ name: 'summit.webp', format: 'webp', width: 800, height: 800 }));
    await page.getByLabel('Cover alt text').fill('A climber on a snowy summit');
    const sent = page.waitForRequest((request) => request.url().endsWith('/graphql') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    await toast(page, 'Blogpost has been updated').waitFor();
    await expect.poll(() => pathOf(page)).toBe(`/blog/${post.slug}`);
    const picture = page.getByRole('main').getByRole('img', { name: 'A climber on a snowy summit' });
    await expect.poll(() => picture.getAttribute('width')).toBe('800');
    const stored = await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: post.id }, include: { image: true } });
    expect(stored.imageId).not.toBe(post.imageId);
    expect(stored.image).toMatchObject({ width: 800, height: 800 });
    expect(stored.imageAlt).toBe('A climber on a snowy summit');
    expect(await picture.getAttribute('src')).toContain(stored.image!.storageKey);
    expect(site.problems).toEqual([]);
  });

  it('lists the revisions with their dates and restores one after a confirmation, at 390 px', async () => {
    const { page } = site;
    const post = await createPost(site.t, { title: 'Gris', content: '<p>Colours come back.</p>' });
    await page.goto(`${site.url}/blog/${post.slug}`);
    await expect.poll(() => h1Text(page)).toBe('Gris');
    for (const title of ['Gris, Again', 'Gris, Third Time']) {
      await goInApp(page, `/blog/${post.id}/edit`);
      await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).not.toBe('');
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => h1Text(page)).toBe(title);
    }

    await page.setViewportSize({ width: 390, height: 900 });
    await goInApp(page, `/blog/${post.id}/edit`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Gris, Third Time');
    await page.getByText('Revisions', { exact: true }).click();
    const items = page.locator('.post-revisions-item');
    await expect
      .poll(() => items.locator('.post-revisions-title').allTextContents())
      .toEqual(['Gris, Third Time', 'Gris, Again', 'Gris']);
    // Each with its date; the first save published the post; the newest is what the form shows.
    const stored = await site.t.db.prisma.postRevision.findMany({ where: { postId: post.id } });
    expect(
      await items.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime'))),
    ).toEqual(
      stored
        .map((revision) => revision.createdAt.toISOString())
        .sort()
        .reverse(),
    );
    expect(await items.nth(2).getByText('Published', { exact: true }).isVisible()).toBe(true);
    expect(await items.nth(0).getByText('Current', { exact: true }).isVisible()).toBe(true);
    expect(await items.nth(1).getByText('Published', { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    // Dismissed, nothing happens; accepted, the first version is saved again and fills the form.
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    const restoreFirst = items.nth(2).getByRole('button', { name: /^Restore the version saved / });
    await restoreFirst.click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toMatch(/^Restore the version saved .+\? The post is saved with its title and text/);
    expect((await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: post.id } })).title).toBe('Gris, Third Time');

    page.once('dialog', (dialog) => void dialog.accept());
    await restoreFirst.click();
    await toast(page, /^Restored the version saved .+: the form shows it, saved\.$/).waitFor();
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Gris');
    await editor(page).getByText('Colours come back.').waitFor();
    const restored = await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: post.id } });
    expect(restored).toMatchObject({ title: 'Gris', content: '<p>Colours come back.</p>', imageId: post.imageId });
    // The restore is a save of its own, the newest revision.
    await expect
      .poll(() => items.locator('.post-revisions-title').allTextContents())
      .toEqual(['Gris', 'Gris, Third Time', 'Gris, Again', 'Gris']);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(site.problems).toEqual([]);
  });

  it('says how far the post\'s e-mails have gone beside "Send by e-mail", and follows them while they are sent', async () => {
    const { page } = site;
    const { prisma } = site.t.db;
    // Three confirmed subscribers (issue 40): the published post's three e-mails wait in the outbox.
    await addConfirmedSubscribers(prisma, ['a@example.com', 'b@example.com', 'c@example.com']);
    try {
      const post = await createPost(site.t, { title: 'Sent to readers' });
      const messages = await prisma.outboxMessage.findMany({
        where: { subject: 'Sent to readers' },
        orderBy: { to: 'asc' },
      });
      expect(messages).toHaveLength(3);
      // As the outbox leaves them: one accepted, one refused for good, one still to send.
      await prisma.outboxMessage.update({ where: { id: messages[0]!.id }, data: { state: 'sent' } });
      await prisma.outboxMessage.update({ where: { id: messages[1]!.id }, data: { state: 'failed' } });
      await goInApp(page, `/blog/${post.id}/edit`);
      const progress = page.locator('.send-by-email-progress');
      await expect.poll(() => progress.textContent()).toBe('E-mailed to 1 of 3 subscribers · 1 failed · sending…');
      // The last one is sent: the line follows without a reload.
      await prisma.outboxMessage.update({ where: { id: messages[2]!.id }, data: { state: 'sent' } });
      await expect.poll(() => progress.textContent()).toBe('E-mailed to 2 of 3 subscribers · 1 failed');
      expect(await page.getByLabel(/Send by e-mail/).isChecked()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      expect(site.problems).toEqual([]);
    } finally {
      // The file's other posts are e-mailed to nobody.
      await prisma.subscriber.deleteMany();
    }
  });

  it('Cancel goes back without saving', async () => {
    const { page } = site;
    const post = await createPost(site.t, { title: 'Hades' });
    await page.goto(`${site.url}/blog/${post.slug}`);
    await expect.poll(() => h1Text(page)).toBe('Hades');
    await goInApp(page, `/blog/${post.id}/edit`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Hades');
    await page.getByLabel('Title', { exact: true }).fill('Hades II');
    // The change is unsaved: leaving asks first.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/blog/${post.slug}`);
    await expect.poll(() => h1Text(page)).toBe('Hades');

    // Opened straight from its address, Cancel goes to the post.
    await page.goto(`${site.url}/blog/${post.id}/edit`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Hades');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/blog/${post.slug}`);
    expect((await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: post.id } })).title).toBe('Hades');
    expect(site.problems).toEqual([]);
  });

  it("shows the form's messages, and says so when there is no such post", async () => {
    const { page } = site;
    const post = await createPost(site.t, { title: 'Outer Wilds' });
    await page.goto(`${site.url}/blog/${post.id}/edit`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Outer Wilds');
    await page.getByLabel('Title', { exact: true }).fill('');
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'loop.bmp' }));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldMessage(page, 'Title').textContent()).toBe('This field is required');
    expect(await fieldMessage(page, 'Image').textContent()).toBe('Not a valid image format');
    // No image is fine on edit.
    await page.getByLabel('Image').setInputFiles([]);
    expect(await fieldMessage(page, 'Image').count()).toBe(0);

    await page.goto(`${site.url}/blog/${randomUUID()}/edit`);
    await page.getByRole('alert').getByText('This post does not exist: it may have been deleted.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Title' }).count()).toBe(0);
    expect(site.problems).toEqual([]);
  });
});

describe('tags', () => {
  const tagField = (page: Page) => page.getByRole('combobox', { name: 'Tags' });
  const chosenTags = (page: Page) =>
    page.getByRole('list', { name: 'Chosen tags' }).locator('li > span').allTextContents();
  const postTags = (page: Page) => page.getByRole('list', { name: 'Tags' }).getByRole('link').allTextContents();
  const giveTags = (post: Awaited<ReturnType<typeof createPost>>, tags: string[]) =>
    site.t.app.services.posts.update(post.id, { ...post, image: null, tags });

  it('are added with a suggestion, saved, linked from the post and listed at /tag/{slug}', async () => {
    const { page } = site;
    const older = await createPost(site.t, { title: 'Outer Wilds Again' });
    await giveTags(older, ['Space']);
    const post = await createPost(site.t, { title: 'Tunic' });
    await page.goto(`${site.url}/blog/${post.id}/edit`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Tunic');

    // The site's tags are suggested as the author types; the arrow keys and Enter pick one.
    await tagField(page).fill('spa');
    const suggestion = page.getByRole('option', { name: /^Space \(\d+\)$/ });
    await suggestion.waitFor();
    expect(await tagField(page).getAttribute('aria-expanded')).toBe('true');
    await tagField(page).press('ArrowDown');
    expect(await suggestion.getAttribute('aria-selected')).toBe('true');
    await tagField(page).press('Enter');
    // A new tag: typed, then a comma; one with characters a tag cannot have is refused under the field.
    await tagField(page).pressSequentially('Hidden  Gems,');
    await tagField(page).pressSequentially('a/b');
    await tagField(page).press('Enter');
    expect(await chosenTags(page)).toEqual(['Space', 'Hidden Gems', 'a/b']);
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldMessage(page, 'Tags').textContent()).toBe('“a/b”: letters, numbers, spaces and dashes only');
    await page.getByRole('button', { name: 'Remove tag a/b' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();

    await toast(page, 'Blogpost has been updated').waitFor();
    await expect.poll(() => pathOf(page)).toBe(`/blog/${post.slug}`);
    await expect.poll(() => postTags(page)).toEqual(['#Space', '#Hidden Gems']);
    await closeToast(page, 'Blogpost has been updated');
    await page.getByRole('link', { name: '#Space' }).click();
    await expect.poll(() => pathOf(page)).toBe('/tag/space');
    await expect.poll(() => h1Text(page)).toBe('Tagged “Space”');
    await expect.poll(() => cardTitles(page)).toContain('Tunic');
    expect(await cardTitles(page)).toContain('Outer Wilds Again');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expect(await axeViolations(page), theme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(site.problems).toEqual([]);
  });

  it('are links on the post page and lists at /tag/{slug} without JavaScript', async () => {
    const post = await createPost(site.t, { title: 'Animal Well' });
    await giveTags(post, ['Metroidvania', 'Pixel Art']);
    const noScript = await openNoScriptBrowser();
    try {
      const plain = noScript.page;
      await plain.goto(`${site.url}/blog/${post.slug}`);
      expect(await postTags(plain)).toEqual(['#Metroidvania', '#Pixel Art']);
      await plain.getByRole('link', { name: '#Pixel Art' }).click();
      await plain.waitForURL(`${site.url}/tag/pixel-art`);
      expect(await h1Text(plain)).toBe('Tagged “Pixel Art”');
      expect(await cardTitles(plain)).toContain('Animal Well');
      // Its feed, linked from the list.
      const feed = await plain.request.get(`${site.url}/tag/pixel-art/rss.xml`);
      expect(await feed.text()).toContain('<title>Animal Well</title>');
      expect(noScript.problems).toEqual([]);
    } finally {
      await noScript.close();
    }
  });

  it('are renamed, merged and deleted at /admin/tags, at 390 px; an old address leads to the new one', async () => {
    const { page } = site;
    const post = await createPost(site.t, { title: 'Gris Tagged' });
    await giveTags(post, ['Watercolour', 'Art']);
    await page.setViewportSize({ width: 390, height: 900 });
    try {
      await page.goto(`${site.url}/`);
      await page.getByRole('navigation', { name: 'Author tools' }).getByRole('link', { name: 'Tags' }).click();
      await expect.poll(() => pathOf(page)).toBe('/admin/tags');
      const card = (name: string) =>
        page.locator('.tag-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
      await card('Watercolour').waitFor();
      expect(await card('Watercolour').getByText('1 post, 1 published').isVisible()).toBe(true);
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // A name another tag has is refused under the field; then renamed.
      const name = card('Watercolour').getByLabel('Name');
      await name.fill('art');
      await card('Watercolour').getByRole('button', { name: 'Rename Watercolour' }).click();
      await card('Watercolour').getByText('Another tag has this name: merge the two instead').waitFor();
      await name.fill('Painting');
      await card('Watercolour').getByRole('button', { name: 'Rename Watercolour' }).click();
      await toast(page, '“Watercolour” is now “Painting”').waitFor();
      await card('Painting').waitFor();

      // Merged into Art, after the question; the post keeps one tag.
      page.once('dialog', (dialog) => void dialog.accept());
      await card('Painting').getByLabel('Merge into').selectOption({ label: 'Art' });
      await card('Painting').getByRole('button', { name: 'Merge Painting' }).click();
      await toast(page, '“Painting” is merged into “Art”').waitFor();
      await expect.poll(() => page.locator('.tag-card h2').allTextContents()).not.toContain('Painting');
      expect(await card('Art').getByText('1 post, 1 published').isVisible()).toBe(true);

      // Both old addresses lead to the tag that has their posts now.
      await page.goto(`${site.url}/tag/watercolour`);
      await expect.poll(() => pathOf(page)).toBe('/tag/art');
      await expect.poll(() => cardTitles(page)).toEqual(['Gris Tagged']);

      await page.goto(`${site.url}/admin/tags`);
      page.once('dialog', (dialog) => void dialog.accept());
      await card('Art').getByRole('button', { name: 'Delete Art' }).click();
      await toast(page, '“Art” is deleted').waitFor();
      const stored = await site.t.db.prisma.post.findUniqueOrThrow({ where: { id: post.id }, include: { tags: true } });
      expect(stored.tags).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    // The refused rename's answer is all the console has to say.
    expect(problemsBesidesStatus(site.problems, 400)).toEqual([]);
  });
});

describe("the editor's code", () => {
  it('is fetched by the post forms only, never by the public pages', async () => {
    const { page } = site;
    const post = await createPost(site.t, { title: 'Tunic' });
    const editorChunks = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => /rich-text-editor-[^/]*\.js$/.test(name)),
      );
    for (const path of ['/', '/blog', `/blog/${post.slug}`, '/games']) {
      await page.goto(`${site.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await editorChunks(), path).toEqual([]);
    }
    await openNewPost(page);
    expect(await editorChunks()).toHaveLength(1);
    expect(site.problems).toEqual([]);
  });
});

// The empty editor's hint ('Write the post…') is readable: its contrast against the editor's
// background reaches 4.5:1 (WCAG AA for text), where Slate's own faded hint had 2.07:1.
describe("the editor's placeholder", () => {
  // The editor's code is the largest chunk a new browser fetches and compiles: not inside the test's time.
  beforeAll(async () => {
    await site.page.goto(`${site.url}/new`);
    await site.page.waitForLoadState('networkidle');
  });

  it('has a contrast of at least 4.5:1 against the editor', async () => {
    const { page } = site;
    await page.goto(`${site.url}/new`);
    await expect.poll(() => h1Text(page)).toBe('New post');
    const hint = page.locator('[data-slate-placeholder]');
    await hint.waitFor();
    expect(await hint.textContent()).toBe('Write the post…');
    const ratio = await hint.evaluate((element) => {
      // The hint's colour, faded by its own and its ancestors' opacity, over the first opaque background.
      const rgb = (value: string) => value.match(/[\d.]+/g)!.map(Number);
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        opacity *= Number(getComputedStyle(node).opacity);
      }
      let background = [255, 255, 255];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const [r, g, b, a = 1] = rgb(getComputedStyle(node).backgroundColor);
        if (a === 1) {
          background = [r!, g!, b!];
          break;
        }
      }
      const [r, g, b] = rgb(getComputedStyle(element).color);
      const shown = [r!, g!, b!].map((channel, i) => channel * opacity + background[i]! * (1 - opacity));
      const luminance = (channels: number[]) => {
        const [lr, lg, lb] = channels.map((value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
      };
      const [light, dark] = [luminance(background), luminance(shown)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(site.problems).toEqual([]);
  });
});

// The cover's focal point: the author clicks the part of the picture that must stay in view (or
// moves it with the arrow keys), sees the card's cut at once, saves, and readers' cards are cut
// around that point, in the page the server renders and after the app takes over, without a style
// attribute the content security policy would refuse.
describe("the cover's focal point", () => {
  const target = (page: Page) => page.getByRole('button', { name: /^Focal point:/ });
  const cardCut = (page: Page) => page.getByRole('img', { name: 'The picture as cards show it' });
  /** A new post whose picture is 16:9, the picker's starting shape. */
  const postWithWidePicture = (title: string, category: 'game' | 'book') =>
    createPost(site.t, { title, category, image: { width: 1600, height: 900 } });
  /** The picker names the point, in % of the picture from its left and top edges. */
  const expectFocalPoint = (page: Page, left: number, top: number) =>
    expect
      .poll(() => target(page).getAttribute('aria-label'))
      .toBe(`Focal point: ${left}% from the left, ${top}% from the top`);
  const objectPosition = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((img) => getComputedStyle(img).objectPosition);

  // 1400 px tall, the window these checks were written in: the picker's boxes are measured without scrolling.
  beforeAll(() => site.page.setViewportSize({ width: 1280, height: 1400 }));
  afterAll(() => site.page.setViewportSize({ width: 1280, height: 900 }));

  it('is set by a click or the arrow keys, shown on the card at once, stored, and used by every card', async () => {
    const { page } = site;
    const post = await postWithWidePicture('Focal Knight', 'game');
    await page.goto(`${site.url}/blog/${post.id}/edit`);
    await expectFocalPoint(page, 50, 50);

    // A click a tenth of the way across and a fifth of the way down the picture.
    const box = (await target(page).boundingBox())!;
    await target(page).click({ position: { x: box.width * 0.1, y: box.height * 0.2 } });
    await expectFocalPoint(page, 10, 20);
    expect(await cardCut(page).evaluate((img) => getComputedStyle(img).objectPosition)).toBe('10% 20%');
    // The marker sits where the author clicked.
    const marker = (await page.locator('.focal-point-marker').boundingBox())!;
    expect(Math.abs(marker.x + marker.width / 2 - (box.x + box.width * 0.1))).toBeLessThan(2);
    expect(Math.abs(marker.y + marker.height / 2 - (box.y + box.height * 0.2))).toBeLessThan(2);

    // The keyboard moves it by a step.
    await target(page).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expectFocalPoint(page, 15, 25);
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
    const post = await postWithWidePicture('Focal Queen', 'book');
    await site.t.db.prisma.image.update({ where: { id: post.imageId! }, data: { focusX: 0.8, focusY: 0.3 } });
    await page.goto(`${site.url}/blog/${post.id}/edit`);
    await expectFocalPoint(page, 80, 30);

    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'portrait.png', width: 600, height: 900 }));
    await expectFocalPoint(page, 50, 50);
    // The picker shows the new picture: its box has the new picture's shape.
    await expect
      .poll(async () => {
        const { width, height } = (await target(page).boundingBox())!;
        return Math.round((width / height) * 100) / 100;
      })
      .toBe(0.67);
  });
});

async function expectDraftShown(page: Page) {
  await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('A draft title');
  expect(await page.getByLabel('Subtitle').inputValue()).toBe('A draft subtitle');
  expect(await page.getByLabel('Category').inputValue()).toBe('tv');
  await editor(page).locator('em', { hasText: 'written' }).waitFor();
  // The picked image is kept too (in IndexedDB: a file does not fit in local storage).
  await expect
    .poll(() => page.getByLabel('Image').evaluate((input: HTMLInputElement) => input.files?.[0]?.name ?? null))
    .toBe('draft.png');
}
