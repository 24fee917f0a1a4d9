// The admin's serverMemory query: where the process's memory goes (the embedded database, the
// JavaScript heap, each read cache against its budget), and the budgets READ_CACHE_MB and
// RESPONSE_CACHE_MB set. Nobody else may ask.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { seedPosts } from '../support/content.ts';
import { testOnEmptyContent as base } from '../support/fixtures.ts';
import { testDbKind } from '../support/test-database.ts';

const test = base.override('appEnv', { scope: 'file' }, { READ_CACHE_MB: '1', RESPONSE_CACHE_MB: '3' });

const MEMORY = `{ serverMemory { residentBytes heapUsedBytes externalBytes databaseBytes
  caches { name entries bytes maxBytes } } }`;

interface CacheUse {
  name: string;
  entries: number;
  bytes: number;
  maxBytes: number;
}

const MiB = 1024 * 1024;

describe(`serverMemory (${testDbKind})`, () => {
  test('refuses anyone but the admin', async ({ app }) => {
    const anonymous = await app.graphql(MEMORY);
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors?.[0]).toMatchObject({ message: 'Not authorized', extensions: { code: 'UNAUTHENTICATED' } });

    const { cookie } = await app.signIn({ isAdmin: false });
    const reader = await app.graphql(MEMORY, {}, { cookie });
    expect(reader.data).toBeNull();
    expect(reader.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
  });

  test('says where the memory goes, and each cache keeps to its budget', async ({ app, admin }) => {
    const report = async () => {
      const result = await app.graphql(MEMORY, {}, { cookie: admin });
      expect(result.errors).toBeUndefined();
      const memory = result.data.serverMemory;
      return { ...memory, cache: (name: string) => memory.caches.find((c: CacheUse) => c.name === name) as CacheUse };
    };

    const before = await report();
    expect(before.residentBytes).toBeGreaterThan(before.heapUsedBytes);
    expect(before.heapUsedBytes).toBeGreaterThan(MiB);
    if (testDbKind === 'pglite') {
      // PGlite's WebAssembly memory lives outside the JavaScript heap.
      expect(before.databaseBytes).toBeGreaterThan(16 * MiB);
      expect(before.externalBytes).toBeGreaterThanOrEqual(before.databaseBytes);
    } else {
      expect(before.databaseBytes).toBeNull();
    }
    expect(before.caches.map((c: CacheUse) => c.name).sort()).toEqual(['cards', 'pageHeads', 'posts', 'responses']);
    expect(before.cache('posts').maxBytes).toBe(1 * MiB);
    expect(before.cache('responses').maxBytes).toBe(3 * MiB);

    // 40 posts of 20 000 characters: each read of one is counted at about 41 KB, 1.6 MB in all.
    const posts = await seedPosts(
      app.db.prisma,
      Array.from({ length: 40 }, (_, i) => ({ title: `Long ${i}`, content: `<p>${'word '.repeat(4000)}</p>` })),
    );
    // Twice: on PostgreSQL the database's own announcement of the seeding comes a moment later and
    // forgets what the first reads kept of those posts.
    for (const post of [...posts, ...posts]) {
      const response = await app.request(`/api/blogposts/${post.id}`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }

    const after = await report();
    const postCache = after.cache('posts');
    expect(postCache.bytes).toBeGreaterThan(0.5 * MiB);
    expect(postCache.bytes).toBeLessThanOrEqual(1 * MiB);
    // The oldest reads went to make room: fewer entries than posts read.
    expect(postCache.entries).toBeLessThan(posts.length);
    expect(postCache.entries).toBeGreaterThan(10);
    // The answers as sent (uncompressed here, about 40 KB each) fit in the 3 MB of the response cache.
    expect(after.cache('responses').entries).toBeGreaterThanOrEqual(posts.length);
    expect(after.cache('responses').bytes).toBeLessThanOrEqual(3 * MiB);
  });
});

// PGlite's WebAssembly memory grows to what PostgreSQL allocates and never shrinks: its settings are
// what bound it (server/db/database.ts PGLITE_SETTINGS). The server opens its folder this way.
describe.runIf(testDbKind === 'pglite')('the embedded database a server opens', () => {
  it('runs with small shared buffers and bounded working memory, in 128 MiB of WebAssembly memory', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'blog-pglite-settings-'));
    const db = await openDatabase({ pgliteDir: dir });
    try {
      const setting = async (name: string) =>
        (await db.sql.query<{ setting: string }>(`SELECT current_setting($1) AS setting`, [name]))[0]!.setting;
      expect(await setting('shared_buffers')).toBe('32MB');
      expect(await setting('work_mem')).toBe('4MB');
      expect(await setting('maintenance_work_mem')).toBe('16MB');
      expect(await setting('temp_buffers')).toBe('2MB');
      // PGlite's own start parameters still hold: a single user, searching the public schema.
      expect(await setting('search_path')).toBe('public');
      // PostgreSQL's default 128 MB of shared buffers grew it to 189 MiB.
      expect(db.memoryBytes()).toBe(128 * MiB);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
