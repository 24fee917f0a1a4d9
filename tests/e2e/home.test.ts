// The whole chain in a real browser: React renders, Apollo sends the codegen-typed query, the server
// answers from GraphQL, and the page shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type E2eSite } from './support/e2e-site.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await openSite({ SITE_NAME: 'Pixel Diaries' });
});
afterAll(() => site?.close());

describe('the home page in a browser', () => {
  it('shows the site name it fetched through GraphQL', async () => {
    const graphqlRequests: string[] = [];
    site.page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) graphqlRequests.push(request.postData() ?? '');
    });
    await site.page.goto(site.url);
    await expect.poll(() => site.page.getByRole('heading', { level: 1 }).textContent()).toBe('Pixel Diaries');
    expect(graphqlRequests.some((body) => body.includes('query HomePage'))).toBe(true);
    expect(site.problems).toEqual([]);
  });
});
