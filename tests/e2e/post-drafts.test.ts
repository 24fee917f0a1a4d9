// The editor as an author's workplace, in a real browser against the real server: a draft needs only
// a title and stays in its editor, saved; Submit publishes it under the checks of a post and lands
// on it, at the address the author chose; Schedule needs a time to come; Ctrl+S saves; an edit based
// on an older copy is refused where the author is, with Keep mine, Take theirs and both side by side;
// leaving unsaved changes asks first, in the app and in the browser's own way; a session that ends
// (a 401, a sign-out in another tab) keeps the editor and its words until the author signs in again.
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { postMessages } from '#kernel/post-rules.ts';
import { skippedTimeMessage } from '#kernel/zoned-time.ts';
import {
  type Account,
  adminTests,
  createAccount,
  footer,
  imageFiles,
  loginThroughForm,
  problemsBesidesStatus,
  storedUserInfo,
  toast,
} from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { collectConsoleErrors, launchBrowser } from './support/browser.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { h1Text, pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';
import { createDraft } from './support/studio-content.ts';

let site: E2eSite;
const images = imageFiles();
adminTests({ name: 'Ada', height: 1400, images }, (opened) => (site = opened));

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const title = (page: Page) => page.getByLabel('Title', { exact: true });
const state = (page: Page) => page.locator('.post-form-state');
const fieldMessage = (page: Page, label: string) =>
  page
    .locator('.form-field')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.form-field-error');
/** Signs `page` (another browser's) in as `account`: its session cookie and userInfo, as a past visit left them. */
async function signInPage(page: Page, account: Account) {
  const [name, ...value] = account.cookie.split('=');
  await page.context().addCookies([{ name: name!, value: value.join('='), url: site.url }]);
  await page.goto(`${site.url}/robots.txt`);
  await page.evaluate((info) => localStorage.setItem('userInfo', JSON.stringify(info)), {
    name: account.name,
    email: account.email,
    isAdmin: account.isAdmin,
  });
}

/** The text that describes a field to a screen reader (its aria-describedby), the hint under it. */
const describedBy = (field: Locator) =>
  field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const SITE_SETTINGS = `{ name tagline footerText language timeZone
  owner { name bio contactEmail portfolioUrl socialLinks { label url } } }`;

/** Puts the site in `timeZone` (updateSite, as the admin); returns how to put back the settings it had. */
async function setSiteTimeZone(admin: Account, timeZone: string): Promise<() => Promise<void>> {
  const { data } = await site.t.graphql(`query { site ${SITE_SETTINGS} }`);
  const { name, tagline, footerText, language, owner } = data.site;
  const update = async (zone: string) => {
    const input = {
      title: name,
      tagline,
      footerText,
      language,
      timeZone: zone,
      authorName: owner.name,
      bio: owner.bio,
    };
    const { contactEmail, portfolioUrl, socialLinks } = owner;
    const body = await site.t.graphql(
      `mutation ($input: UpdateSiteInput!) { updateSite(input: $input) { timeZone } }`,
      { input: { ...input, contactEmail, portfolioUrl, socialLinks } },
      { cookie: admin.cookie },
    );
    expect(body).toEqual({ data: { updateSite: { timeZone: zone } } });
  };
  await update(timeZone);
  return () => update(data.site.timeZone);
}

/** The name of the file the Image field holds, or null when none. */
const pickedFileName = (page: Page) =>
  page.getByLabel('Image').evaluate((input: HTMLInputElement) => input.files?.[0]?.name ?? null);
const stored = (id: string) => site.t.db.prisma.post.findUniqueOrThrow({ where: { id } });

/**
 * Resolves once the tasks the page had queued have run, a few rounds over: React renders a state
 * change in one task and runs its effects in the next.
 */
async function afterQueuedTasks(page: Page) {
  await page.evaluate(async () => {
    for (let round = 0; round < 3; round += 1) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

/**
 * Waits until the form opened last has read the picture this browser kept for it (IndexedDB,
 * client/src/lib/kept-images.ts) and shown what it found: a read-write transaction on the same
 * store starts only once every transaction made before it has finished.
 */
async function keptPictureRead(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('blog-unsaved-work');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const barrier = db.transaction('picked-images', 'readwrite');
          barrier.oncomplete = () => {
            db.close();
            resolve();
          };
          barrier.onerror = () => reject(barrier.error);
        };
      }),
  );
  await afterQueuedTasks(page);
}

