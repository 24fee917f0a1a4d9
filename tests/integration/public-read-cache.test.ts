// The server's caches of public reads (docs/decisions/015-cached-public-reads.md): a read asked
// again costs no SQL; any change to what visitors read, made through the app or straight in the
// database, is seen by the next read; nothing cached ever reaches, or comes from, a signed-in caller;
// searches, mutations and errors are never stored; compressed and plain answers never mix.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_POSTS, POST, POSTS, postInput, seedPosts, UPDATE_POST } from '../support/content.ts';
import { createQueryLoggingApp, type QueryLoggingApp } from '../support/query-log.ts';
import { expectErrorLog } from '../support/expected-errors.ts';
import { testDbKind } from '../support/test-database.ts';

let t: QueryLoggingApp;
let admin: string;

beforeAll(async () => {
  t = await createQueryLoggingApp();
  admin = await t.signIn();
  await t.cachesOn();
});
afterAll(() => t.dispose());

const get: QueryLoggingApp['get'] = (...request) => t.get(...request);
const graphql: QueryLoggingApp['graphqlResponse'] = (...request) => t.graphqlResponse(...request);

/** Changes made by another connection reach this app through the database's channel, a moment later. */
async function eventually(fn: () => Promise<void>) {
  await expect.poll(async () => fn().then(() => true), { timeout: 5000, interval: 25 }).toBe(true);
}

