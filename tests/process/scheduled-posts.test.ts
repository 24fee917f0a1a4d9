// Scheduled posts as the running server keeps them: a post scheduled before a restart goes public
// when its time passed while no server ran, and with two servers on one PostgreSQL database, a post
// scheduled through one goes public through both, once.
import { describe, expect, it } from 'vitest';
import { fileOf, makeImage } from '../support/images.ts';
import { PROCESS_TEST_TIMEOUT, serverPlace, type ServerProcess } from '../support/server-process.ts';
import { testDbKind } from '../support/test-database.ts';

const ADMIN = { ADMIN_EMAIL: 'author@example.com', ADMIN_PASSWORD: 'a long enough password' };

const place = serverPlace('blog-schedule-', ADMIN);
/** How far ahead a test schedules its post: more than a loaded machine's first save takes (2.5 s was not). */
const SCHEDULE_AHEAD_MS = 6000;
const start = () => place.start();

async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Schedules a post through the server's GraphQL API; returns its slug. */
async function schedule(server: ServerProcess, cookie: string, title: string, publishAt: Date): Promise<string> {
  const form = new FormData();
  const query = `mutation ($input: CreatePostInput!) { createPost(input: $input) { slug status } }`;
  const input = {
    title,
    subtitle: 'Written ahead',
    content: '<p>For later.</p>',
    category: 'BOOK',
    status: 'SCHEDULED',
    publishAt: publishAt.toISOString(),
    image: null,
  };
  form.set('operations', JSON.stringify({ query, variables: { input } }));
  form.set('map', JSON.stringify({ 0: ['variables.input.image'] }));
  form.set('0', fileOf(await makeImage({ width: 800, height: 450 })));
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { cookie, 'x-graphql-yoga-csrf': '1' },
    body: form,
  });
  const body = await response.json();
  expect(body.data?.createPost?.status).toBe('SCHEDULED');
  return body.data.createPost.slug;
}

/** The titles of the blog's first page, as a reader's REST read has them. */
async function publicTitles(server: ServerProcess): Promise<string[]> {
  const body = await (await fetch(`${server.url}/api/blogposts`)).json();
  return body.blogpostDocs.map((post: { title: string }) => post.title);
}

describe(`scheduled posts in the running server on ${testDbKind}`, { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('go public after a restart when their time passed while no server ran', async () => {
    const first = await start();
    // Far enough ahead that a loaded machine's first upload still schedules it in the future (a
    // time already past is refused), and it passes while no server runs.
    const publishAt = new Date(Date.now() + SCHEDULE_AHEAD_MS);
    const slug = await schedule(first, await signIn(first), 'Written before the break', publishAt);
    expect(await publicTitles(first)).toEqual([]);
    expect(await first.stop()).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt.getTime() - Date.now()) + 500));
    const second = await start();
    await expect.poll(() => publicTitles(second), { timeout: 10_000 }).toEqual(['Written before the break']);
    // At its address too (the API's: a process started from a clean clone has no built pages).
    expect((await fetch(`${second.url}/api/blogposts/${slug}`)).status).toBe(200);
  });

  it.runIf(testDbKind === 'postgres')(
    'go public through every server sharing the database, once',
    async () => {
      const [one, two] = await Promise.all([start(), start()]);
      // Both read the blog first, so both have it in their caches.
      expect(await publicTitles(one)).toEqual([]);
      expect(await publicTitles(two)).toEqual([]);
      await schedule(one, await signIn(one), 'For both servers', new Date(Date.now() + SCHEDULE_AHEAD_MS));

      await expect.poll(() => publicTitles(two), { timeout: SCHEDULE_AHEAD_MS + 10_000 }).toEqual(['For both servers']);
      expect(await publicTitles(one)).toEqual(['For both servers']);
      const rss = await (await fetch(`${two.url}/rss.xml`)).text();
      expect(rss.match(/<title>For both servers<\/title>/g)).toHaveLength(1);
    },
    60_000,
  );
});
