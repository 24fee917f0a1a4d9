// The admin's 'Currently' cards: creating one with a real picture, the form's checks, the list at
// /show-upcoming, editing a card (words, alt text, link, focal point) and ordering the cards at 390 px,
// and deleting after 'Are you sure?'; the home page's carousel follows each change at once, in the
// same page load, from the cache the writes updated.
import type { Dialog, Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
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
    await expect.poll(() => h1Text(page)).toBe('New Currently card');
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'frieren.png' }));
    await page.getByLabel('Title', { exact: true }).selectOption('Watching');
    await page.getByLabel('Subtitle').fill('Frieren');
    await page.getByLabel('Picture alt text').fill('An elf under the stars');
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
    const picture = carousel(page).getByRole('img', { name: 'An elf under the stars' }).first();
    expect(await picture.getAttribute('src')).toMatch(/^\/uploads\/\S+\.webp$/);
    expect(await load.stillLoaded()).toBe(true);

    const stored = await site.t.db.prisma.upcomingCard.findFirstOrThrow({ where: { subtitle: 'Frieren' } });
    expect(stored).toMatchObject({ title: 'Watching', imageAlt: 'An elf under the stars', link: null });
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
    await expect.poll(() => h1Text(page)).toBe('Currently');
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
    await expect.poll(() => h1Text(page)).toBe('New Currently card');
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

