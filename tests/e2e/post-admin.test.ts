// A post's page for its admin: Edit leads to the editor; Delete asks first, then the post is gone
// from the page, the lists and the database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, restoreSession, toast, type Account } from './support/accounts.ts';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
let admin: Account;
let reader: Account;
beforeAll(async () => {
  site = await openSite();
  admin = await createAccount(site, { isAdmin: true });
  reader = await createAccount(site, { isAdmin: false });
});
afterAll(() => site?.close());
beforeEach(() => {
  site.problems.length = 0;
});

describe("a post's page", () => {
  it('shows no Edit or Delete to a reader', async () => {
    const post = await createPost(site.t, { title: 'For readers' });
    await restoreSession(site, reader, `/blog/${post.slug}`);
    await expect.poll(() => site.page.getByRole('heading', { level: 1 }).textContent()).toBe('For readers');
    expect(await site.page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await site.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it('gives its admin Edit, leading to the editor for that post', async () => {
    const post = await createPost(site.t, { title: 'To be edited' });
    await restoreSession(site, admin, `/blog/${post.slug}`);
    await site.page.getByRole('link', { name: 'Edit' }).click();
    await expect.poll(() => new URL(site.page.url()).pathname).toBe(`/blog/${post.id}/edit`);
    await expect.poll(() => site.page.getByLabel('Title', { exact: true }).inputValue()).toBe('To be edited');
    expect(site.problems).toEqual([]);
  });

  it('deletes only after Are you sure? is accepted, then goes to the blog without the post', async () => {
    const post = await createPost(site.t, { title: 'Short-lived post' });
    await restoreSession(site, admin, `/blog/${post.slug}`);
    const questions: string[] = [];

    site.page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await site.page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => questions).toEqual(['Are you sure?']);
    expect(await site.t.db.prisma.post.count({ where: { id: post.id } })).toBe(1);

    site.page.once('dialog', (dialog) => void dialog.accept());
    await site.page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toast(site.page, 'Blogpost has been deleted').count()).toBe(1);
    await expect.poll(() => new URL(site.page.url()).pathname).toBe('/blog');
    expect(await site.t.db.prisma.post.count({ where: { id: post.id } })).toBe(0);
    await expect.poll(() => site.page.getByText('Short-lived post').count()).toBe(0);
    expect(site.problems).toEqual([]);
  });
});
