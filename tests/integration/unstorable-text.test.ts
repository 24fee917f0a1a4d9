// Text PostgreSQL cannot store (a NUL, a lone UTF-16 surrogate) is the caller's mistake: every text
// field answers 400 with its own field error, stores nothing and logs nothing, through both doors.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { asExpectedError } from '../../server/errors.ts';
import { errorResponse } from '../../server/http/rest-router.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '#kernel/text-rules.ts';
import { LOGIN, UPDATE_PROFILE } from '../support/auth-requests.ts';
import { postInput, UPDATE_POST, uploadCard, uploadPost } from '../support/content.ts';
import { makeImage } from '../support/images.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

// A NUL, which PostgreSQL refuses, and half of a surrogate pair, which has no UTF-8 form (the drivers
// would store U+FFFD in its place). JSON carries both; multipart text is UTF-8, so only the NUL.
const UNSTORABLE = { NUL: 'Zel\u0000da', 'a lone surrogate': 'Zel\ud800da' } as const;
const kinds = Object.entries(UNSTORABLE);

// register answers a message, the same whether or not the e-mail had an account.
const REGISTER = `mutation Register($name: String!, $email: String!, $password: String!) {
  register(name: $name, email: $email, password: $password)
}`;

let t: TestApp;
let admin: string;
let postId: string;
let logged: MockInstance<typeof console.error>;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', REGISTRATION: 'open' } });
  admin = (await t.signIn({ isAdmin: true })).cookie;
  postId = (await uploadPost(t, admin)).body.data.createPost.id;
});
afterAll(() => t.dispose());

// A real spy on the real console: anything the server logs still shows, and fails the test.
beforeEach(() => {
  logged = vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(logged).not.toHaveBeenCalled();
  logged.mockRestore();
});

const json = (method: string, body: unknown, cookie?: string): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

/** A REST answer: 400 with the unstorable-text message on exactly this field. */
async function expectRestFieldError(response: Response, field: string) {
  expect(response.status).toBe(400);
  const body = await response.json();
  expect(body.fieldErrors).toEqual({ [field]: UNSTORABLE_TEXT_MESSAGE });
  expect(body.message).toBe(UNSTORABLE_TEXT_MESSAGE);
}

/** A GraphQL answer: 400, BAD_USER_INPUT with the message on exactly this field, no data. */
async function expectGraphqlFieldError(response: Response, field: string) {
  expect(response.status).toBe(400);
  const body = await response.json();
  expect(body.data).toBeNull();
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]).toMatchObject({
    message: UNSTORABLE_TEXT_MESSAGE,
    extensions: { code: 'BAD_USER_INPUT', fieldErrors: { [field]: UNSTORABLE_TEXT_MESSAGE } },
  });
  expect(Object.keys(body.errors[0].extensions.fieldErrors)).toEqual([field]);
}

async function postForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.append('image', new File([await makeImage({ width: 800, height: 450 })], 'cover.png', { type: 'image/png' }));
  return form;
}

const counts = async () => ({
  users: await t.db.prisma.user.count(),
  posts: await t.db.prisma.post.count(),
  cards: await t.db.prisma.upcomingCard.count(),
  images: await t.db.prisma.image.count(),
});

