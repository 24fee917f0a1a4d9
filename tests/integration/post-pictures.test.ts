// Pictures in a post's text, through the real API with real image bytes: uploaded like a cover,
// stored in the content with their variants, tracked, and deleted (row and files) when the last post
// that shows them lets them go, never while a post's text, a cover or a card still shows them.
import { describe, expect } from 'vitest';
import { figureHtml } from '#kernel/content-pictures.ts';
import { UNSAVED_PICTURE_MS, deleteUnsavedPictures } from '../../server/modules/media/image-uses.ts';
import { postInput, uploadCard, uploadedFiles, uploadPost } from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { testOnEmptyContent as test } from '../support/fixtures.ts';
import type { TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const UPLOAD_PICTURE = `mutation ($image: File!) { uploadPostPicture(image: $image) { url width height srcset } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { id content } }`;
const DELETE = `mutation ($id: ID!) { deletePost(id: $id) }`;
const GET = `query ($id: ID!) { post(id: $id) { content excerpt } }`;

interface Uploaded {
  url: string;
  width: number;
  height: number;
  srcset: string;
}

async function uploadPicture(t: TestApp, cookie: string, width = 1000, height = 500): Promise<Uploaded> {
  const { body } = await t.upload(
    UPLOAD_PICTURE,
    {},
    { image: fileOf(await makeImage({ width, height })) },
    { cookie },
  );
  expect(body.errors).toBeUndefined();
  return body.data.uploadPostPicture;
}

const keyOf = (picture: Uploaded) => /([0-9a-f]{32})-\d+\.webp$/.exec(picture.url)![1]!;

/** The figure as the editor writes it for an uploaded picture. */
function figure(picture: Uploaded, alt = 'A picture', caption = ''): string {
  const widths = picture.srcset.split(', ').map((entry) => Number(/ (\d+)w$/.exec(entry)![1]));
  const { width, height } = picture;
  return figureHtml({ storageKey: keyOf(picture), width, height, variantWidths: widths, alt, caption });
}

/** The files of a stored image, by its key. */
const filesOf = (t: TestApp, picture: Uploaded) => uploadedFiles(t).filter((file) => file.includes(keyOf(picture)));

async function createPost(t: TestApp, cookie: string, content: string) {
  const { body } = await uploadPost(t, cookie, { content });
  expect(body.errors).toBeUndefined();
  return body.data.createPost as { id: string; content: string; image: Uploaded };
}

async function setContent(t: TestApp, cookie: string, id: string, content: string) {
  const { data, errors } = await t.graphql(UPDATE, { id, input: postInput({ content }) }, { cookie });
  expect(errors).toBeUndefined();
  return data.updatePost.content as string;
}

describe(`pictures in a post's text on ${testDbKind}`, () => {
  test('are uploaded like a cover and stored in the content with their variants, alt text and caption', async ({
    app: t,
    admin,
  }) => {
    const picture = await uploadPicture(t, admin, 1000, 500);
    expect(picture).toMatchObject({ width: 1000, height: 500 });
    expect(filesOf(t, picture)).toHaveLength(4);
    const sent = `<p>Look:</p>${figure(picture, 'The castle at dawn', 'Hyrule Castle')}<figure><img src="http://elsewhere.test/cat.jpg" alt="cat"></figure>`;
    const post = await createPost(t, admin, sent);
    expect(post.content).toBe(`<p>Look:</p>${figure(picture, 'The castle at dawn', 'Hyrule Castle')}`);
    expect(post.content).toContain('srcset="/uploads/');
    expect(post.content).toContain('loading="lazy"');
    expect(post.content).not.toContain('elsewhere');
    const tracked = await t.db.prisma.postPicture.findMany({ include: { image: true } });
    expect(tracked.map((row) => [row.postId, row.image.storageKey])).toEqual([[post.id, keyOf(picture)]]);
    // The caption is no part of the excerpt.
    const { data } = await t.graphql(GET, { id: post.id });
    expect(data.post.excerpt).toBe('Look:');
  });

  test('refuses a picture that is not an image (type judged from the bytes)', async ({ app: t, admin }) => {
    const text = new File([new TextEncoder().encode('not a picture')], 'x.png', { type: 'image/png' });
    const { response, body } = await t.upload(UPLOAD_PICTURE, {}, { image: text }, { cookie: admin });
    expect(response.status).toBe(415);
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual({
      image: 'Image must be of type jpeg, jpg, png or webp',
    });
    expect(await t.db.prisma.image.count()).toBe(0);
    expect(uploadedFiles(t)).toEqual([]);
  });

  test('only an admin may upload one', async ({ app: t }) => {
    const { body } = await t.upload(UPLOAD_PICTURE, {}, { image: fileOf(await makeImage()) });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await t.db.prisma.image.count()).toBe(0);
  });

  test('a picture taken out of the text is deleted, row and files', async ({ app: t, admin }) => {
    const kept = await uploadPicture(t, admin);
    const removed = await uploadPicture(t, admin);
    const post = await createPost(t, admin, `${figure(kept)}<p>Words</p>${figure(removed)}`);
    await setContent(t, admin, post.id, `${figure(kept)}<p>Words</p>`);
    expect(filesOf(t, removed)).toEqual([]);
    expect(await t.db.prisma.image.count({ where: { storageKey: keyOf(removed) } })).toBe(0);
    expect(filesOf(t, kept)).toHaveLength(4);
    expect(filesOf(t, post.image)).toHaveLength(4);
  });

  test("a post's pictures are deleted with it", async ({ app: t, admin }) => {
    const picture = await uploadPicture(t, admin);
    const post = await createPost(t, admin, `<p>Words</p>${figure(picture)}`);
    const { errors } = await t.graphql(DELETE, { id: post.id }, { cookie: admin });
    expect(errors).toBeUndefined();
    expect(uploadedFiles(t)).toEqual([]);
    expect(await t.db.prisma.image.count()).toBe(0);
  });

  test("a picture still in another post's text is never deleted", async ({ app: t, admin }) => {
    const shared = await uploadPicture(t, admin);
    const first = await createPost(t, admin, `<p>One</p>${figure(shared)}`);
    const second = await createPost(t, admin, `<p>Two</p>${figure(shared, 'Seen again')}`);
    await t.graphql(DELETE, { id: first.id }, { cookie: admin });
    expect(filesOf(t, shared)).toHaveLength(4);
    const { data } = await t.graphql(GET, { id: second.id });
    expect(data.post.content).toContain(shared.url);
    // The last post lets it go: now it goes.
    await setContent(t, admin, second.id, '<p>Two, without it</p>');
    expect(filesOf(t, shared)).toEqual([]);
  });

  test("a cover or a card's picture shown in a post's text stays while they use it", async ({ app: t, admin }) => {
    const covered = await createPost(t, admin, '<p>Has a cover</p>');
    const { body } = await uploadCard(t, admin);
    const card = body.data.createUpcomingCard.image as Uploaded;
    const showing = await createPost(t, admin, `<p>Shows both</p>${figure(covered.image)}${figure(card)}`);
    expect(showing.content).toContain(covered.image.url);
    expect(showing.content).toContain(card.url);
    // Out of the text: the cover and the card still use them.
    await setContent(t, admin, showing.id, '<p>Shows none</p>');
    expect(filesOf(t, covered.image)).toHaveLength(4);
    expect(filesOf(t, card)).not.toEqual([]);
    // The cover's post goes while another post's text still shows the cover: the picture stays.
    await setContent(t, admin, showing.id, `<p>Shows the cover</p>${figure(covered.image)}`);
    await t.graphql(DELETE, { id: covered.id }, { cookie: admin });
    expect(filesOf(t, covered.image)).toHaveLength(4);
    await t.graphql(DELETE, { id: showing.id }, { cookie: admin });
    expect(filesOf(t, covered.image)).toEqual([]);
    expect(filesOf(t, card)).not.toEqual([]);
  });

  test('a picture uploaded but never saved in a post goes after a week; one in use stays', async ({
    app: t,
    admin,
  }) => {
    const unsaved = await uploadPicture(t, admin);
    const used = await uploadPicture(t, admin);
    await createPost(t, admin, `<p>Words</p>${figure(used)}`);
    const files = t.app.services.imageFiles;
    expect(await deleteUnsavedPictures(t.db.prisma, files)).toBe(0);
    const later = new Date(Date.now() + UNSAVED_PICTURE_MS + 60_000);
    expect(await deleteUnsavedPictures(t.db.prisma, files, later)).toBe(1);
    expect(filesOf(t, unsaved)).toEqual([]);
    expect(filesOf(t, used)).toHaveLength(4);
  });

  test('feeds carry the pictures with absolute addresses', async ({ app: t, admin }) => {
    const picture = await uploadPicture(t, admin);
    await createPost(t, admin, `<p>Words</p>${figure(picture, 'Alt', 'Caption')}`);
    const rss = await (await t.request('/rss.xml')).text();
    const siteUrl = t.config.siteUrl;
    expect(rss).toContain(`src="${siteUrl}${picture.url}"`);
    expect(rss).toContain(`srcset="${picture.srcset.replace(/(^|, )\//g, `$1${siteUrl}/`)}"`);
    expect(rss).not.toMatch(/src="\/uploads/);
  });

  test('the REST facade shows the same content', async ({ app: t, admin }) => {
    const picture = await uploadPicture(t, admin);
    const post = await createPost(t, admin, `<p>Words</p>${figure(picture, 'Alt', 'Caption')}`);
    const response = await t.request(`/api/blogposts/${post.id}`);
    expect(response.status).toBe(200);
    const json = (await response.json()) as { content: string };
    expect(json.content).toBe(post.content);
  });
});