describe('editing and ordering cards', () => {
  /** The subtitle of the carousel's slide n (1-based), as Swiper numbers the slides: their order. */
  const slideSubtitle = (page: Page, n: number, of: number) =>
    carousel(page).locator(`[aria-label="${n} of ${of}"] .currently-card-subtitle`).textContent();

  it('edits the words, alt text, link and focal point at 390 px, moves cards by keyboard, and the home page shows it', async () => {
    const { page } = site;
    // Decorative pictures, as every card had before alt texts.
    await createCard(site.t, { title: 'Reading', subtitle: 'Dune', imageAlt: '' });
    await createCard(site.t, { title: 'Watching', subtitle: 'Frieren', imageAlt: '' });
    await createCard(site.t, { title: 'Playing', subtitle: 'Hades II', imageAlt: '' });
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await page.goto(`${site.url}/show-upcoming`);
      await expect.poll(() => h1Text(page)).toBe('Currently');
      await expect.poll(() => listedSubtitles(page)).toEqual(['Hades II', 'Frieren', 'Dune']);
      const load = await markPageLoad(page);

      await page.getByRole('button', { name: 'Edit Reading: Dune' }).click();
      const form = page.getByRole('region', { name: 'Edit Reading: Dune' });
      // The form starts from what is stored.
      expect(await form.getByLabel('Subtitle').inputValue()).toBe('Dune');
      const focal = form.getByRole('button', { name: /^Focal point:/ });
      expect(await focal.getAttribute('aria-label')).toBe('Focal point: 50% from the left, 50% from the top');

      // A link the carousel could not lead to: refused under its field, nothing sent.
      await form.getByLabel('Link (optional)').fill('javascript:alert(1)');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('The link must be a web address starting with http:// or https://').waitFor();

      await form.getByLabel('Subtitle').fill('Dune Messiah');
      await form.getByLabel('Picture alt text').fill('A desert under two moons');
      await form.getByLabel('Link (optional)').fill('https://example.com/dune');
      // Two steps of four up, by keyboard: 10 % from the top.
      await focal.focus();
      await page.keyboard.press('Shift+ArrowUp');
      await page.keyboard.press('Shift+ArrowUp');
      expect(await focal.getAttribute('aria-label')).toBe('Focal point: 50% from the left, 10% from the top');
      // The preview is cut as the carousel cuts the card: 4:5, around the point.
      const preview = form.getByRole('img', { name: 'The picture as cards show it' });
      expect(await preview.getAttribute('class')).toContain('focus-y-10');
      const box = (await preview.boundingBox())!;
      expect(box.height / box.width).toBeCloseTo(5 / 4, 1);
      // Nothing wider than the phone, and axe finds nothing, in either theme.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const found: string[] = [];
      for (const theme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        for (const violation of await axeViolations(page)) found.push(`${theme} ${violation}`);
      }
      expect(found).toEqual([]);

      // Leaving with the changes unsaved asks first; No keeps them.
      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('navigation', { name: 'Author tools' }).getByRole('link', { name: 'Posts' }).click();
      await expect.poll(() => asked).toEqual(['You have unsaved changes. Leave this page and lose them?']);
      expect(pathOf(page)).toBe('/show-upcoming');
      // So does opening another card's form.
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Edit Playing: Hades II' }).click();
      await expect.poll(() => asked).toHaveLength(2);
      expect(asked[1]).toBe('You have unsaved changes. Leave this page and lose them?');
      expect(await form.getByLabel('Subtitle').inputValue()).toBe('Dune Messiah');

      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Currently card has been updated').waitFor();
      await expect.poll(() => listedSubtitles(page)).toEqual(['Hades II', 'Frieren', 'Dune Messiah']);
      // Focus is back on the card's Edit button.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Edit Reading: Dune Messiah');
      const stored = await site.t.db.prisma.upcomingCard.findFirstOrThrow({
        where: { subtitle: 'Dune Messiah' },
        include: { image: true },
      });
      expect(stored).toMatchObject({ imageAlt: 'A desert under two moons', link: 'https://example.com/dune' });
      expect(stored.image).toMatchObject({ focusX: 0.5, focusY: 0.1 });

      // Move up twice with the keyboard: focus stays on the card's button, and at the top goes to Move down.
      await page.getByRole('button', { name: 'Move up Reading: Dune Messiah' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => listedSubtitles(page)).toEqual(['Hades II', 'Dune Messiah', 'Frieren']);
      await page.getByRole('status').filter({ hasText: 'Reading: Dune Messiah is now 2 of 3' }).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Move up Reading: Dune Messiah');
      await page.keyboard.press('Enter');
      await expect.poll(() => listedSubtitles(page)).toEqual(['Dune Messiah', 'Hades II', 'Frieren']);
      expect(await page.getByRole('button', { name: 'Move up Reading: Dune Messiah' }).isDisabled()).toBe(true);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Move down Reading: Dune Messiah');
      await page.getByRole('button', { name: 'Move down Playing: Hades II' }).click();
      await expect.poll(() => listedSubtitles(page)).toEqual(['Dune Messiah', 'Frieren', 'Hades II']);
      const positions = await site.t.db.prisma.upcomingCard.findMany({ orderBy: { position: 'asc' } });
      expect(positions.map((card) => card.subtitle)).toEqual(['Dune Messiah', 'Frieren', 'Hades II']);

      // The home page, reached in the app: the carousel in that order, the alt text on the picture,
      // the picture cut around its point, and the whole card a link.
      await goHome(page);
      await expect.poll(() => slideSubtitle(page, 1, 3)).toBe('Dune Messiah');
      expect(await slideSubtitle(page, 2, 3)).toBe('Frieren');
      expect(await slideSubtitle(page, 3, 3)).toBe('Hades II');
      const picture = carousel(page).getByRole('img', { name: 'A desert under two moons' });
      expect(await picture.getAttribute('class')).toContain('focus-y-10');
      const link = carousel(page).getByRole('link', { name: /Dune Messiah/ });
      expect(await link.getAttribute('href')).toBe('https://example.com/dune');
      expect(await link.locator('img').getAttribute('alt')).toBe('A desert under two moons');
      // The cards without an alt text have a decorative picture: alt="", not a missing one.
      expect(await carousel(page).locator('img[alt=""]').count()).toBe(2);
      expect(await load.stillLoaded()).toBe(true);

      // And as the server renders it for a new visitor.
      const html = await (await fetch(`${site.url}/`)).text();
      const subtitles = [...html.matchAll(/class="currently-card-subtitle">([^<]*)</g)].map((match) => match[1]);
      expect(subtitles).toEqual(['Dune Messiah', 'Frieren', 'Hades II']);
      expect(html).toContain('<a class="currently-card-link" href="https://example.com/dune">');
      expect(html).toMatch(
        /<img class="card-image currently-card-image focus-x-50 focus-y-10"[^>]*alt="A desert under two moons"/,
      );
      expect(site.problems).toEqual([]);
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
