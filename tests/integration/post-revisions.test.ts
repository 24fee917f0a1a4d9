// A post keeps its revisions: every save (GraphQL or REST) records the post as it left it, the last 20
// and every publish are kept, the admin alone sees them and restores one as a new save, and they go
// with their post.
import { describe, expect } from 'vitest';
import { figureHtml } from '#kernel/content-pictures.ts';
import { AUTOSAVE_REVISION_EVERY_MS, postMessages } from '#kernel/post-rules.ts';
import { writePostWithCover } from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { graphqlErrors } from '../support/expected-errors.ts';
import { testOnEmptyContent as test } from '../support/fixtures.ts';
import type { TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const POST = 'id slug status title subtitle content category imageAlt description updatedAt image { url }';
const CREATE = `mutation ($input: CreatePostInput!) { createPost(input: $input) { ${POST} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { ${POST} } }`;
const SET_STATUS = `mutation ($id: ID!, $status: PostStatus!) { setPostStatus(id: $id, status: $status) { ${POST} } }`;
const REVISIONS = `query ($id: ID!) { post(id: $id) { id revisions { id createdAt status isPublish title excerpt } } }`;
const RESTORE = `mutation ($id: ID!, $expectedUpdatedAt: DateTime) {
  restorePostRevision(id: $id, expectedUpdatedAt: $expectedUpdatedAt) { ${POST} } }`;
const UPLOAD_PICTURE = `mutation ($image: File!) { uploadPostPicture(image: $image) { url width height srcset } }`;
const PUBLIC_POST = `query ($slug: String!) { post(slug: $slug) { title subtitle content } }`;

interface Revision {
  id: string;
  createdAt: string;
  status: string;
  isPublish: boolean;
  title: string;
  excerpt: string;
}

const fields = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  subtitle: `Subtitle of ${title}`,
  content: `<p>The text of ${title}.</p>`,
  category: 'GAME',
  ...extra,
});

const createPublished = (t: TestApp, admin: string, title: string, extra: Record<string, unknown> = {}) =>
  writePostWithCover(t, admin, CREATE, { input: fields(title, extra) });

async function update(t: TestApp, admin: string, id: string, input: Record<string, unknown>) {
  const result = await t.graphql(UPDATE, { id, input }, { cookie: admin });
  expect(result.errors).toBeUndefined();
  return result.data.updatePost;
}

async function revisionsOf(t: TestApp, admin: string, id: string): Promise<Revision[]> {
  const result = await t.graphql(REVISIONS, { id }, { cookie: admin });
  expect(result.errors).toBeUndefined();
  return result.data.post.revisions;
}