describe(`cached public reads (${testDbKind})`, () => {
  it('answer a read asked again without any SQL, REST and GraphQL alike', async () => {
    const [, second] = await seedPosts(t.prisma, [{ title: 'First' }, { title: 'Second' }]);
    await t.settle();
    for (const read of [
      () => get('/api/blogposts'),
      () => get('/api/blogposts/latest'),
      () => graphql(POSTS, { page: 1 }),
      () => graphql(LATEST_POSTS),
      // The post page: its head carries the post's title (server/modules/pages/page-head.ts).
      () => get(`/blog/${second!.slug}`),
    ]) {
      const first = await read();
      expect(first.headers.get('age')).toBeNull();
      let body = '';
      const again = await t.queriesDuring(async () => {
        const response = await read();
        expect(response.status).toBe(200);
        // Answered by the cache, as any cache says so.
        expect(response.headers.get('age')).toMatch(/^\d+$/);
        body = await response.text();
      });
      expect(again).toEqual([]);
      expect(body).toContain('Second');
    }
  });

  it('show a change made through the app at once', async () => {
    const [post] = await seedPosts(t.prisma, [{ title: 'Before the edit' }]);
    expect(await (await get(`/api/blogposts/${post!.id}`)).json()).toMatchObject({ title: 'Before the edit' });
    expect(await (await graphql(POSTS)).text()).toContain('Before the edit');

    const edit = await graphql(
      UPDATE_POST,
      { id: post!.id, input: postInput({ title: 'After the edit' }) },
      {
        cookie: admin,
      },
    );
    expect((await edit.json()).errors).toBeUndefined();

    expect(await (await get(`/api/blogposts/${post!.id}`)).json()).toMatchObject({ title: 'After the edit' });
    const list = await (await graphql(POSTS)).text();
    expect(list).toContain('After the edit');
    expect(list).not.toContain('Before the edit');
  });

  it('show a change made straight in the database, by another connection', async () => {
    const [post] = await seedPosts(t.prisma, [{ title: 'Written elsewhere' }]);
    expect(await (await get('/api/blogposts/latest')).text()).toContain('Written elsewhere');
    // Another server, the import script or psql: not this app's Prisma client.
    await t.otherConnection(`UPDATE "Post" SET "title" = 'Renamed elsewhere' WHERE "id" = '${post!.id}'`);
    await eventually(async () => {
      expect(await (await get('/api/blogposts/latest')).text()).toContain('Renamed elsewhere');
      expect(await (await graphql(POST, { id: post!.id })).text()).toContain('Renamed elsewhere');
    });
  });

  it('are never handed to a signed-in caller, nor made from one', async () => {
    await seedPosts(t.prisma, [{ title: 'Shared' }]);
    const signedIn = await get('/api/blogposts', { cookie: admin });
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const again = await t.queriesDuring(() => get('/api/blogposts', { cookie: admin }));
    expect(again.length).toBeGreaterThan(0);

    const me = '{ me { email } posts { total } }';
    const mine = await (await graphql(me, {}, { cookie: admin })).json();
    expect(mine.data.me).not.toBeNull();
    const anonymous = await (await graphql(me)).json();
    expect(anonymous.data.me).toBeNull();
    expect((await (await graphql(me, {}, { cookie: admin })).json()).data.me).not.toBeNull();
  });

  it('never store a search, a mutation or an error', async () => {
    await seedPosts(t.prisma, [{ title: 'Findable words' }]);
    for (const read of [
      () => graphql(POSTS, { search: 'findable' }),
      () => get('/api/blogposts?keyword=findable'),
      () => get('/blog/search/findable'),
      () => graphql('{ latestPosts { id } posts(page: 0) { total } }'),
      () => graphql('{ latestPosts { id } nope }'),
      () => graphql('mutation { logout }'),
      () => get('/api/blogposts/not-an-id'),
    ]) {
      await read();
      expect((await read()).headers.get('age')).toBeNull();
    }
    // Searches run every time.
    const search = () => graphql(POSTS, { search: 'findable' });
    expect((await t.queriesDuring(search)).length).toBeGreaterThan(0);
    // The same query without words is stored; with them, after that, still never.
    await graphql(POSTS, { search: null });
    expect((await graphql(POSTS, { search: null })).headers.get('age')).not.toBeNull();
    expect((await t.queriesDuring(search)).length).toBeGreaterThan(0);
    expect((await search()).headers.get('age')).toBeNull();
  });

  it('never replay one request’s own headers to another', async () => {
    await seedPosts(t.prisma, [{ title: 'Headers' }]);
    const first = await get('/api/blogposts');
    const second = await get('/api/blogposts');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(second.headers.get('set-cookie')).toBeNull();
    expect(second.headers.get('x-shareable-response')).toBeNull();
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    // The validators still work on a stored answer.
    const validated = await get('/api/blogposts', { 'if-none-match': first.headers.get('etag')! });
    expect(validated.status).toBe(304);
  });

  it('keep compressed and plain answers apart', async () => {
    await seedPosts(
      t.prisma,
      Array.from({ length: 15 }, (_, i) => ({ title: `Compressible ${i}`, content: '<p>Words. </p>'.repeat(50) })),
    );
    const gzipped = await get('/api/blogposts', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
    const unpacked = JSON.parse(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8'));
    expect(unpacked.blogpostDocs[0].title).toBe('Compressible 14');

    const plain = await get('/api/blogposts');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()).blogpostDocs[0].title).toBe('Compressible 14');
    const gzippedAgain = await get('/api/blogposts', { 'accept-encoding': 'gzip' });
    expect(gzippedAgain.headers.get('content-encoding')).toBe('gzip');

    const graphqlZipped = await graphql(POSTS, {}, { 'accept-encoding': 'gzip' });
    expect(graphqlZipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await graphqlZipped.arrayBuffer())).toString('utf8')).toContain('Compressible 14');
    expect(graphqlZipped.headers.get('vary')).toContain('Accept-Encoding');
    // Sent plain, it still names Accept-Encoding: a shared cache must not give it to a gzip reader.
    const graphqlPlain = await graphql(POSTS, {});
    expect(graphqlPlain.headers.get('content-encoding')).toBeNull();
    expect(graphqlPlain.headers.get('vary')).toContain('Accept-Encoding');
    expect(await graphqlPlain.text()).toContain('Compressible 14');
  });
});

describe.runIf(testDbKind === 'postgres')('when the change channel is lost (postgres)', () => {
  it('stop answering from memory until it is back, and then cache again', async () => {
    expectErrorLog(/Lost the database's content-change channel/);
    const [post] = await seedPosts(t.prisma, [{ title: 'Channel test' }]);
    await t.settle();
    await get(`/api/blogposts/${post!.id}`);
    await t.otherConnection(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN %' AND datname = current_database()`,
    );
    await expect.poll(() => t.app.changes.trustworthy).toBe(false);
    await t.otherConnection(`UPDATE "Post" SET "title" = 'Changed while unheard' WHERE "id" = '${post!.id}'`);
    expect(await (await get(`/api/blogposts/${post!.id}`)).text()).toContain('Changed while unheard');

    await expect.poll(() => t.app.changes.trustworthy, { timeout: 10_000 }).toBe(true);
    await get(`/api/blogposts/${post!.id}`);
    expect(await t.queriesDuring(() => get(`/api/blogposts/${post!.id}`))).toEqual([]);
  });
});
