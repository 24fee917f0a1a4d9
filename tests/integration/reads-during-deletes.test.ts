// Readers of posts with their images while posts are being deleted: every read sees each post whole
// (with its image) or not at all, so feeds, the sitemap, lists and page heads never fail on a post
// deleted between two statements of one read.
import { JSDOM } from 'jsdom';
import { describe, expect } from 'vitest';
import { LATEST_POSTS, POSTS, seedPosts } from '../support/content.ts';
import type { TestApp } from '../support/test-app.ts';
import { test } from '../support/fixtures.ts';
import { testDbKind } from '../support/test-database.ts';

const { DOMParser } = new JSDOM('').window;
const ROUNDS = 8;
// Hundreds of deletes racing five readers: 15 to 25 s on a quiet machine, so a slow one gets room.
const TIMEOUT_MS = 120_000;
const POSTS_PER_ROUND = 30;

function isWellFormedXml(text: string): boolean {
  return new DOMParser().parseFromString(text, 'text/xml').getElementsByTagName('parsererror').length === 0;
}

/** What a reader got: the status and whether the body is what that address serves. */
async function read(t: TestApp, path: string): Promise<string> {
  if (path === 'graphql') {
    const [list, latest] = await Promise.all([t.graphql(POSTS, {}), t.graphql(LATEST_POSTS)]);
    const errors = [...(list.errors ?? []), ...(latest.errors ?? [])];
    return errors.length ? `graphql: ${errors[0]!.message}` : 'ok';
  }
  const response = await t.request(path);
  const text = await response.text();
  if (response.status !== 200) return `${path}: ${response.status}`;
  return isWellFormedXml(text) ? 'ok' : `${path}: not well-formed`;
}

describe(`reads during deletes on ${testDbKind}`, () => {
  test(
    'feeds, the sitemap and the lists answer whole while posts are deleted',
    async ({ app: t }) => {
      const problems = new Set<string>();
      for (let round = 0; round < ROUNDS; round++) {
        const posts = await seedPosts(
          t.db.prisma,
          Array.from({ length: POSTS_PER_ROUND }, (_, i) => ({ title: `Round ${round} post ${i}` })),
        );
        let deleting = true;
        const deletes = (async () => {
          try {
            for (const post of posts) await t.app.services.posts.delete(post.id);
          } finally {
            deleting = false;
          }
        })();
        const readers = ['/rss.xml', '/atom.xml', '/sitemap.xml', '/games/rss.xml', 'graphql'].map(async (path) => {
          do {
            problems.add(await read(t, path));
            // A cached answer comes back without any I/O: let the deletes' I/O run between reads.
            await new Promise((resolve) => setImmediate(resolve));
          } while (deleting);
        });
        await Promise.all([deletes, ...readers]);
      }
      problems.delete('ok');
      expect([...problems]).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
