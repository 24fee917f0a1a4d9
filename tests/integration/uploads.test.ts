// Uploads through GraphQL multipart with real image bytes: what is accepted (judged from the bytes),
// what is refused and with which status, what is stored and how it is served.
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { CREATE_POST, postInput, uploadedFiles, uploadPost } from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import { noisePng, pngClaiming, sidewaysJpegWithExif } from '../support/odd-images.ts';
import { appWithAdmin, testOnEmptyContent as test } from '../support/fixtures.ts';
import { documentText, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const IMAGE_TYPE_MESSAGE = 'Image must be of type jpeg, jpg, png or webp';

/** Uploads the file and expects it refused with the status and message, leaving nothing behind. */
async function expectRefused(app: TestApp, cookie: string, file: File, status: number, message: string) {
  const filesBefore = uploadedFiles(app);
  const { response, body } = await uploadPost(app, cookie, {}, file);
  expect(response.status).toBe(status);
  expect(body.data).toBeNull();
  expect(body.errors?.[0]).toMatchObject({
    message,
    extensions: { code: 'BAD_USER_INPUT', fieldErrors: { image: message } },
  });
  expect(await app.db.prisma.post.count()).toBe(0);
  expect(await app.db.prisma.image.count()).toBe(0);
  expect(uploadedFiles(app)).toEqual(filesBefore);
}

describe(`accepted uploads on ${testDbKind}`, () => {
  test.for(['png', 'jpeg', 'webp'] as const)(
    'accepts %s, re-encoded as WebP variants',
    async (format, { app: t, admin }) => {
      const { response, body } = await uploadPost(t, admin, {}, fileOf(await makeImage({ format }), `cover.${format}`));
      expect(response.status).toBe(200);
      const image = body.data.createPost.image!;
      expect(image.width).toBe(1200);
      expect(image.height).toBe(675);
      expect(image.url).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}-1200\.webp$/);
      const stored = await t.db.prisma.image.findFirstOrThrow();
      expect(stored).toMatchObject({
        mimeType: 'image/webp',
        width: 1200,
        height: 675,
        variantWidths: [480, 720, 960, 1200],
      });
      expect(uploadedFiles(t)).toEqual(
        [480, 720, 960, 1200].map((w) => `${stored.storageKey.slice(0, 2)}/${stored.storageKey}-${w}.webp`).sort(),
      );
    },
  );

  test('judges the type from the bytes, never the name or the declared type', async ({ app: t, admin }) => {
    const jpeg = new File([await makeImage({ format: 'jpeg' })], 'holiday.gif', { type: 'text/plain' });
    const { body } = await uploadPost(t, admin, {}, jpeg);
    expect(body.data.createPost.image!.width).toBe(1200);
  });

  test('never upscales: a small picture keeps its width as its only variant', async ({ app: t, admin }) => {
    const { body } = await uploadPost(t, admin, {}, fileOf(await makeImage({ width: 300, height: 200 })));
    const image = body.data.createPost.image!;
    expect(image).toMatchObject({ width: 300, height: 200 });
    expect(image.url).toMatch(/-300\.webp$/);
    expect(image.srcset).toBe(`${image.url} 300w`);
  });

  test('caps a large picture at 1600 pixels wide, keeping its proportions', async ({ app: t, admin }) => {
    const { body } = await uploadPost(t, admin, {}, fileOf(await makeImage({ width: 2400, height: 1200 })));
    const image = body.data.createPost.image!;
    expect(image).toMatchObject({ width: 1600, height: 800 });
    const urls = image.srcset.split(', ').map((entry: string) => entry.split(' '));
    expect(urls.map(([, width]: string[]) => width)).toEqual(['480w', '720w', '960w', '1600w']);
    expect(urls[3]?.[0]).toBe(image.url);
  });

  test('serves every variant as WebP with immutable caching and nosniff, metadata stripped', async ({
    app: t,
    admin,
  }) => {
    const photo = fileOf(await sidewaysJpegWithExif(600, 400), 'photo.jpg', 'image/jpeg');
    const { body } = await uploadPost(t, admin, {}, photo);
    const image = body.data.createPost.image!;
    // EXIF orientation 6 turns the picture a quarter: readers see it 400 wide and 600 high.
    expect(image).toMatchObject({ width: 400, height: 600 });

    for (const entry of image.srcset.split(', ')) {
      const [url, width] = entry.split(' ');
      const response = await t.request(url!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(`${metadata.width}w`).toBe(width);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(bytes.includes('Secret Owner')).toBe(false);
    }
  });

  test('answers 404 for an image that does not exist', async ({ app: t }) => {
    const response = await t.request(`/uploads/ab/${'ab'.repeat(16)}-480.webp`);
    expect(response.status).toBe(404);
  });
});

describe(`refused uploads on ${testDbKind}`, () => {
  test('refuses text bytes under an image name with 415', async ({ app: t, admin }) => {
    const text = new File(['<svg onload="alert(1)"></svg>'], 'innocent.png', { type: 'image/png' });
    await expectRefused(t, admin, text, 415, IMAGE_TYPE_MESSAGE);
  });

  test.for(['gif', 'avif'] as const)('refuses a %s picture with 415', async (format, { app: t, admin }) => {
    const picture = fileOf(await makeImage({ format, width: 64, height: 64 }), 'cover.png', 'image/png');
    await expectRefused(t, admin, picture, 415, IMAGE_TYPE_MESSAGE);
  });

  test('refuses more than 40 megapixels from the header, before decoding, with 413', async ({ app: t, admin }) => {
    // 100000 x 100000 pixels in 69 bytes: decoding it would need 30 GB.
    await expectRefused(t, admin, fileOf(pngClaiming(100_000, 100_000)), 413, 'Image must be at most 40 megapixels');
    await expectRefused(t, admin, fileOf(pngClaiming(8_000, 5_001)), 413, 'Image must be at most 40 megapixels');
  });

  test('refuses bytes that start like a PNG but cannot be decoded, leaving no file', async ({ app: t, admin }) => {
    const png = await makeImage({ width: 1200, height: 675 });
    await expectRefused(t, admin, fileOf(png.slice(0, 80)), 400, 'The image could not be read');
  });

  test('refuses a request without the CSRF prevention header, before anything is stored', async ({ app: t, admin }) => {
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({ query: documentText(CREATE_POST), variables: { input: postInput({ image: null }) } }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.input.image'] }));
    form.set('0', fileOf(await makeImage()));
    const response = await t.request('/graphql', { method: 'POST', headers: { cookie: admin }, body: form });
    expect(response.status).toBe(403);
    expect(await t.db.prisma.image.count()).toBe(0);
    expect(uploadedFiles(t)).toEqual([]);
  });
});

describe(`the upload size limit on ${testDbKind}`, () => {
  const small = appWithAdmin({ env: { MAX_UPLOAD_MB: '1' } });

  test('refuses an image above MAX_UPLOAD_MB with 413', async () => {
    const big = await noisePng(700, 700);
    expect(big.byteLength).toBeGreaterThan(1024 * 1024);
    await expectRefused(small.t, small.admin, fileOf(big), 413, 'Image must be at most 1 MB');
  });

  test('accepts one just below it', async () => {
    const fits = await noisePng(500, 500);
    expect(fits.byteLength).toBeLessThan(1024 * 1024);
    const { body } = await uploadPost(small.t, small.admin, {}, fileOf(fits));
    expect(body.data.createPost.image).toMatchObject({ width: 500, height: 500 });
  });
});
