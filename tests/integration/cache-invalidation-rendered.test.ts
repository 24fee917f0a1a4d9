// A page rendered on the server is made from GraphQL queries it runs through the app, each kept in
// the response cache on its own: the page must depend on what those queries read, whether they were
// answered from the cache or not (docs/decisions/032-writes-cool-what-they-change.md). The client
// build here is a stand-in whose server entry renders a post's title, its next post's title and the
// cards, from the app's /graphql, as the real entry does (kernel/server-render.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../server/generated/prisma/client.ts';
import { SERVER_ENTRY_FILE } from '#kernel/server-render.ts';
import { postInput, seedPosts, UPDATE_POST } from '../support/content.ts';
import { createQueryLoggingApp, type QueryLoggingApp } from '../support/query-log.ts';
import { documentText, type AnyDocument } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const ENTRY = `
const ask = async (fetch, query, variables) => {
  const body = JSON.stringify({ query, variables });
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body,
  });
  return (await response.json()).data;
};
export async function renderPage({ url, fetch }) {
  const slug = decodeURIComponent(url.split('?')[0].split('/').pop());
  const [{ post }, { upcomingCards }] = await Promise.all([
    ask(fetch, 'query Page($slug: String!) { post(slug: $slug) { title nextPost { title } } }', { slug }),
    ask(fetch, 'query Cards { upcomingCards { subtitle } }', {}),
  ]);
  const html = '<h1>' + post?.title + '</h1><p>Next: ' + post?.nextPost?.title + '</p><p>Cards: ' +
    upcomingCards.map((card) => card.subtitle).join(', ') + '</p>';
  return { html, state: { cache: {}, answered: [], router: { loaderData: {}, actionData: null, errors: null } } };
}
`;

let t: QueryLoggingApp;
let clientDir: string;
let admin: string;
let posts: Post[];

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'blog-rendering-client-'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Blog</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.dirname(path.join(clientDir, SERVER_ENTRY_FILE)), { recursive: true });
  writeFileSync(path.join(clientDir, SERVER_ENTRY_FILE), ENTRY);
  t = await createQueryLoggingApp({ announceWrites: false, clientDir });
  admin = await t.signIn();
  for (let waited = 0; !t.app.changes.trustworthy && waited < 10_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  posts = await seedPosts(
    t.prisma,
    Array.from({ length: 8 }, (_, i) => ({ title: `Rendered ${i}`, category: i % 2 ? 'book' : 'game' })),
  );
  await t.settle();
});
afterAll(async () => {
  await t.dispose();
  rmSync(clientDir, { recursive: true, force: true });
});

const page = (post: Post) => t.app.fetch(new Request(`http://blog.test/blog/${post.slug}`));
const cached = async (post: Post) => (await page(post)).headers.get('age') !== null;

async function write(query: AnyDocument | string, variables: Record<string, unknown>) {
  const body = JSON.stringify({ query: typeof query === 'string' ? query : documentText(query), variables });
  const response = await t.app.fetch(
    new Request('http://blog.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin },
      body,
    }),
  );
  expect((await response.json()).errors).toBeUndefined();
}

describe(`server-rendered pages and the writes they show (${testDbKind})`, () => {
  it('a page depends on what its queries read, answered from the cache or not', async () => {
    // Post 0 is a game post far from post 3 (a book), with three other games to relate to.
    const [far, , second, third] = posts;
    const first = await (await page(second!)).text();
    expect(first).toContain('<h1>Rendered 2</h1><p>Next: Rendered 3</p>');
    expect(await cached(second!)).toBe(true);
    expect(await cached(far!)).toBe(false);
    expect(await cached(far!)).toBe(true);

    // A card cools the pages (they show the cards) but not the post's own query: the page made
    // again next finds that query in the cache.
    await t.otherConnection(
      `INSERT INTO "Image" ("id", "storageKey", "mimeType", "width", "height", "variantWidths")
         VALUES ('00000000-0000-4000-8000-0000000000c1', 'c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1', 'image/webp', 800, 600, '{800}');
       INSERT INTO "UpcomingCard" ("id", "title", "subtitle", "imageId")
         VALUES ('00000000-0000-4000-8000-0000000000c2', 'Reading', 'A rendered card', '00000000-0000-4000-8000-0000000000c1')`,
    );
    await expect
      .poll(async () => (await page(second!)).text(), { timeout: 5000, interval: 25 })
      .toContain('A rendered card');

    // The next post's title changes: the page that names it shows it at once, the others stay.
    await write(UPDATE_POST, {
      id: third!.id,
      input: postInput({ title: 'Renamed 3', category: 'BOOK', subtitle: 'A subtitle', content: '<p>Some words.</p>' }),
    });
    expect(await (await page(second!)).text()).toContain('<p>Next: Renamed 3</p>');
    await t.settle();
    await page(far!);
    await write(UPDATE_POST, {
      id: third!.id,
      input: postInput({
        title: 'Renamed again',
        category: 'BOOK',
        subtitle: 'A subtitle',
        content: '<p>Some words.</p>',
      }),
    });
    expect(await cached(far!)).toBe(true);
  });
});