describe(`text the database cannot store, on ${testDbKind}`, () => {
  describe.each(kinds)('%s', (_kind, bad) => {
    it('in the login e-mail: 400 on email, no session, over REST and GraphQL', async () => {
      const rest = await t.request('/api/users/login', json('POST', { email: `${bad}@example.com`, password: 'x' }));
      await expectRestFieldError(rest, 'email');
      expect(rest.headers.getSetCookie()).toEqual([]);

      const graphql = await t.graphqlResponse(LOGIN, { email: `${bad}@example.com`, password: 'x' });
      await expectGraphqlFieldError(graphql, 'email');
      expect(graphql.headers.getSetCookie()).toEqual([]);
    });

    it.each(['name', 'email'])('in the registration %s: 400 on that field, no account', async (field) => {
      const before = await counts();
      const fields = { name: 'Ada', email: `ada-${field}@example.com`, password: 'a good long password' };
      const input = { ...fields, [field]: field === 'email' ? `${bad}@example.com` : bad };
      await expectRestFieldError(await t.request('/api/users', json('POST', input)), field);
      await expectGraphqlFieldError(await t.graphqlResponse(REGISTER, input), field);
      expect(await counts()).toEqual(before);
    });

    it('in the profile name: 400 on name, the name unchanged', async () => {
      const { cookie, userId } = await t.signIn({ name: 'Ada' });
      await expectRestFieldError(await t.request('/api/users/profile', json('PUT', { name: bad }, cookie)), 'name');
      await expectGraphqlFieldError(
        await t.graphqlResponse(UPDATE_PROFILE, { input: { name: bad } }, { cookie }),
        'name',
      );
      expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).name).toBe('Ada');
    });

    it.each(['title', 'subtitle', 'content'])('in a post %s: 400 on that field, nothing stored', async (field) => {
      const before = await counts();
      const stored = await t.db.prisma.post.findUniqueOrThrow({ where: { id: postId } });
      const value = field === 'content' ? `<p>${bad}</p>` : bad;

      const created = await uploadPost(t, admin, { [field]: value });
      await expectGraphqlFieldError(created.response, field);
      const updated = await t.graphqlResponse(
        UPDATE_POST,
        { id: postId, input: postInput({ [field]: value }) },
        { cookie: admin },
      );
      await expectGraphqlFieldError(updated, field);
      const restUpdate = await t.request(
        `/api/blogposts/${postId}`,
        json(
          'PUT',
          { title: 'Zelda', subtitle: 'Again', content: '<p>Yes</p>', category: 'game', [field]: value },
          admin,
        ),
      );
      await expectRestFieldError(restUpdate, field);

      expect(await counts()).toEqual(before);
      expect(await t.db.prisma.post.findUniqueOrThrow({ where: { id: postId } })).toEqual(stored);
    });

    it('in a card subtitle: 400 on subtitle, no card', async () => {
      const before = await counts();
      const { response } = await uploadCard(t, admin, { subtitle: bad });
      await expectGraphqlFieldError(response, 'subtitle');
      expect(await counts()).toEqual(before);
    });
  });

  // Multipart text is UTF-8, where only the NUL can be sent.
  it('in a multipart post or card from the original client: 400 on the field, nothing stored', async () => {
    const before = await counts();
    for (const field of ['title', 'subtitle', 'content']) {
      const fields = { title: 'Zelda', subtitle: 'Again', content: '<p>Yes</p>', category: 'game' };
      const body = await postForm({ ...fields, [field]: field === 'content' ? '<p>a\u0000b</p>' : 'a\u0000b' });
      await expectRestFieldError(
        await t.request('/api/blogposts', { method: 'POST', headers: { cookie: admin }, body }),
        field,
      );
    }
    const card = await postForm({ title: 'Reading', subtitle: 'Dune\u0000' });
    await expectRestFieldError(
      await t.request('/api/upcoming', { method: 'POST', headers: { cookie: admin }, body: card }),
      'subtitle',
    );
    expect(await counts()).toEqual(before);
  });

  it('keeps the characters PostgreSQL can store: emoji (a surrogate pair), accents, other controls', async () => {
    const title = 'Zelda 🗡️ é\u0001\u001f';
    const { body } = await uploadPost(t, admin, { title });
    expect(body.errors).toBeUndefined();
    expect(body.data.createPost.title).toBe(title);
    const { response } = await uploadCard(t, admin, { subtitle: '読書 📚' });
    expect(response.status).toBe(200);
  });

  it('never sends such text to the database as an id or a search keyword either', async () => {
    // A URL cannot carry a lone surrogate: only the NUL there.
    expect((await t.request('/api/blogposts/a%00b')).status).toBe(404);
    const search = await t.request('/api/blogposts?keyword=a%00b');
    expect(search.status).toBe(400);
    expect((await search.json()).fieldErrors).toHaveProperty('search');
    for (const bad of Object.values(UNSTORABLE)) {
      const post = await t.graphql('query ($id: ID!) { post(id: $id) { id } }', { id: bad });
      expect(post).toEqual({ data: { post: null } });
      const posts = await t.graphql('query ($search: String) { posts(search: $search) { total } }', { search: bad });
      expect(posts.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fieldErrors: { search: expect.any(String) },
      });
    }
  });

  // What the rules do not check still never becomes a 500: the database's own refusal of such text
  // is answered as the caller's mistake, by both doors, without a stack trace in the log.
  it("answers the database's own refusal of such text as BAD_USER_INPUT, unlogged", async () => {
    const refusal = await t.db.prisma.user
      .findUnique({ where: { email: 'a\u0000b' } })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Error);
    expect(asExpectedError(refusal)).toMatchObject({ code: 'BAD_USER_INPUT', status: 400 });
    const response = errorResponse(refusal);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: UNSTORABLE_TEXT_MESSAGE });
    // Any other database failure is still a bug: masked and logged.
    const other = await t.db.prisma
      .$queryRawUnsafe('SELECT no_such_column FROM "User"')
      .catch((error: unknown) => error);
    expect(asExpectedError(other)).toBeNull();
  });
});
