// Every admin write on posts and cards refuses an anonymous caller (401 UNAUTHENTICATED) and a
// signed-in non-admin (403 FORBIDDEN) before any side effect: no row, no file, nothing changed.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CARDS,
  CREATE_CARD,
  CREATE_POST,
  DELETE_CARD,
  DELETE_POST,
  POSTS,
  postInput,
  UPDATE_POST,
  uploadCard,
  uploadedFiles,
  uploadPost,
} from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { appWithAdmin } from '../support/fixtures.ts';
import { testDbKind } from '../support/test-database.ts';

const site = appWithAdmin();
let reader: string;
let post: { id: string };
let card: { id: string };
beforeAll(async () => {
  reader = (await site.t.signIn({ isAdmin: false })).cookie;
  post = (await uploadPost(site.t, site.admin)).body.data.createPost;
  card = (await uploadCard(site.t, site.admin)).body.data.createUpcomingCard;
});

/** Everything a write could change: the lists, the rows and the files. */
async function snapshot() {
  return {
    posts: await site.t.graphql(POSTS, {}),
    cards: await site.t.graphql(CARDS),
    images: await site.t.db.prisma.image.findMany({ orderBy: { id: 'asc' } }),
    files: uploadedFiles(site.t),
  };
}

const writes: Array<{ name: string; send: (cookie: string | undefined) => Promise<Response> }> = [
  {
    name: 'createPost',
    send: async (cookie) =>
      (
        await site.t.upload(
          CREATE_POST,
          { input: postInput() },
          { 'input.image': fileOf(await makeImage()) },
          { cookie },
        )
      ).response,
  },
  {
    name: 'updatePost with an image',
    send: async (cookie) =>
      (
        await site.t.upload(
          UPDATE_POST,
          { id: post.id, input: postInput({ title: 'Hijacked' }) },
          { 'input.image': fileOf(await makeImage()) },
          { cookie },
        )
      ).response,
  },
  {
    name: 'updatePost',
    send: (cookie) =>
      site.t.graphqlResponse(UPDATE_POST, { id: post.id, input: postInput({ title: 'Hijacked' }) }, { cookie }),
  },
  { name: 'deletePost', send: (cookie) => site.t.graphqlResponse(DELETE_POST, { id: post.id }, { cookie }) },
  {
    name: 'createUpcomingCard',
    send: async (cookie) =>
      (
        await site.t.upload(
          CREATE_CARD,
          { input: { title: 'PLAYING', subtitle: 'Intruder' } },
          { 'input.image': fileOf(await makeImage()) },
          { cookie },
        )
      ).response,
  },
  { name: 'deleteUpcomingCard', send: (cookie) => site.t.graphqlResponse(DELETE_CARD, { id: card.id }, { cookie }) },
];

describe(`admin writes on ${testDbKind}`, () => {
  it.each(writes)(
    '$name refuses an anonymous caller with 401 UNAUTHENTICATED and changes nothing',
    async ({ send }) => {
      const before = await snapshot();
      const response = await send(undefined);
      expect(response.status).toBe(401);
      const body = await response.json();
      expect(body.data).toBeNull();
      expect(body.errors).toEqual([
        expect.objectContaining({ message: 'Not authorized', extensions: { code: 'UNAUTHENTICATED' } }),
      ]);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(writes)('$name refuses a signed-in reader with 403 FORBIDDEN and changes nothing', async ({ send }) => {
    const before = await snapshot();
    const response = await send(reader);
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.errors).toEqual([
      expect.objectContaining({ message: 'Admin access required', extensions: { code: 'FORBIDDEN' } }),
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it.each(writes)('$name treats a forged session cookie as anonymous', async ({ send }) => {
    const response = await send('session=forged.cookie');
    expect(response.status).toBe(401);
  });

  it('refuses before validating: an anonymous invalid write is told to sign in, not what is invalid', async () => {
    const response = await site.t.graphqlResponse(UPDATE_POST, { id: post.id, input: postInput({ title: '' }) });
    expect(response.status).toBe(401);
  });

  it('lets anyone read', async () => {
    for (const cookie of [undefined, reader]) {
      expect((await site.t.graphql(POSTS, {}, { cookie })).data.posts.total).toBe(1);
      expect((await site.t.graphql(CARDS, {}, { cookie })).data.upcomingCards).toHaveLength(1);
    }
  });
});
