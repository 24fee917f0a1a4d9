// A page rendered on the server is made from GraphQL queries it runs in the server's process, each
// kept in the response cache on its own, under the key an HTTP request to /graphql has: the page
// must depend on what those queries read, whether they were answered from the cache or not
// (docs/decisions/032-writes-cool-what-they-change.md), and they are asked as a visitor who is not
// signed in, whoever asked for the page. The client build here is a stand-in whose server entry
// renders a post's title, its next post's title and the cards (and, asked with ?me, who is signed
// in), from the app's GraphQL, as the real entry does (kernel/server-render.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../server/generated/prisma/client.ts';
import * as pageRoutes from '../../server/modules/pages/page-routes.ts';
import { SERVER_ENTRY_FILE } from '#kernel/server-render.ts';
import { postInput, seedPosts, UPDATE_POST } from '../support/content.ts';
import { createQueryLoggingApp, settleQuietly, type QueryLoggingApp } from '../support/query-log.ts';
import { documentText, routedDuring, type AnyDocument } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const POST_QUERY = 'query Page($slug: String!) { post(slug: $slug) { title nextPost { title } } }';
const ME = 'query Me { me { email } }';
const ENTRY = `
const ME = ${JSON.stringify(ME)};
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
    ask(fetch, ${JSON.stringify(POST_QUERY)}, { slug }),
    ask(fetch, 'query Cards { upcomingCards { subtitle } }', {}),
  ]);
  const me = url.endsWith('?me') ? (await ask(fetch, ME, {})).me : undefined;
  const html = '<h1>' + post?.title + '</h1><p>Next: ' + post?.nextPost?.title + '</p><p>Cards: ' +
    upcomingCards.map((card) => card.subtitle).join(', ') + '</p>' +
    (me === undefined ? '' : '<p>Signed in: ' + (me?.email ?? 'nobody') + '</p>');
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

  it('a page asks its queries in the server, into the entries /graphql answers from, as nobody', async () => {
    // The last test's writes are announced by PostgreSQL a moment after they commit: heard first, or
    // one arriving between the page and the reads below cools what the page stored (a CI failure).
    await settleQuietly(t);
    const matches = vi.spyOn(pageRoutes, 'matchPageRoute');
    const post = posts[5]!;
    const ask = (query: string, variables: Record<string, unknown>, cookie?: string) => {
      const body = JSON.stringify({ query, variables });
      return t.app.fetch(
        new Request('http://blog.test/graphql', {
          method: 'POST',
          // With its length, as a browser sends it: the response cache keys no body of unknown size.
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            accept: 'application/graphql-response+json',
            ...(cookie ? { cookie } : {}),
          },
          body,
        }),
      );
    };
    try {
      // Asked by the signed-in admin: the page is still made as for a visitor who is not.
      let html = '';
      const routed = await routedDuring(t.app, async () => {
        const response = await t.app.fetch(
          new Request(`http://blog.test/blog/${post.slug}?me`, { headers: { cookie: admin } }),
        );
        html = await response.text();
      });
      expect(html).toContain(`<h1>${post.title}</h1>`);
      expect(html).toContain('<p>Signed in: nobody</p>');
      // Its queries were asked in the server, not through the app's router.
      expect(routed).toEqual([`/blog/${post.slug}`]);
      // One match of the path serves the page's head, its render and its chunks.
      expect(matches).toHaveBeenCalledTimes(1);
    } finally {
      matches.mockRestore();
    }

    // The same queries over HTTP, as nobody, are the answers the page stored: no SQL, an Age, and
    // the headers /graphql gives an answer it makes (bar the exchange's own).
    const exchange = new Set(['age', 'date', 'content-length', 'x-request-id']);
    const headersOf = (response: Response) => [...response.headers].filter(([name]) => !exchange.has(name));
    const made = await ask(POST_QUERY, { slug: posts[6]!.slug });
    expect(made.headers.get('age')).toBeNull();
    let stored: Response | undefined;
    expect(await t.queriesDuring(async () => (stored = await ask(POST_QUERY, { slug: post.slug })))).toEqual([]);
    expect(stored!.headers.get('age')).not.toBeNull();
    expect(headersOf(stored!)).toEqual(headersOf(made));
    expect((await stored!.json()).data.post.title).toBe(post.title);
    const nobody = await ask(ME, {});
    expect(nobody.headers.get('age')).not.toBeNull();
    expect((await nobody.json()).data).toEqual({ me: null });

    // The admin's own answer is theirs alone: never stored, never in a page.
    const own = await ask(ME, {}, admin);
    expect(own.headers.get('age')).toBeNull();
    expect((await own.json()).data.me.email).toEqual(expect.stringContaining('@'));
    expect((await (await ask(ME, {})).json()).data).toEqual({ me: null });
    const anonymous = await t.app.fetch(new Request(`http://blog.test/blog/${post.slug}?me`));
    expect(await anonymous.text()).toContain('<p>Signed in: nobody</p>');
  });
});
