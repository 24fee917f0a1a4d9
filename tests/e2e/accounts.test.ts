// Signing in and out as a user does it, the footer that follows, the profile form, the client
// letting go of a session the server no longer knows (a 401, or a stale userInfo at start-up), and
// the first run of a new site.
import type { Locator, Request } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupMessages } from '#kernel/setup-rules.ts';
import { verifyPassword } from '../../server/modules/auth/password.ts';
import { prepareDatabase } from '../../server/startup.ts';
import {
  createAccount,
  footer,
  imageFiles,
  loginThroughForm,
  problemsBesidesStatus,
  restoreSession,
  signOutBrowser,
  storedUserInfo,
  toast,
} from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { desktopSiteTests, type E2eSite, openSite } from './support/e2e-site.ts';
import { accessibleNodes, h1Text, menuSummary, operation, pathOf, whileGraphqlHeld } from './support/page-checks.ts';

let site: E2eSite;
desktopSiteTests((opened) => (site = opened));
beforeEach(async () => {
  await signOutBrowser(site);
  site.problems.length = 0;
});

const ADMIN_LINKS = [
  ['Create blog', '/new'],
  ['Create cards', '/new-upcoming'],
  ['Show cards', '/show-upcoming'],
] as const;

/** The hrefs of the footer's account links, by name. */
async function accountLinks() {
  const links = footer(site.page).getByRole('navigation', { name: 'Account' }).getByRole('link');
  const names = await links.allTextContents();
  const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));
  return names.map((name, index) => [name, hrefs[index]]);
}

/** A new reader named Ada, signed in through the form, on their profile (the footer's link). */
async function readerOnProfile() {
  const reader = await createAccount(site, { name: 'Ada' });
  await loginThroughForm(site, reader);
  await footer(site.page).getByRole('link', { name: 'Profile' }).click();
  await expect.poll(() => h1Text(site.page)).toBe('Profile');
  return reader;
}

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

