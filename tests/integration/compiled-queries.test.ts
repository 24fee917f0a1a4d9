// A query's first run is interpreted by graphql-js, its later runs are compiled by graphql-jit
// (server/graphql/compiled-queries.ts, docs/decisions/038-compiled-queries.md). Every query the
// client sends must get the same answer both ways: the same data, errors, status and headers.
// Signed in, so that the response cache never answers the repeats from memory.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPostsDocument,
  BlogListDocument,
  CategoryListDocument,
  CurrentUserDocument,
  EditPostDocument,
  HomePageDocument,
  PostDetailDocument,
  ShowUpcomingCardsDocument,
  SiteDocument,
} from '../../client/src/gql/graphql.ts';
import { seedPosts } from '../support/content.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import type { AnyDocument } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const site = appWithAdmin();
let reader: string;
let postId: string;
let postSlug: string;

beforeAll(async () => {
  reader = (await site.t.signIn()).cookie;
  const posts = await seedPosts(
    site.t.db.prisma,
    Array.from({ length: 20 }, (_, i) => ({
      title: `Compiled ${i}`,
      category: i % 3 === 0 ? 'anime' : 'book',
      content: `<p>Words about the <em>compiled</em> query number ${i}.</p>`,
    })),
  );
  postId = posts[7]!.id;
  postSlug = posts[7]!.slug;
  const image = await site.t.db.prisma.image.create({
    data: { storageKey: 'c'.repeat(32), mimeType: 'image/webp', width: 480, height: 320, variantWidths: [480] },
  });
  await site.t.db.prisma.upcomingCard.create({ data: { title: 'Reading', subtitle: 'A book', imageId: image.id } });
}, 60_000);

/**
 * Status, the headers a client reads, and the body, as one comparable value. A post's comment form
 * token is made at each answer (the time the form was shown, signed: issue 38), so its shape is
 * what is compared, not its value.
 */
async function answer(query: AnyDocument, variables: Record<string, unknown>, cookie: string) {
  const response = await site.t.graphqlResponse(query, variables, { cookie });
  const text = (await response.text()).replace(
    /"commentFormToken":"\d+\.[\w-]+"/g,
    '"commentFormToken":"<time>.<signature>"',
  );
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
    body: JSON.parse(text) as { errors?: unknown[] },
  };
}

const CASES: Array<[name: string, query: AnyDocument, variables: () => Record<string, unknown>, who: () => string]> = [
  ['the home page', HomePageDocument, () => ({}), () => reader],
  ['a blog page', BlogListDocument, () => ({ page: 2 }), () => reader],
  ['a search', BlogListDocument, () => ({ page: 1, search: 'compiled' }), () => reader],
  ['a category page', CategoryListDocument, () => ({ page: 1, category: 'ANIME' }), () => reader],
  ['a post page', PostDetailDocument, () => ({ slug: postSlug }), () => reader],
  ['a missing post', PostDetailDocument, () => ({ slug: 'no-such-post' }), () => reader],
  ['the cards', ShowUpcomingCardsDocument, () => ({}), () => reader],
  ['who is signed in', CurrentUserDocument, () => ({}), () => reader],
  ['the site', SiteDocument, () => ({}), () => reader],
  ["the admin's list", AdminPostsDocument, () => ({ page: 1 }), () => site.admin],
  ['a post to edit', EditPostDocument, () => ({ id: postId }), () => site.admin],
  ['the same post by its id, for a reader', EditPostDocument, () => ({ id: postId }), () => reader],
  ["the admin's list, by a reader (refused)", AdminPostsDocument, () => ({ page: 1 }), () => reader],
  ['a page out of range (refused)', BlogListDocument, () => ({ page: 0 }), () => reader],
];

describe(`compiled queries answer as interpreted ones, on ${testDbKind}`, () => {
  for (const [name, query, variables, who] of CASES) {
    it(name, async () => {
      const first = await answer(query, variables(), who());
      // Each case asks for what it names: an answer, or a refusal.
      if (name.endsWith('(refused)')) expect(first.body.errors?.length).toBeGreaterThan(0);
      else expect(first.body.errors).toBeUndefined();
      const second = await answer(query, variables(), who());
      const third = await answer(query, variables(), who());
      expect(second).toEqual(first);
      expect(third).toEqual(first);
    });
  }

  it('reads the post as it is now, not as it was when its query was compiled', async () => {
    // Between runs the post changes: the compiled query reads what is there now.
    const before = await answer(PostDetailDocument, { slug: postSlug }, reader);
    await site.t.db.prisma.post.update({ where: { id: postId }, data: { subtitle: 'Changed between runs' } });
    const after = await answer(PostDetailDocument, { slug: postSlug }, reader);
    expect(JSON.stringify(before.body)).not.toContain('Changed between runs');
    expect(JSON.stringify(after.body)).toContain('Changed between runs');
  });
});
