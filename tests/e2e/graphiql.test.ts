// GraphiQL at /graphql in a real browser, as a developer opens it on a server with no internet:
// every request stays on this server, its CSP refuses nothing, and a query's answer shows.
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { createPost } from './support/site-content.ts';

let site: E2eSite;
/** Every request the browser made (the page, its scripts, its editor workers, its GraphQL calls). */
const requests: string[] = [];

beforeAll(async () => {
  site = await openSite();
  await createPost(site.t, { title: 'Zelda returns' });
  const { page } = site;
  await page.setViewportSize({ width: 1280, height: 800 });
  page.context().on('request', (request: Request) => requests.push(request.url()));
  // The editor's workers log to their own console; a CSP refusal inside one would show only there.
  page.on('worker', (worker) =>
    worker.on('console', (message) => {
      if (message.type() === 'error') site.problems.push(`worker console: ${message.text()}`);
    }),
  );
  // Chromium logs a CSP refusal as a console error; the event says so in so many words as well.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
});
afterAll(() => site?.close());

describe('GraphiQL', () => {
  it('loads everything from this server, under its CSP, and shows the answer to a query', async () => {
    const { page } = site;
    await page.goto(`${site.url}/graphql`);
    const editor = page.locator('.graphiql-query-editor .monaco-editor');
    await editor.waitFor();

    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('{ posts(page: 1) { total items { title } } }');
    await page.getByRole('button', { name: /execute query/i }).click();

    // The editor shows spaces as no-break spaces.
    const answer = async () => (await page.locator('.graphiql-response').textContent())?.replace(/\s+/g, ' ');
    await expect.poll(answer).toContain('"title": "Zelda returns"');
    expect(await answer()).toContain('"total": 1');

    // The schema was fetched too (the documentation explorer and the editor's completion need it).
    await page.getByRole('button', { name: /show documentation explorer/i }).click();
    await expect.poll(() => page.locator('.graphiql-doc-explorer').textContent()).toContain('Query');

    const origin = new URL(site.url).origin;
    const elsewhere = requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin);
    expect(elsewhere).toEqual([]);
    expect(requests.some((url) => url.endsWith('.worker.js'))).toBe(true);
    expect(site.problems).toEqual([]);
  });
});
