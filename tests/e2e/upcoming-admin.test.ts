// The admin's 'Currently' cards: creating one with a real picture, the form's checks, the list at
// /show-upcoming and deleting after 'Are you sure?'; the home page's carousel follows each change
// at once, in the same page load, from the cache the writes updated.
import type { Dialog, Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminTests, footer, imageFiles, markPageLoad, problemsBesidesStatus, toast } from './support/accounts.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { h1Text, pathOf, whileGraphqlHeld } from './support/page-checks.ts';
import { createCard } from './support/site-content.ts';

let site: E2eSite;
const images = imageFiles();
adminTests({ name: 'Grace', height: 800, images }, (opened) => (site = opened));
beforeEach(() => site.t.db.prisma.upcomingCard.deleteMany());

const carousel = (page: Page) => page.getByRole('region', { name: 'Currently' });

/** The subtitles the carousel shows, sorted (its DOM order moves as it loops). */
async function carouselSubtitles(page: Page): Promise<string[]> {
  const subtitles = await carousel(page).locator('.currently-card-subtitle').allTextContents();
  return [...new Set(subtitles)].sort();
}

/** The subtitles listed at /show-upcoming, in order. */
function listedSubtitles(page: Page): Promise<string[]> {
  return page.getByRole('listitem').locator('.upcoming-admin-card-subtitle').allTextContents();
}

/** Goes home through the logo, inside the app (no page load). */
async function goHome(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Pixel Diaries, home page' }).click();
  await expect.poll(() => pathOf(page)).toBe('/');
}

describe('creating a card', () => {
  it("uploads the picture, says 'Card has been created', goes home, and the carousel shows it", async () => {
    const { page } = site;
    await createCard(site.t, { title: 'Reading', subtitle: 'Dune' });
    await page.goto(site.url);
    await expect.poll(() => carouselSubtitles(page)).toEqual(['Dune']);
    const load = await markPageLoad(page);

    await footer(page).getByRole('link', { name: 'Create cards' }).click();
    await expect.poll(() => h1Text(page)).toBe('New upcoming card');
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'frieren.png' }));
    await page.getByLabel('Title', { exact: true }).selectOption('Watching');
    await page.getByLabel('Subtitle').fill('Frieren');
    const upload = page.waitForRequest((request) => request.url().endsWith('/graphql') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();

    // A GraphQL multipart request (the server accepting it proves its format), with the header the
    // server's CSRF check asks of it.
    const request = await upload;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers()['apollo-require-preflight']).toBe('true');

    const message = toast(page, 'Card has been created');
    await message.waitFor();
    expect(await message.getAttribute('class')).toContain('Toastify__toast--success');
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect.poll(() => carouselSubtitles(page)).toEqual(['Dune', 'Frieren']);
    const picture = carousel(page).getByRole('img', { name: 'Watching: Frieren' }).first();
    expect(await picture.getAttribute('src')).toMatch(/^\/uploads\/\S+\.webp$/);
    expect(await load.stillLoaded()).toBe(true);

    const stored = await site.t.db.prisma.upcomingCard.findFirstOrThrow({ where: { subtitle: 'Frieren' } });
    expect(stored.title).toBe('Watching');
    expect(site.problems).toEqual([]);
  });

  it('shows the spinner while the card is sent', async () => {
    const { page } = site;
    await whileGraphqlHeld(
      page,
      (request) => Boolean(request.headers()['apollo-require-preflight']),
      async (release) => {
        await page.goto(`${site.url}/new-upcoming`);
        await page.getByLabel('Image').setInputFiles(await images.write());
        await page.getByLabel('Title', { exact: true }).selectOption('Playing');
        await page.getByLabel('Subtitle').fill('Hollow Knight');
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByRole('status', { name: 'Creating the card' }).waitFor();
        expect(await page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
        release();
        await toast(page, 'Card has been created').waitFor();
      },
    );
    expect(site.problems).toEqual([]);
  });

  it('checks the fields before sending: image, title and subtitle, with the spec words', async () => {
    const { page } = site;
    await page.goto(`${site.url}/new-upcoming`);
    const form = page.locator('form');
    await page.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Image is required').waitFor();
    expect(await form.getByText('Choose an option').count()).toBe(1);
    expect(await form.getByText('This field is required').count()).toBe(1);
    await expect.poll(() => page.getByLabel('Image').evaluate((input) => input === document.activeElement)).toBe(true);

    // A name that is not an image's, then an image's name with another type.
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'animation.gif', format: 'gif' }));
    await form.getByText('Not a valid image format').waitFor();
    await page
      .getByLabel('Image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await form.getByText('Image must be of type jpeg, jpg, png or webp').waitFor();

    await page.getByLabel('Subtitle').fill('x'.repeat(46));
    await form.getByText('45 characters maximum allowed').waitFor();
    expect(await site.t.db.prisma.upcomingCard.count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it("shows the server's message in a toast and under the field when it refuses the picture", async () => {
    const { page } = site;
    await page.goto(`${site.url}/new-upcoming`);
    // Named and typed like a PNG, but not one: only the server, reading the bytes, can tell.
    await page.getByLabel('Image').setInputFiles({
      name: 'not-really.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just some text, not a picture'),
    });
    await page.getByLabel('Title', { exact: true }).selectOption('Reading');
    await page.getByLabel('Subtitle').fill('A book');
    await page.getByRole('button', { name: 'Submit' }).click();

    const serverMessage = toast(page, 'Image must be of type jpeg, jpg, png or webp');
    await serverMessage.waitFor();
    expect(await serverMessage.getAttribute('class')).toContain('Toastify__toast--error');
    await page.locator('form').getByText('Image must be of type jpeg, jpg, png or webp').waitFor();
    expect(await page.getByLabel('Image').getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe('/new-upcoming');
    expect(await site.t.db.prisma.upcomingCard.count()).toBe(0);
    // The only console line is Chromium's own log of the 415 answer.
    expect(problemsBesidesStatus(site.problems, 415)).toEqual([]);
  });
});