/** The new post form, from the header's author tools (no page load). */
async function openNewPost(page: Page) {
  await page.getByRole('navigation', { name: 'Author tools' }).getByRole('link', { name: 'New post' }).click();
  await expect.poll(() => h1Text(page)).toBe('New post');
  await editor(page).waitFor();
}

async function openEditor(page: Page, id: string) {
  await page.goto(`${site.url}/blog/${id}/edit`);
  await editor(page).waitFor();
}

describe('a draft', () => {
  it('needs only a title, is stored as a draft (Ctrl+S) and stays in its own editor, saved; a reload brings it back', async () => {
    const { page } = site;
    await openNewPost(page);
    // Ctrl+S saves as a draft, through the same checks as its button: a title first.
    await page.getByLabel('Subtitle').focus();
    await page.keyboard.press('Control+s');
    await expect.poll(() => fieldMessage(page, 'Title').textContent()).toBe('This field is required');
    expect(pathOf(page)).toBe('/new');
    await title(page).fill('Half an idea about Mother 3');
    // The address the title makes, until one is typed.
    expect(await page.getByLabel('Address').getAttribute('placeholder')).toBe('half-an-idea-about-mother-3');
    await expect.poll(() => state(page).textContent()).toBe('Unsaved changes');
    await page.keyboard.press('Control+s');

    await expect.poll(() => pathOf(page)).toMatch(/^\/blog\/[0-9a-f-]{36}\/edit$/);
    const id = pathOf(page).split('/')[2]!;
    await expect.poll(() => state(page).textContent()).toBe('Saved');
    expect(await page.getByText('Status: Draft').count()).toBe(1);
    expect(await fieldMessage(page, 'Subtitle').count()).toBe(0);
    expect(await stored(id)).toMatchObject({
      title: 'Half an idea about Mother 3',
      status: 'DRAFT',
      slug: 'half-an-idea-about-mother-3',
      publishedAt: null,
    });
    // What the server holds now is the draft: the browser's copy is gone.
    expect(await page.evaluate(() => localStorage.getItem('newPostDraft'))).toBeNull();

    // More words, saved again in place: the same post.
    await page.getByLabel('Subtitle').fill('Threads of an ending');
    await expect.poll(() => state(page).textContent()).toBe('Unsaved changes');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => state(page).textContent()).toBe('Saved');
    expect(pathOf(page)).toBe(`/blog/${id}/edit`);
    expect((await stored(id)).subtitle).toBe('Threads of an ending');

    await page.reload();
    await expect.poll(() => title(page).inputValue()).toBe('Half an idea about Mother 3');
    expect(await page.getByLabel('Subtitle').inputValue()).toBe('Threads of an ending');
    expect(await site.t.db.prisma.post.count({ where: { title: 'Half an idea about Mother 3' } })).toBe(1);
    expect(site.problems).toEqual([]);
  });

  it("is published with Submit once the post's checks pass, at the address chosen, and the author lands on it", async () => {
    const { page } = site;
    const draft = await createDraft(site.t, 'Disco Elysium notes');
    await openEditor(page, draft.id);
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldMessage(page, 'Image').textContent()).toBe('Image is required');
    expect(await fieldMessage(page, 'Subtitle').textContent()).toBe('This field is required');
    expect((await stored(draft.id)).status).toBe('DRAFT');

    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'revachol.png' }));
    await page.getByLabel('Cover alt text').fill('A grey harbour at dawn');
    await page.getByLabel('Subtitle').fill('A detective, a city');
    await editor(page).click();
    await page.keyboard.type('Words that hurt.');
    await page.getByLabel('Category').selectOption({ label: 'Game' });
    await page.getByLabel('Address').fill('Not an address!');
    await page.getByLabel('Description').fill('x'.repeat(161));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldMessage(page, 'Address').textContent()).toBe('Lower-case letters, numbers and dashes only');
    expect(await fieldMessage(page, 'Description').textContent()).toBe('160 characters maximum allowed');
    await page.getByLabel('Address').fill('disco-elysium');
    await page.getByLabel('Description').fill('Why a game about failing is the kindest one.');
    await page.getByRole('button', { name: 'Submit' }).click();

    await toast(page, 'Blogpost has been updated').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/blog/disco-elysium');
    await expect.poll(() => h1Text(page)).toBe('Disco Elysium notes');
    expect(await page.getByText('Preview:').count()).toBe(0);
    await page.getByRole('main').getByRole('img', { name: 'A grey harbour at dawn' }).waitFor();
    expect(await stored(draft.id)).toMatchObject({
      status: 'PUBLISHED',
      slug: 'disco-elysium',
      imageAlt: 'A grey harbour at dawn',
      description: 'Why a game about failing is the kindest one.',
    });
    expect(site.problems).toEqual([]);
  });
});

