// The spec's 5-second query cache, as a reader notices it: going back to a list within 5 seconds
// shows it at once from memory, without a request; after more than 5 seconds the list is asked for
// again, and a post written meanwhile appears.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktopSite, type E2eSite } from './support/e2e-site.ts';
import { gotoApp, h1Text, pathOf } from './support/page-checks.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await openDesktopSite();
  await createPost(site.t, { title: 'An older post', category: 'game' });
  await createPost(site.t, { title: 'A recent post', category: 'game' });
}, 60_000);
afterAll(() => site?.close());

const cardTitles = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();

/** Follows a link of the main navigation, as a reader would, and waits for its page. */
async function followNav(page: Page, label: string, path: string, heading: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe(path);
  await expect.poll(() => h1Text(page)).toBe(heading);
}

describe('a list shown again', () => {
  it('comes from the cache within 5 s, and from the server after 5 s, with the post written meanwhile', async () => {
    const { page } = site;
    const listRequests: number[] = [];
    page.on('request', (request) => {
      if (request.postData()?.includes('query BlogList')) listRequests.push(Date.now());
    });

    // The post the author will publish, its pictures made beforehand: within the 5 seconds below
    // publishing is one quick step, so a busy machine still fits the steps in the window.
    const coming = await createPost(site.t, { title: 'A brand new post', category: 'game', status: 'DRAFT' });

    // The list arrives with the page the server rendered: that is its answer, counted from then.
    const answeredAt = Date.now();
    // Once the app has the page: a click before that loads the next page from the server.
    await gotoApp(page, `${site.url}/blog`);
    await expect.poll(() => cardTitles(page)).toEqual(['A recent post', 'An older post']);
    expect(listRequests).toHaveLength(0);

    // The author publishes a post while the reader is on the site.
    await site.t.app.services.posts.setStatus(coming.id, 'PUBLISHED', null);

    // Away and straight back: the list is the one already shown, and no request went out.
    await followNav(page, 'GAMES', '/games', 'Games');
    await followNav(page, 'BLOG', '/blog', 'Blog');
    expect(await cardTitles(page)).toEqual(['A recent post', 'An older post']);
    expect(listRequests).toHaveLength(0);
    // The premise of the step above: it happened within the 5 seconds.
    expect(Date.now() - answeredAt).toBeLessThan(5000);

    // Away again, and back once more than 5 seconds have passed: asked again, and the new post is there.
    await followNav(page, 'GAMES', '/games', 'Games');
    await page.waitForTimeout(Math.max(0, answeredAt + 5500 - Date.now()));
    await followNav(page, 'BLOG', '/blog', 'Blog');
    await expect.poll(() => cardTitles(page)).toEqual(['A brand new post', 'A recent post', 'An older post']);
    expect(listRequests).toHaveLength(1);
    expect(site.problems).toEqual([]);
  });

  it('applies to the category lists and to a post too: each (query, variables) pair ages on its own', async () => {
    const { page } = site;
    const requests: string[] = [];
    page.on('request', (request) => {
      const body = request.postData() ?? '';
      if (body.includes('query CategoryList')) requests.push('CategoryList');
      if (body.includes('query PostDetail')) requests.push('PostDetail');
    });
    await gotoApp(page, `${site.url}/games`);
    await expect.poll(() => cardTitles(page)).toHaveLength(3);
    await page.getByRole('link', { name: /^READ MORE\s*: A recent post$/ }).click();
    await expect.poll(() => h1Text(page)).toBe('A recent post');
    await page.goBack();
    await expect.poll(() => cardTitles(page)).toHaveLength(3);
    await page.goForward();
    await expect.poll(() => h1Text(page)).toBe('A recent post');
    // The list came with the page, the post from the server; within 5 s, both came from the cache
    // the second time.
    expect(requests).toEqual(['PostDetail']);

    await page.waitForTimeout(5500);
    await page.goBack();
    await expect.poll(() => requests).toEqual(['PostDetail', 'CategoryList']);
    expect(site.problems).toEqual([]);
  });
});