describe('logging in', () => {
  it('signs an admin in from the footer: toast, home page, name and admin links, userInfo stored', async () => {
    const { page } = site;
    const admin = await createAccount(site, { isAdmin: true, name: 'Grace Hopper' });
    await footer(page).getByRole('link', { name: 'Login', exact: true }).click();
    await expect.poll(() => h1Text(page)).toBe('Login');

    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    await toast(page, 'Logged in successfully').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/');
    await footer(page).getByText('Signed in as Grace Hopper').waitFor();
    expect(await accountLinks()).toEqual([['Profile', '/profile'], ...ADMIN_LINKS]);
    expect(await footer(page).getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await footer(page).getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    expect(await storedUserInfo(page)).toEqual({ name: 'Grace Hopper', email: admin.email, isAdmin: true });

    // Still signed in after a reload: the server confirms the stored user.
    await page.reload();
    await footer(page).getByText('Signed in as Grace Hopper').waitFor();
    expect(await accountLinks()).toEqual([['Profile', '/profile'], ...ADMIN_LINKS]);
    expect(site.problems).toEqual([]);
  });

  it('shows a reader their name, Profile and Logout, and no admin link', async () => {
    const { page } = site;
    const reader = await createAccount(site, { name: 'Ada' });
    await loginThroughForm(site, reader);
    await footer(page).getByText('Signed in as Ada').waitFor();
    expect(await accountLinks()).toEqual([['Profile', '/profile']]);
    expect(await storedUserInfo(page)).toEqual({ name: 'Ada', email: reader.email, isAdmin: false });
    expect(site.problems).toEqual([]);
  });

  it('shows the spinner while the request runs, and the button cannot send it twice', async () => {
    const { page } = site;
    const reader = await createAccount(site);
    const logins = await whileGraphqlHeld(page, operation('mutation Login'), async (release) => {
      await page.goto(`${site.url}/login`);
      await page.getByLabel('Email').fill(reader.email);
      await page.getByLabel('Password').fill(reader.password);
      const submit = page.getByRole('button', { name: 'Login', exact: true });
      await submit.click();
      await page.getByRole('status', { name: 'Signing in' }).waitFor();
      expect(await submit.isDisabled()).toBe(true);
      release();
      await toast(page, 'Logged in successfully').waitFor();
      expect(await page.getByRole('status', { name: 'Signing in' }).count()).toBe(0);
    });
    expect(logins).toBe(1);
    expect(site.problems).toEqual([]);
  });

  it("shows the server's message in an error toast for a wrong password, and stores nothing", async () => {
    const { page } = site;
    const reader = await createAccount(site);
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').fill(reader.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    const message = toast(page, 'Invalid email or password');
    await message.waitFor();
    expect(await message.getAttribute('class')).toContain('Toastify__toast--error');
    expect(pathOf(page)).toBe('/login');
    expect(await storedUserInfo(page)).toBeNull();
    await footer(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
    // The only console line is Chromium's own log of the 401 answer.
    expect(problemsBesidesStatus(site.problems, 401)).toEqual([]);
  });

  it('checks the fields before sending anything: required, then a valid email', async () => {
    const { page } = site;
    let requests = 0;
    const countLogins = (request: Request) => {
      if (request.postData()?.includes('mutation Login')) requests += 1;
    };
    page.on('request', countLogins);
    await page.goto(`${site.url}/login`);
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    const form = page.locator('form');
    await form.getByText('This field is required').first().waitFor();
    expect(await form.getByText('This field is required').count()).toBe(2);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => email.evaluate((element) => element === document.activeElement)).toBe(true);
    // The message is read out with the field.
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('This field is required');

    await email.fill('not-an-email');
    await expect.poll(() => form.getByText('Not a valid email', { exact: true }).count()).toBe(1);
    await password.fill('something');
    await expect.poll(() => form.getByText('This field is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect(await form.getByText('Not a valid email', { exact: true }).count()).toBe(1);

    await email.fill('someone@example.com');
    await expect.poll(() => form.getByText('Not a valid email', { exact: true }).count()).toBe(0);
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(requests).toBe(0);
    page.off('request', countLogins);
    expect(site.problems).toEqual([]);
  });
});

describe('logging out', () => {
  it("ends the session on the server, clears the user and local storage but the device's theme, and goes home", async () => {
    const { page } = site;
    const admin = await createAccount(site, { isAdmin: true, name: 'Grace' });
    await loginThroughForm(site, admin);
    await page.evaluate(() => localStorage.setItem('somethingElse', 'kept until logout'));
    // The reader's theme is this device's setting, not the user's: it outlives the sign-out.
    await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ABOUT' }).click();
    await expect.poll(() => pathOf(page)).toBe('/about');
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'session');
    expect(session).toBeDefined();

    await footer(page).getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await footer(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await footer(page).getByText('Signed in as').count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['theme']);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');

    // The server ended the session too: its cookie no longer signs anyone in.
    const { data } = await site.t.graphql('{ me { id } }', {}, { cookie: `session=${session!.value}` });
    expect(data).toEqual({ me: null });
    await page.goto(`${site.url}/show-upcoming`);
    await expect.poll(() => pathOf(page)).toBe('/');
    expect(site.problems).toEqual([]);
  });
});

describe('a session the server no longer knows', () => {
  it('signs the client out on a 401: user info and local storage cleared, guarded screen left', async () => {
    const { page } = site;
    await readerOnProfile();

    await site.t.db.prisma.session.deleteMany();
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Update' }).click();

    await toast(page, 'Not authorized').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/');
    await footer(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await storedUserInfo(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(problemsBesidesStatus(site.problems, 401)).toEqual([]);
  });

  it('drops a stored admin whose session has ended before any admin link shows', async () => {
    const { page } = site;
    const admin = await createAccount(site, { isAdmin: true, name: 'Grace' });
    await restoreSession(site, admin);
    await footer(page).getByText('Signed in as Grace').waitFor();

    await site.t.db.prisma.session.deleteMany();
    // Notes on window whether an admin link ever appears while the page starts.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('a[href="/new-upcoming"]')) Object.assign(window, { sawAdminLink: true });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    // The server renders a visitor's page, Login included (it cannot read what the browser stored):
    // the stored admin is dropped once the app has started and asked.
    await expect.poll(() => storedUserInfo(page)).toBeNull();
    await footer(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(() => 'sawAdminLink' in window)).toBe(false);
    expect(site.problems).toEqual([]);
  });

  it("refreshes a stored user from the server's answer: a name changed elsewhere, rights withdrawn", async () => {
    const { page } = site;
    const admin = await createAccount(site, { isAdmin: true, name: 'Grace' });
    await site.t.db.prisma.user.update({
      where: { email: admin.email },
      data: { name: 'Grace B. Hopper', isAdmin: false },
    });
    await restoreSession(site, admin);
    await footer(page).getByText('Signed in as Grace B. Hopper').waitFor();
    expect(await accountLinks()).toEqual([['Profile', '/profile']]);
    expect(await storedUserInfo(page)).toEqual({ name: 'Grace B. Hopper', email: admin.email, isAdmin: false });
    expect(site.problems).toEqual([]);
  });
});

describe('the profile', () => {
  it('starts from the stored name and email, and an update replaces the stored user info', async () => {
    const { page } = site;
    const reader = await readerOnProfile();
    expect(await page.getByLabel('Name').inputValue()).toBe('Ada');
    expect(await page.getByLabel('Email').inputValue()).toBe(reader.email);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Current password').count()).toBe(0);

    const newEmail = `ada-${Date.now()}@example.com`;
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: 'Update' }).click();

    const message = toast(page, 'Your profile is updated');
    await message.waitFor();
    expect(await message.getAttribute('class')).toContain('Toastify__toast--success');
    expect(pathOf(page)).toBe('/profile');
    await footer(page).getByText('Signed in as Ada Lovelace').waitFor();
    expect(await storedUserInfo(page)).toEqual({ name: 'Ada Lovelace', email: newEmail, isAdmin: false });
    const user = await site.t.db.prisma.user.findUniqueOrThrow({ where: { email: newEmail } });
    expect(user.name).toBe('Ada Lovelace');

    // A new password works at the next login. The sign-in is a moment old, so the server needs no
    // current password (the field is offered, and left empty).
    await page.getByLabel('Password', { exact: true }).fill('another long password');
    await page.getByLabel('Current password').waitFor();
    const answered = page.waitForResponse(
      (response) => response.request().postData()?.includes('UpdateProfile') ?? false,
    );
    await page.getByRole('button', { name: 'Update' }).click();
    expect((await (await answered).json()) as unknown).toMatchObject({
      data: { updateProfile: { name: 'Ada Lovelace' } },
    });
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await footer(page).getByRole('button', { name: 'Logout' }).click();
    await footer(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
    await loginThroughForm(site, { email: newEmail, password: 'another long password' });
    expect(site.problems).toEqual([]);
  });

  it("says 'Not a valid email format' under the email, and shows the server's field messages too", async () => {
    const { page } = site;
    const other = await createAccount(site);
    const reader = await createAccount(site);
    await loginThroughForm(site, reader);
    await page.goto(`${site.url}/profile`);
    const email = page.getByLabel('Email');
    await email.fill('not an email');
    await page.getByRole('button', { name: 'Update' }).click();
    const form = page.locator('form');
    await form.getByText('Not a valid email format').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');

    // Taken by another account: only the server can tell; its message goes under the field.
    await email.fill(other.email);
    await expect.poll(() => form.getByText('Not a valid email format').count()).toBe(0);
    await page.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'User already exists').waitFor();
    await form.getByText('User already exists').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await storedUserInfo(page)).toEqual({ name: reader.name, email: reader.email, isAdmin: false });
    expect(problemsBesidesStatus(site.problems, 400)).toEqual([]);
  });

  it('asks for the current password once the sign-in is old, and changes the password with it', async () => {
    const { page } = site;
    const reader = await createAccount(site, { name: 'Ada' });
    await loginThroughForm(site, reader);
    // The sign-in happened an hour ago, as far as the server knows.
    await site.t.db.prisma.session.updateMany({
      where: { user: { email: reader.email } },
      data: { signedInAt: new Date(Date.now() - 60 * 60 * 1000) },
    });
    await footer(page).getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => h1Text(page)).toBe('Profile');
    const form = page.locator('form');
    const currentPassword = page.getByLabel('Current password');
    expect(await currentPassword.count()).toBe(0);

    // A new password brings the field; sent without it, the server's refusal shows beside it.
    await page.getByLabel('Password', { exact: true }).fill('a brand new password');
    await currentPassword.waitFor();
    expect(await currentPassword.getAttribute('autocomplete')).toBe('current-password');
    await page.getByRole('button', { name: 'Update' }).click();
    const confirm = 'Confirm your current password to change your e-mail or password';
    await toast(page, confirm).waitFor();
    await form.getByText(confirm).waitFor();
    expect(await currentPassword.getAttribute('aria-invalid')).toBe('true');

    await currentPassword.fill('not my password');
    await page.getByRole('button', { name: 'Update' }).click();
    await form.getByText('Current password is incorrect').waitFor();
    const unchanged = await site.t.db.prisma.user.findUniqueOrThrow({ where: { email: reader.email } });
    expect(await verifyPassword(unchanged.passwordHash, reader.password)).toBe(true);

    await currentPassword.fill(reader.password);
    await page.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Your profile is updated').waitFor();
    await expect.poll(() => currentPassword.count()).toBe(0);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    const changed = await site.t.db.prisma.user.findUniqueOrThrow({ where: { email: reader.email } });
    expect(await verifyPassword(changed.passwordHash, 'a brand new password')).toBe(true);
    // The account's other session (made with it) has ended; this browser's goes on.
    expect((await site.t.graphql('{ me { id } }', {}, { cookie: reader.cookie })).data).toEqual({ me: null });
    await footer(page).getByText('Signed in as Ada').waitFor();

    await footer(page).getByRole('button', { name: 'Logout' }).click();
    await footer(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
    await loginThroughForm(site, { email: reader.email, password: 'a brand new password' });
    expect(problemsBesidesStatus(problemsBesidesStatus(site.problems, 403), 400)).toEqual([]);
  });
});

// What a reader signing in is told, and where: a refused login at the form as well as in its toast,
// toasts that leave the header (the Menu button on a phone) free, and no stale error after success.
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
      // Its entrance (a CSS animation on the toast itself) finished: its box is then where it stays.
      await message.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));

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

// The first run, as a new author meets it (issue 34): a site started with nothing configured, then
// the way in the first start printed, in a real browser. Once through the setup at 390 px (the link's
// code typed in, as someone who opened /admin does) and writing a first post; once through the
// headless path, signing in with the printed admin@localhost and password at 1280 px. Each test
// starts a site of its own.
describe('the first run', () => {
  let started: E2eSite | undefined;
  const images = imageFiles();
  afterEach(async () => {
    await started?.close();
    started = undefined;
  });
  afterAll(() => images.remove());

  /** A site as `npm start` leaves it on a fresh data folder with no ADMIN_* set, and what it printed. */
  async function startNewSite(width: number) {
    const site = await openSite();
    started = site;
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