describe('autosave', () => {
  it("saves a draft's text by itself once typing pauses; a reload finds it on the server", async () => {
    const { page } = site;
    const draft = await createDraft(site.t, 'Outer Wilds diary');
    await openEditor(page, draft.id);
    await expect.poll(() => title(page).inputValue()).toBe('Outer Wilds diary');
    await page.getByLabel('Subtitle').fill('Day one');
    await editor(page).click();
    await page.keyboard.type('The sun went out again.');
    // No button pressed: it saves itself.
    await expect.poll(() => state(page).textContent(), { timeout: 10_000 }).toBe('Saved');
    expect(await stored(draft.id)).toMatchObject({
      status: 'DRAFT',
      subtitle: 'Day one',
      content: '<p>The sun went out again.</p>',
    });

    // Nothing is left unsaved: leaving asks nothing, and the next visit shows it all.
    await page.getByRole('banner').getByRole('link', { name: 'BLOG', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/blog');
    await openEditor(page, draft.id);
    await expect.poll(() => page.getByLabel('Subtitle').inputValue()).toBe('Day one');
    await editor(page).getByText('The sun went out again.').waitFor();
    expect(site.problems).toEqual([]);
  });

  it('never saves a published post by itself', async () => {
    const { page } = site;
    const post = await createPost(site.t, { title: 'Tunic, published' });
    // The page's clock, so the seconds below pass at once (installed before the editor's scripts run).
    await page.clock.install();
    await openEditor(page, post.id);
    await expect.poll(() => title(page).inputValue()).toBe('Tunic, published');
    await page.getByLabel('Subtitle').fill('Not yet, please');
    // Twice the 1.5 s pause after which a draft saves itself: a draft would be 'Saving…' by now.
    await page.clock.runFor(3000);
    await afterQueuedTasks(page);
    expect(await state(page).textContent()).toBe('Unsaved changes');
    expect(await stored(post.id)).toMatchObject({ status: 'PUBLISHED', subtitle: 'A subtitle' });

    // Ctrl+S from inside the text saves it as it is, published, and the author stays in the editor.
    await editor(page).click();
    await page.keyboard.type(' Now.');
    await page.keyboard.press('Control+s');
    await toast(page, 'Blogpost has been updated').waitFor();
    await expect.poll(() => state(page).textContent()).toBe('Saved and published');
    expect(pathOf(page)).toBe(`/blog/${post.id}/edit`);
    const saved = await stored(post.id);
    expect(saved).toMatchObject({ status: 'PUBLISHED', subtitle: 'Not yet, please' });
    expect(saved.content).toContain('Now.');
    expect(site.problems).toEqual([]);
  });
});

describe('scheduling', () => {
  // "Publish at" is wall-clock time in the site's time zone, whatever the browser's: this author's
  // browser is in Los Angeles, the site in Paris (kernel/zoned-time.ts).
  it("asks for a time to come in the site's time zone, stores the post as scheduled and stays in its editor", async () => {
    const post = await createDraft(site.t, 'Scheduled for later', { category: 'anime' });
    const author = await createAccount(site, { isAdmin: true, name: 'Grace' });
    const restoreZone = await setSiteTimeZone(author, 'Europe/Paris');
    const abroad = await launchBrowser({ timezoneId: 'America/Los_Angeles' });
    try {
      const page = await abroad.context.newPage();
      const problems = collectConsoleErrors(page);
      await signInPage(page, author);
      await openEditor(page, post.id);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
      const publishAt = page.getByLabel('Publish at');
      expect(await describedBy(publishAt)).toBe("Europe/Paris time (the site's time zone)");
      await page.getByLabel('Image').setInputFiles(await images.write({ name: 'later.png' }));
      await page.getByLabel('Subtitle').fill('Patience');
      await editor(page).click();
      await page.keyboard.type('Soon.');
      await page.getByRole('button', { name: 'Schedule' }).click();
      expect(await fieldMessage(page, 'Publish at').textContent()).toBe(postMessages.publishAtRequired);
      expect((await stored(post.id)).status).toBe('DRAFT');

      await publishAt.fill('2001-01-01T10:00');
      expect(await fieldMessage(page, 'Publish at').textContent()).toBe(postMessages.publishAtPast);
      // The night Paris's clocks go from 02:00 to 03:00: no 02:30 there, and the author is told so.
      await publishAt.fill('2099-03-29T02:30');
      await page.getByRole('button', { name: 'Schedule' }).click();
      await expect.poll(() => fieldMessage(page, 'Publish at').textContent()).toBe(skippedTimeMessage('Europe/Paris'));
      expect((await stored(post.id)).status).toBe('DRAFT');

      // 09:00 in Paris in winter (UTC+1) is 08:00 UTC; read in Los Angeles it would be 17:00 UTC.
      await publishAt.fill('2099-01-15T09:00');
      await page.getByRole('button', { name: 'Schedule' }).click();
      await expect.poll(() => state(page).textContent()).toBe('Saved: scheduled for Jan 15, 2099, 09:00 GMT+1');
      expect(pathOf(page)).toBe(`/blog/${post.id}/edit`);
      expect(await page.getByText('Status: Scheduled').count()).toBe(1);
      const { data } = await site.t.graphql(
        'query ($id: ID!) { post(id: $id) { status publishedAt } }',
        { id: post.id },
        { cookie: author.cookie },
      );
      expect(data.post).toEqual({ status: 'SCHEDULED', publishedAt: '2099-01-15T08:00:00.000Z' });

      // Opened again, the field shows the same wall time, and the studio's list the same time.
      await page.reload();
      await editor(page).waitFor();
      expect(await publishAt.inputValue()).toBe('2099-01-15T09:00');
      await page.goto(`${site.url}/admin/posts?q=Scheduled`);
      await page.getByText('Scheduled for Jan 15, 2099, 09:00 GMT+1').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await abroad.close();
      await restoreZone();
    }
    expect(site.problems).toEqual([]);
  });
});

describe('the autosave', () => {
  it('carries a draft to a second device, waits out a lost connection, and never overwrites a newer copy', async () => {
    const { page } = site;
    const author = await createAccount(site, { isAdmin: true, name: 'Katherine' });
    const post = await createDraft(site.t, 'Celeste');
    await openEditor(page, post.id);
    await editor(page).click();
    await page.keyboard.type('Climbing a mountain.');
    await expect.poll(() => state(page).textContent(), { timeout: 10_000 }).toBe('Saved');
    expect((await stored(post.id)).content).toContain('Climbing a mountain.');

    // The author's other device: a browser of its own, signed in as the same author.
    const other = await launchBrowser();
    try {
      const laptop = await other.context.newPage();
      await signInPage(laptop, author);
      await laptop.goto(`${site.url}/blog/${post.id}/edit`);
      await editor(laptop).getByText('Climbing a mountain.').waitFor();

      // The first device loses its connection while the author goes on writing.
      await page.context().setOffline(true);
      await title(page).fill('Celeste, the summit');
      await expect
        .poll(() => state(page).textContent(), { timeout: 10_000 })
        .toBe('Not saved: No connection to the server. Kept in this browser; trying again…');
      expect((await stored(post.id)).title).toBe('Celeste');
      // No error toast for a save the author did not ask for.
      expect(await page.locator('.Toastify__toast--error').count()).toBe(0);
      // The words are kept in this browser meanwhile.
      const kept = await page.evaluate((key) => localStorage.getItem(key), `postDraft:${post.id}`);
      expect(JSON.parse(kept ?? 'null')).toMatchObject({ values: { title: 'Celeste, the summit' } });

      // Back online: saved by itself.
      await page.context().setOffline(false);
      await expect.poll(() => state(page).textContent(), { timeout: 15_000 }).toBe('Saved');
      expect((await stored(post.id)).title).toBe('Celeste, the summit');

      // The second device still holds the older copy: its autosave is refused, nothing is overwritten.
      await title(laptop).fill('Celeste, from the laptop');
      await laptop.getByRole('alert').filter({ hasText: postMessages.conflict }).waitFor({ timeout: 10_000 });
      expect((await stored(post.id)).title).toBe('Celeste, the summit');
      // A refused autosave is announced without taking the focus from where the author types.
      expect(await title(laptop).evaluate((input) => input === document.activeElement)).toBe(true);
      // A bar in view leads to the choices.
      await laptop.getByRole('button', { name: 'Choose which version to keep' }).click();
      const panel = laptop.getByRole('region', { name: 'Not saved: this post changed elsewhere' });
      await expect.poll(() => panel.evaluate((element) => element === document.activeElement)).toBe(true);
      await panel.getByRole('button', { name: 'Take theirs' }).click();
      await expect.poll(() => title(laptop).inputValue()).toBe('Celeste, the summit');
    } finally {
      await page.context().setOffline(false);
      await other.close();
    }
    const offline = (problem: string) => /ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(problem);
    expect(site.problems.filter((problem) => !offline(problem))).toEqual([]);
  });
});

describe('two copies of one post', () => {
  // Each test opens its tabs at a width of its own: the file's window after it.
  afterEach(() => site.page.setViewportSize({ width: 1280, height: 1400 }));

  /** The two versions of one text in a side-by-side view: [left, right]. */
  const versionsOf = (view: Locator, name: string) =>
    view
      .getByRole('rowgroup')
      .filter({ hasText: new RegExp(`^${name} \\(`) })
      .getByRole('cell')
      .allTextContents();
  /** The post open in two tabs of one browser; tab B saves first, so tab A's Submit is refused. */
  async function conflictInTwoTabs(width: number, names: { title: string; theirs: string; mine: string }) {
    const { page } = site;
    // A window shorter than the form: the Submit button and the top of the form are not both in view.
    await page.setViewportSize({ width, height: 800 });
    const post = await createPost(site.t, { title: names.title, subtitle: 'A mystery in ink' });
    await openEditor(page, post.id);
    await expect.poll(() => title(page).inputValue()).toBe(names.title);
    const tabB = await page.context().newPage();
    await openEditor(tabB, post.id);
    await expect.poll(() => title(tabB).inputValue()).toBe(names.title);
    await title(tabB).fill(names.theirs);
    await tabB.getByRole('button', { name: 'Submit' }).click();
    await toast(tabB, 'Blogpost has been updated').waitFor();
    await tabB.close();

    await page.getByLabel('Subtitle').fill(names.mine);
    await page.getByRole('button', { name: 'Submit' }).click();
    const conflict = page.getByRole('region', { name: 'Not saved: this post changed elsewhere' });
    await conflict.getByRole('alert').filter({ hasText: postMessages.conflict }).waitFor();
    // Where the author is looking: in view, with the focus, and the state line says why.
    expect(await conflict.evaluate((panel) => panel === document.activeElement)).toBe(true);
    const box = await conflict.evaluate((panel) => {
      const { top, bottom } = panel.getBoundingClientRect();
      return { top, bottom, height: window.innerHeight };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.top).toBeLessThan(box.height);
    expect(await state(page).textContent()).toBe(
      'Not saved: this post changed elsewhere. Choose below which version to keep.',
    );
    expect(pathOf(page)).toBe(`/blog/${post.id}/edit`);
    expect(await stored(post.id)).toMatchObject({ title: names.theirs, subtitle: 'A mystery in ink' });
    expect(await page.getByLabel('Subtitle').inputValue()).toBe(names.mine);

    // Side by side: both versions of each text.
    await conflict.getByText('Compare the two versions').click();
    expect(await versionsOf(conflict, 'Title')).toEqual([names.title, names.theirs]);
    expect(await versionsOf(conflict, 'Subtitle')).toEqual([names.mine, 'A mystery in ink']);
    expect(await versionsOf(conflict, 'Content')).toEqual(['Some words.', 'Some words.']);
    expect(await axeViolations(page)).toEqual([]);
    return { post, conflict };
  }

  it('refuses a save based on an older copy and shows why where the author is; Keep mine saves this tab (1280 px)', async () => {
    const { page } = site;
    const { post, conflict } = await conflictInTwoTabs(1280, {
      title: 'Pentiment',
      theirs: 'Pentiment, from tab B',
      mine: 'Mine, from tab A',
    });
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await toast(page, 'Blogpost has been updated').waitFor();
    // This tab's text, all of it, over the other's.
    expect(await stored(post.id)).toMatchObject({ title: 'Pentiment', subtitle: 'Mine, from tab A' });
    await expect.poll(() => h1Text(page)).toBe('Pentiment');
    expect(problemsBesidesStatus(site.problems, 409)).toEqual([]);
  });

  it("Take theirs loads the stored copy and keeps this tab's text on screen to put back (390 px)", async () => {
    const { page } = site;
    const { post, conflict } = await conflictInTwoTabs(390, {
      title: 'Return of the Obra Dinn',
      theirs: 'Obra Dinn, from tab B',
      mine: 'Mine, from tab A',
    });
    await conflict.getByRole('button', { name: 'Take theirs' }).click();
    await expect.poll(() => title(page).inputValue()).toBe('Obra Dinn, from tab B');
    expect(await page.getByLabel('Subtitle').inputValue()).toBe('A mystery in ink');
    expect(await conflict.count()).toBe(0);
    expect(await stored(post.id)).toMatchObject({ title: 'Obra Dinn, from tab B', subtitle: 'A mystery in ink' });
    // This tab's words stay on the page, beside the form's.
    const mine = page.getByRole('region', { name: 'Your text from this tab, not saved' });
    expect(await mine.evaluate((panel) => panel === document.activeElement)).toBe(true);
    expect(await versionsOf(mine, 'Subtitle')).toEqual(['Mine, from tab A', 'A mystery in ink']);
    expect(await state(page).textContent()).toBe('');

    // Put back, they are unsaved changes on the latest copy, and the save goes through.
    await mine.getByRole('button', { name: 'Put mine back in the form' }).click();
    await expect.poll(() => page.getByLabel('Subtitle').inputValue()).toBe('Mine, from tab A');
    expect(await title(page).inputValue()).toBe('Return of the Obra Dinn');
    await title(page).fill('Obra Dinn, both tabs');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Blogpost has been updated').waitFor();
    expect(await stored(post.id)).toMatchObject({ title: 'Obra Dinn, both tabs', subtitle: 'Mine, from tab A' });
    expect(problemsBesidesStatus(site.problems, 409)).toEqual([]);
  });
});

describe('unsaved changes', () => {
  it('are asked about before leaving by a link, and lost only when the author says so', async () => {
    const { page } = site;
    const post = await createPost(site.t, { title: 'Inscryption' });
    await openEditor(page, post.id);
    await expect.poll(() => title(page).inputValue()).toBe('Inscryption');

    // Nothing changed: no question.
    const questions: string[] = [];
    const record = (dialog: { message(): string; dismiss(): Promise<void> }) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    };
    page.on('dialog', record);
    await page.getByRole('banner').getByRole('link', { name: 'ABOUT', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/about');
    expect(questions).toEqual([]);
    await page.goBack();
    await expect.poll(() => title(page).inputValue()).toBe('Inscryption');

    await title(page).fill('Inscryption, a card game');
    await page.getByRole('banner').getByRole('link', { name: 'BLOG', exact: true }).click();
    await expect.poll(() => questions).toEqual(['You have unsaved changes. Leave this page and lose them?']);
    page.off('dialog', record);
    expect(pathOf(page)).toBe(`/blog/${post.id}/edit`);
    expect(await title(page).inputValue()).toBe('Inscryption, a card game');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('banner').getByRole('link', { name: 'BLOG', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/blog');
    expect((await stored(post.id)).title).toBe('Inscryption');
    // Given up on purpose: no copy is kept to be restored next time.
    expect(await page.evaluate((key) => localStorage.getItem(key), `postDraft:${post.id}`)).toBeNull();
    expect(site.problems).toEqual([]);
  });

  it("are asked about by the browser's own prompt before a reload or closing the tab", async () => {
    const { page } = site;
    await openNewPost(page);
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'unsaved.png' }));
    await title(page).fill('Picked a picture');

    const kinds: string[] = [];
    page.once('dialog', (dialog) => {
      kinds.push(dialog.type());
      void dialog.dismiss();
    });
    // Dismissed: the browser stays on the page, picture and all.
    await page.evaluate(() => window.location.reload());
    await expect.poll(() => kinds).toEqual(['beforeunload']);
    expect(await page.getByLabel('Image').evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(1);

    page.once('dialog', (dialog) => {
      kinds.push(dialog.type());
      void dialog.accept();
    });
    await page.evaluate(() => window.location.reload());
    await editor(page).waitFor();
    expect(kinds).toEqual(['beforeunload', 'beforeunload']);
    // The typed words came back from the browser's draft, and the picture with them.
    expect(await title(page).inputValue()).toBe('Picked a picture');
    await expect.poll(() => pickedFileName(page)).toBe('unsaved.png');
    await page.getByRole('img', { name: 'The picked image' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();

    // Discarded: words and picture go, and stay gone after another reload.
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => title(page).inputValue()).toBe('');
    expect(await pickedFileName(page)).toBeNull();
    await page.evaluate(() => window.location.reload());
    await editor(page).waitFor();
    await keptPictureRead(page);
    expect(await pickedFileName(page)).toBeNull();
    expect(await page.getByText('Draft restored').count()).toBe(0);
    expect(site.problems).toEqual([]);
  });
});

describe('a session that ends while writing', () => {
  it('keeps a new post, picture and all, through the 401, and publishes it after signing in again', async () => {
    const { page } = site;
    const author = await createAccount(site, { isAdmin: true, name: 'Hedy' });
    await openNewPost(page);
    await page.getByLabel('Image').setInputFiles(await images.write({ name: 'okami.png', width: 1200, height: 675 }));
    await title(page).fill('Okami');
    await page.getByLabel('Subtitle').fill('Brush strokes');
    await editor(page).click();
    await page.keyboard.type('A wolf paints the world back.');
    await page.getByLabel('Category').selectOption({ label: 'Game' });

    // The session ends elsewhere; Submit meets a 401. The form stays, with all it holds, and says so.
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Submit' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'You are signed out, so this post cannot be saved.' });
    await notice.waitFor();
    expect(pathOf(page)).toBe('/new');
    expect(await storedUserInfo(page)).toBeNull();
    expect(await title(page).inputValue()).toBe('Okami');
    expect(await site.t.db.prisma.post.count({ where: { title: 'Okami' } })).toBe(0);

    // Signing in again comes back to the form, words and picture restored from this browser.
    await notice.getByRole('link', { name: 'Sign in again to save' }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/login\?next=/);
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password').fill(author.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/new');
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    expect(await title(page).inputValue()).toBe('Okami');
    await expect.poll(() => pickedFileName(page)).toBe('okami.png');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Blogpost has been created').waitFor();
    const created = await site.t.db.prisma.post.findFirstOrThrow({
      where: { title: 'Okami' },
      include: { image: true },
    });
    // The picture that went up is the one picked before the 401: its own size, not a stand-in.
    expect(created.image).toMatchObject({ width: 1200, height: 675 });
    expect(await pathOf(page)).toBe(`/blog/${created.slug}`);
    // Stored on the server: nothing is kept to be restored any more.
    await openNewPost(page);
    await keptPictureRead(page);
    expect(await pickedFileName(page)).toBeNull();
    expect(await page.getByText('Draft restored').count()).toBe(0);
    expect(problemsBesidesStatus(site.problems, 401)).toEqual([]);
  });

  it('keeps the unsaved edit through the 401, and brings it back after signing in, saying so', async () => {
    const { page } = site;
    const author = await createAccount(site, { isAdmin: true, name: 'Grace' });
    const post = await createPost(site.t, { title: 'Gris' });
    await openEditor(page, post.id);
    await expect.poll(() => title(page).inputValue()).toBe('Gris');
    await title(page).fill('Gris, in colour');

    // The session ends elsewhere (expired, signed out on another device).
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Submit' }).click();
    // Signed out, but the editor stays with the words, and says how to save them...
    const notice = page.getByRole('alert').filter({ hasText: 'You are signed out, so this post cannot be saved.' });
    await notice.waitFor();
    expect(pathOf(page)).toBe(`/blog/${post.id}/edit`);
    expect(await storedUserInfo(page)).toBeNull();
    expect((await stored(post.id)).title).toBe('Gris');
    expect(await title(page).inputValue()).toBe('Gris, in colour');
    // ...and they are in this browser too.
    const kept = await page.evaluate((key) => localStorage.getItem(key), `postDraft:${post.id}`);
    expect(JSON.parse(kept ?? 'null')).toMatchObject({ values: { title: 'Gris, in colour' } });

    // Signed out, leaving asks nothing and gives nothing up; the login comes back here.
    await notice.getByRole('link', { name: 'Sign in again to save' }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/login\?next=/);
    await page.getByLabel('Email').fill(author.email);
    await page.getByLabel('Password').fill(author.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Logged in successfully').waitFor();
    await expect.poll(() => pathOf(page)).toBe(`/blog/${post.id}/edit`);
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    expect(await title(page).inputValue()).toBe('Gris, in colour');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Blogpost has been updated').waitFor();
    expect((await stored(post.id)).title).toBe('Gris, in colour');
    expect(await page.evaluate((key) => localStorage.getItem(key), `postDraft:${post.id}`)).toBeNull();
    expect(problemsBesidesStatus(site.problems, 401)).toEqual([]);
  });

  it('keeps an editor open with its words when another tab signs out, and saves exactly them once signed in again (390 px)', async () => {
    const { page } = site;
    const author = await createAccount(site, { isAdmin: true, name: 'Margaret' });
    // Signed in as an author of its own (a sign-in here would end the file's admin session).
    await page.context().clearCookies();
    await loginThroughForm(site, author);
    await page.setViewportSize({ width: 390, height: 800 });
    const tabB = await page.context().newPage();
    try {
      const post = await createPost(site.t, { title: 'Hades' });
      await openEditor(page, post.id);
      await expect.poll(() => title(page).inputValue()).toBe('Hades');
      await title(page).fill('Hades, one more run');
      await editor(page).click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Escape again.');

      // Tab B signs out.
      await tabB.goto(`${site.url}/about`);
      await footer(tabB).getByRole('button', { name: 'Logout' }).click();
      await expect.poll(() => pathOf(tabB)).toBe('/');

      // Tab A stays, words and all, and says where the author looks that saving needs a sign-in.
      const notice = page.getByRole('alert').filter({ hasText: 'You are signed out, so this post cannot be saved.' });
      await notice.waitFor();
      expect(pathOf(page)).toBe(`/blog/${post.id}/edit`);
      expect(await title(page).inputValue()).toBe('Hades, one more run');
      const inView = await notice.evaluate((element) => {
        const { top, bottom } = element.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
      expect(inView).toBe(true);
      // The session and the user's data are gone from the browser; the unsent draft is not.
      expect(await storedUserInfo(page)).toBeNull();
      const keys = await page.evaluate(() => Object.keys(localStorage));
      expect(keys).toEqual([`postDraft:${post.id}`]);
      const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!) as unknown, keys[0]!);
      expect(kept).toMatchObject({ values: { title: 'Hades, one more run' } });

      // A save meanwhile sends nothing and says why.
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect
        .poll(() => state(page).textContent())
        .toBe('Not saved: you are signed out. Kept in this browser until you sign in again.');
      expect((await stored(post.id)).title).toBe('Hades');

      // Signed in again in tab B: tab A saves at once (Ctrl+S), exactly what was typed.
      await tabB.goto(`${site.url}/login`);
      await tabB.getByLabel('Email').fill(author.email);
      await tabB.getByLabel('Password').fill(author.password);
      await tabB.getByRole('button', { name: 'Login', exact: true }).click();
      await expect.poll(() => pathOf(tabB)).toBe('/');
      await expect.poll(() => notice.count()).toBe(0);
      await page.keyboard.press('Control+s');
      await toast(page, 'Blogpost has been updated').waitFor();
      const saved = await stored(post.id);
      expect(saved.title).toBe('Hades, one more run');
      expect(saved.content).toBe('<p>Some words. Escape again.</p>');
      expect(await page.evaluate((key) => localStorage.getItem(key), `postDraft:${post.id}`)).toBeNull();

      // Signing out in this tab keeps unsent words too: home without a question, restored after signing in.
      await title(page).fill('Hades, the last run');
      await footer(page).getByRole('button', { name: 'Logout' }).click();
      await expect.poll(() => pathOf(page)).toBe('/');
      expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([`postDraft:${post.id}`]);
      await loginThroughForm(site, author);
      await openEditor(page, post.id);
      await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
      expect(await title(page).inputValue()).toBe('Hades, the last run');
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await expect.poll(() => title(page).inputValue()).toBe('Hades, one more run');
      expect(site.problems).toEqual([]);
    } finally {
      await tabB.close();
      await page.setViewportSize({ width: 1280, height: 1400 });
    }
  });

  it('offers to discard a restored draft, back to what the server holds', async () => {
    const { page } = site;
    const post = await createPost(site.t, { title: 'Spiritfarer' });
    await openEditor(page, post.id);
    await expect.poll(() => title(page).inputValue()).toBe('Spiritfarer');
    await title(page).fill('Spiritfarer, kept here');
    // The browser asks before the reload (the change is unsaved): yes.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.evaluate(() => window.location.reload());
    await page.getByRole('status').filter({ hasText: 'Draft restored' }).waitFor();
    expect(await title(page).inputValue()).toBe('Spiritfarer, kept here');

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => title(page).inputValue()).toBe('Spiritfarer');
    expect(await page.getByText('Draft restored').count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), `postDraft:${post.id}`)).toBeNull();
    // Nothing unsaved now: leaving asks nothing.
    await page.getByRole('banner').getByRole('link', { name: 'BLOG', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/blog');
    expect((await stored(post.id)).title).toBe('Spiritfarer');
    expect(site.problems).toEqual([]);
  });
});