describe(`a post's revisions on ${testDbKind}`, () => {
  test('autosaves keep a revision every ten minutes, saves the author asks for keep each one', async ({
    app: t,
    admin,
  }) => {
    const post = await createPublished(t, admin, 'Typed');
    const draft = await update(t, admin, post.id, fields('Typed', { status: 'DRAFT' }));
    expect((await revisionsOf(t, admin, post.id)).map((revision) => revision.title)).toEqual(['Typed', 'Typed']);
    // An author typing: an autosave at every pause, each stored on the post, none a new revision.
    let updatedAt = draft.updatedAt;
    for (const words of ['One', 'One two', 'One two three']) {
      const saved = await update(
        t,
        admin,
        post.id,
        fields(words, { status: 'DRAFT', autosave: true, expectedUpdatedAt: updatedAt }),
      );
      expect(saved.title).toBe(words);
      updatedAt = saved.updatedAt;
    }
    expect((await revisionsOf(t, admin, post.id)).map((revision) => revision.title)).toEqual(['Typed', 'Typed']);
    // Ten minutes after the newest revision, the next autosave records one.
    await t.db.prisma.postRevision.updateMany({
      where: { postId: post.id },
      data: { createdAt: new Date(Date.now() - AUTOSAVE_REVISION_EVERY_MS - 1000) },
    });
    await update(t, admin, post.id, fields('Later', { status: 'DRAFT', autosave: true }));
    await update(t, admin, post.id, fields('Later still', { status: 'DRAFT', autosave: true }));
    // Asked for: recorded whatever the time.
    await update(t, admin, post.id, fields('Saved on purpose', { status: 'DRAFT' }));
    expect((await revisionsOf(t, admin, post.id)).map((revision) => revision.title)).toEqual([
      'Saved on purpose',
      'Later',
      'Typed',
      'Typed',
    ]);
  });

  test('25 saves keep the last 20 and every publish, newest first', async ({ app: t, admin }) => {
    // What each save should have left, oldest first: [title, status, isPublish].
    const saves: Array<[string, string, boolean]> = [];
    const post = await createPublished(t, admin, 'Save 1');
    saves.push(['Save 1', 'PUBLISHED', true]);
    for (let n = 2; n <= 25; n++) {
      if (n === 11) {
        await t.graphql(SET_STATUS, { id: post.id, status: 'DRAFT' }, { cookie: admin });
        saves.push(['Save 10', 'DRAFT', false]);
      } else if (n === 12) {
        await t.graphql(SET_STATUS, { id: post.id, status: 'PUBLISHED' }, { cookie: admin });
        saves.push(['Save 10', 'PUBLISHED', true]);
      } else {
        await update(t, admin, post.id, fields(`Save ${n}`));
        saves.push([`Save ${n}`, 'PUBLISHED', false]);
      }
    }

    const revisions = await revisionsOf(t, admin, post.id);
    // Saves 6 to 25 (the last 20, the second publish among them), then the first publish: 2 to 5 are gone.
    const expected = [...saves.slice(5).reverse(), saves[0]!];
    expect(revisions.map((revision) => [revision.title, revision.status, revision.isPublish])).toEqual(expected);
    const dates = revisions.map((revision) => Date.parse(revision.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(revisions[0]!.excerpt).toBe('The text of Save 25.');

    // The next save forgets the oldest ordinary one (save 6), never a publish.
    await update(t, admin, post.id, fields('Save 26'));
    const after = await revisionsOf(t, admin, post.id);
    expect(after).toHaveLength(21);
    expect(after[0]!.title).toBe('Save 26');
    expect(after.map((revision) => revision.title)).not.toContain('Save 6');
    expect(after.filter((revision) => revision.isPublish).map((revision) => revision.title)).toEqual([
      'Save 10',
      'Save 1',
    ]);
  });

  test('restoring a revision saves its fields as a new revision, keeps the current cover when its own is gone, and refuses a stale copy', async ({
    app: t,
    admin,
  }) => {
    const first = await createPublished(t, admin, 'First words', { imageAlt: 'The first cover', description: 'First' });
    // A new cover replaces the first, which is deleted with its files.
    const { body } = await t.upload(
      UPDATE,
      { id: first.id, input: fields('Second words', { category: 'BOOK', imageAlt: 'The second cover' }) },
      { 'input.image': fileOf(await makeImage({ width: 640, height: 480 })) },
      { cookie: admin },
    );
    expect(body.errors).toBeUndefined();
    const second = body.data.updatePost;
    expect(second.image.url).not.toBe(first.image.url);
    // Read by a visitor, so the public caches hold the second words until the restore.
    expect((await t.graphql(PUBLIC_POST, { slug: second.slug })).data.post.title).toBe('Second words');

    const [, firstRevision] = await revisionsOf(t, admin, first.id);
    expect(firstRevision!.title).toBe('First words');
    // The first cover was deleted when it was replaced: the revision no longer names it.
    const stored = await t.db.prisma.postRevision.findUnique({ where: { id: firstRevision!.id } });
    expect(stored!.imageId).toBeNull();
    expect(await t.db.prisma.image.count()).toBe(1);

    // Based on an older copy: refused, nothing changes.
    const stale = await t.graphql(
      RESTORE,
      { id: firstRevision!.id, expectedUpdatedAt: first.updatedAt },
      { cookie: admin },
    );
    expect(stale.errors).toEqual(graphqlErrors(postMessages.conflict, 'CONFLICT'));
    expect(await revisionsOf(t, admin, first.id)).toHaveLength(2);

    const unknown = await t.graphql(RESTORE, { id: '00000000-0000-7000-8000-000000000000' }, { cookie: admin });
    expect(unknown.errors).toEqual(graphqlErrors('Revision not found', 'NOT_FOUND'));

    const restored = await t.graphql(
      RESTORE,
      { id: firstRevision!.id, expectedUpdatedAt: second.updatedAt },
      { cookie: admin },
    );
    expect(restored.errors).toBeUndefined();
    expect(restored.data.restorePostRevision).toMatchObject({
      id: first.id,
      status: 'PUBLISHED',
      title: 'First words',
      subtitle: 'Subtitle of First words',
      content: '<p>The text of First words.</p>',
      category: 'GAME',
      description: 'First',
      // The first cover is gone: the current one stays, with its own text alternative.
      image: { url: second.image.url },
      imageAlt: 'The second cover',
    });
    expect(Date.parse(restored.data.restorePostRevision.updatedAt)).toBeGreaterThan(Date.parse(second.updatedAt));

    // A new save: the newest revision, not a publish; the two before it are still there.
    const revisions = await revisionsOf(t, admin, first.id);
    expect(revisions.map((revision) => [revision.title, revision.isPublish])).toEqual([
      ['First words', false],
      ['Second words', false],
      ['First words', true],
    ]);
    expect(revisions[0]!.createdAt).toBe(restored.data.restorePostRevision.updatedAt);
    // Readers see the restored post at once: the caches forgot the second words.
    expect((await t.graphql(PUBLIC_POST, { slug: first.slug })).data.post).toEqual({
      title: 'First words',
      subtitle: 'Subtitle of First words',
      content: '<p>The text of First words.</p>',
    });
    const rest = await (await t.request(`/api/blogposts/${first.id}`)).json();
    expect(rest.title).toBe('First words');
  });

  test('a picture taken out of the text, and so deleted, is not brought back by a restore', async ({
    app: t,
    admin,
  }) => {
    const { body: uploaded } = await t.upload(
      UPLOAD_PICTURE,
      {},
      { image: fileOf(await makeImage({ width: 1000, height: 500 })) },
      { cookie: admin },
    );
    const picture = uploaded.data.uploadPostPicture;
    const figure = figureHtml({
      storageKey: /([0-9a-f]{32})-\d+\.webp$/.exec(picture.url)![1]!,
      width: picture.width,
      height: picture.height,
      variantWidths: picture.srcset.split(', ').map((entry: string) => Number(/ (\d+)w$/.exec(entry)![1])),
      alt: 'The castle',
      caption: '',
    });
    const post = await createPublished(t, admin, 'Pictured', { content: `<p>Look:</p>${figure}` });
    expect(post.content).toContain(picture.url);
    await update(t, admin, post.id, fields('Pictured', { content: '<p>Look: nothing.</p>' }));
    // Only the cover is left: the picture went when nothing showed it any more.
    expect(await t.db.prisma.image.count()).toBe(1);

    const [, first] = await revisionsOf(t, admin, post.id);
    const restored = await t.graphql(RESTORE, { id: first!.id }, { cookie: admin });
    expect(restored.errors).toBeUndefined();
    expect(restored.data.restorePostRevision.content).toBe('<p>Look:</p>');
    expect(await t.db.prisma.postPicture.count()).toBe(0);
  });

  test('restoring goes through the rules of a save: a draft revision cannot empty a published post', async ({
    app: t,
    admin,
  }) => {
    const draft = await t.graphql(
      CREATE,
      { input: { title: 'Just a title', subtitle: '', content: '', status: 'DRAFT' } },
      { cookie: admin },
    );
    const { id } = draft.data.createPost;
    const completed = await writePostWithCover(t, admin, UPDATE, {
      id,
      input: fields('Now complete', { status: 'PUBLISHED' }),
    });
    const [published, draftRevision] = await revisionsOf(t, admin, id);
    expect(published).toMatchObject({ title: 'Now complete', isPublish: true });

    const refused = await t.graphql(RESTORE, { id: draftRevision!.id }, { cookie: admin });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((await t.graphql(PUBLIC_POST, { slug: completed.slug })).data.post.title).toBe('Now complete');
    expect(await revisionsOf(t, admin, id)).toHaveLength(2);
  });

  test('nobody but an admin sees or restores revisions, and no cache keeps them', async ({ app: t, admin }) => {
    const post = await createPublished(t, admin, 'Kept to myself');
    const [revision] = await revisionsOf(t, admin, post.id);

    const reader = await t.signIn();
    for (const [cookie, code] of [
      [undefined, 'UNAUTHENTICATED'],
      [reader.cookie, 'FORBIDDEN'],
      // Asked twice anonymously: a refused answer is never stored to be given again.
      [undefined, 'UNAUTHENTICATED'],
    ] as const) {
      const response = await t.graphqlResponse(REVISIONS, { id: post.id }, { cookie });
      const read = await response.json();
      expect(read.errors?.[0]?.extensions?.code).toBe(code);
      expect(read.data?.post ?? null).toBeNull();
      expect(JSON.stringify(read)).not.toContain(revision!.id);

      const restore = await t.graphql(RESTORE, { id: revision!.id }, { cookie });
      expect(restore.errors?.[0]?.extensions?.code).toBe(code);
    }
    // The post itself is still anyone's to read, without its revisions.
    const plain = await t.graphql(`query ($id: ID!) { post(id: $id) { title } }`, { id: post.id });
    expect(plain).toEqual({ data: { post: { title: 'Kept to myself' } } });
    expect(await revisionsOf(t, admin, post.id)).toHaveLength(1);
  });

  test("the REST facade's writes make revisions, and deleting a post deletes them", async ({ app: t, admin }) => {
    const post = await createPublished(t, admin, 'Through GraphQL');
    const put = await t.request(`/api/blogposts/${post.id}`, {
      method: 'PUT',
      headers: { cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Through REST', subtitle: 'Put', content: '<p>Put there.</p>', category: 'tv' }),
    });
    expect(put.status).toBe(200);
    const revisions = await revisionsOf(t, admin, post.id);
    expect(revisions.map((revision) => [revision.title, revision.excerpt, revision.isPublish])).toEqual([
      ['Through REST', 'Put there.', false],
      ['Through GraphQL', 'The text of Through GraphQL.', true],
    ]);

    const deleted = await t.graphql(`mutation ($id: ID!) { deletePost(id: $id) }`, { id: post.id }, { cookie: admin });
    expect(deleted.errors).toBeUndefined();
    expect(await t.db.prisma.postRevision.count({ where: { postId: post.id } })).toBe(0);
  });
});
