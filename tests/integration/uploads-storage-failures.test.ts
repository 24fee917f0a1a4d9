// A disk that refuses to store an image is the server's failure, not the image's: the author is told
// the server could not store it (500, or 507 for a full disk), the cause is logged for whoever runs
// the server, and nothing is stored. A picture that cannot be decoded is still the author's 400.
//
// The disk is made to fail by putting a regular file where DATA_DIR/uploads should be a folder:
// creating the image's folder inside it then fails (ENOTDIR) for every user. Taking away the write
// permission would not do: tests may run as root, whom permissions do not stop.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { uploadCard, uploadPost } from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';
import { graphqlErrors } from '../support/expected-errors.ts';

const NOT_STORED = 'The server could not store the image';

let t: TestApp;
let admin: string;
let consoleError: MockInstance<typeof console.error>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn({ isAdmin: true })).cookie;
});
afterAll(() => t.dispose());

beforeEach(() => {
  const uploads = path.join(t.dataDir, 'uploads');
  rmSync(uploads, { recursive: true, force: true });
  writeFileSync(uploads, 'not a folder');
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

/** What the server logged with console.error, as one text. */
const logged = () => consoleError.mock.calls.map((args) => args.map((arg) => String(arg)).join(' ')).join('\n');

async function expectNothingStored() {
  expect(await t.db.prisma.post.count()).toBe(0);
  expect(await t.db.prisma.upcomingCard.count()).toBe(0);
  expect(await t.db.prisma.image.count()).toBe(0);
  expect(await t.db.prisma.pendingImageFiles.count()).toBe(0);
}

describe(`an upload the disk refuses on ${testDbKind}`, () => {
  it('is a 500 through GraphQL that says the server could not store the image, with the cause logged', async () => {
    const { response, body } = await uploadPost(t, admin);
    expect(response.status).toBe(500);
    expect(body.errors).toEqual(graphqlErrors(NOT_STORED, 'STORAGE_FAILED', { fieldErrors: { image: NOT_STORED } }));
    expect(body.data?.createPost ?? null).toBeNull();
    expect(logged()).toContain('Could not store an uploaded image');
    expect(logged()).toContain('ENOTDIR');
    await expectNothingStored();
  });

  it('is the same for a card', async () => {
    const { response, body } = await uploadCard(t, admin);
    expect(response.status).toBe(500);
    expect(body.errors?.[0]).toMatchObject({ message: NOT_STORED, extensions: { code: 'STORAGE_FAILED' } });
    expect(logged()).toContain('ENOTDIR');
    await expectNothingStored();
  });

  it('is a 500 through REST too, with the message for the image field', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ title: 'Zelda', subtitle: 'Again', content: '<p>Words</p>' })) {
      form.set(key, value);
    }
    form.set('category', 'game');
    form.set('image', fileOf(await makeImage()));
    const response = await t.request('/api/blogposts', { method: 'POST', headers: { cookie: admin }, body: form });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: NOT_STORED, fieldErrors: { image: NOT_STORED } });
    expect(logged()).toContain('ENOTDIR');
    await expectNothingStored();
  });

  it('still reports a picture that cannot be decoded as the image it is, and logs nothing', async () => {
    const broken = fileOf((await makeImage()).slice(0, 80));
    const card = await uploadCard(t, admin, {}, broken);
    expect(card.response.status).toBe(400);
    expect(card.body.errors?.[0]).toMatchObject({ message: 'The image could not be read' });
    const post = await uploadPost(t, admin, {}, broken);
    expect(post.response.status).toBe(400);
    expect(post.body.errors?.[0]).toMatchObject({ message: 'The image could not be read' });
    expect(consoleError).not.toHaveBeenCalled();
    await expectNothingStored();
  });
});