describe('the list of cards', () => {
  it("lists every card; Delete asks 'Are you sure?', and only a yes deletes it, here and in the carousel", async () => {
    const { page } = site;
    await createCard(site.t, { title: 'Reading', subtitle: 'Dune' });
    await createCard(site.t, { title: 'Playing', subtitle: 'Hades II' });
    await page.goto(site.url);
    await expect.poll(() => carouselSubtitles(page)).toEqual(['Dune', 'Hades II']);
    const load = await markPageLoad(page);

    await footer(page).getByRole('link', { name: 'Show cards' }).click();
    await expect.poll(() => h1Text(page)).toBe('Upcoming cards');
    await expect.poll(() => listedSubtitles(page)).toEqual(['Hades II', 'Dune']);

    const dialogs: string[] = [];
    const answer = (accept: boolean) => async (dialog: Dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      await (accept ? dialog.accept() : dialog.dismiss());
    };
    let deletes = 0;
    const countDeletes = (request: Request) => {
      if (request.postData()?.includes('DeleteUpcomingCard')) deletes += 1;
    };
    page.on('request', countDeletes);

    const deleteDune = page.getByRole('button', { name: 'Delete Reading: Dune' });
    page.once('dialog', answer(false));
    await deleteDune.click();
    await expect.poll(() => dialogs).toEqual(['confirm: Are you sure?']);
    expect(deletes).toBe(0);
    expect(await listedSubtitles(page)).toEqual(['Hades II', 'Dune']);

    page.once('dialog', answer(true));
    await deleteDune.click();
    await toast(page, 'Card has been deleted').waitFor();
    await expect.poll(() => listedSubtitles(page)).toEqual(['Hades II']);
    expect(dialogs).toEqual(['confirm: Are you sure?', 'confirm: Are you sure?']);
    expect(deletes).toBe(1);
    page.off('request', countDeletes);
    expect(await site.t.db.prisma.upcomingCard.count()).toBe(1);

    await goHome(page);
    await expect.poll(() => carouselSubtitles(page)).toEqual(['Hades II']);
    expect(await load.stillLoaded()).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it('says so when there are no cards, with a link to create one', async () => {
    const { page } = site;
    await page.goto(`${site.url}/show-upcoming`);
    await page.getByText('No cards yet.').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Create one' }).click();
    await expect.poll(() => h1Text(page)).toBe('New upcoming card');
    expect(site.problems).toEqual([]);
  });

  it('shows a new card at once after creating it, and deleting the last one empties the carousel', async () => {
    const { page } = site;
    await page.goto(`${site.url}/show-upcoming`);
    await page.getByText('No cards yet.').waitFor();
    const load = await markPageLoad(page);
    await footer(page).getByRole('link', { name: 'Create cards' }).click();
    await page.getByLabel('Image').setInputFiles(await images.write({ format: 'webp' }));
    await page.getByLabel('Title', { exact: true }).selectOption('Reading');
    await page.getByLabel('Subtitle').fill('Piranesi');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => carouselSubtitles(page)).toEqual(['Piranesi']);

    await footer(page).getByRole('link', { name: 'Show cards' }).click();
    await expect.poll(() => listedSubtitles(page)).toEqual(['Piranesi']);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Reading: Piranesi' }).click();
    await page.getByText('No cards yet.').waitFor();
    await goHome(page);
    await carousel(page).getByText('Nothing on the go right now.', { exact: false }).waitFor();
    expect(await load.stillLoaded()).toBe(true);
    expect(site.problems).toEqual([]);
  });
});
