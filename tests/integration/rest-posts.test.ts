// The /api/blogposts doors, as the product's original client calls them: contract per row, then
// every failure status.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appWithAdmin } from '../support/fixtures.ts';
import { makeImage } from '../support/images.ts';
import { testDbKind } from '../support/test-database.ts';

const site = appWithAdmin({ env: { MAX_UPLOAD_MB: '1' }, each: true });

const POST_SHAPE = {
  _id: expect.any(String),
  title: expect.any(String),
  subtitle: expect.any(String),
  content: expect.any(String),
  excerpt: expect.any(String),
  readingMinutes: expect.any(Number),
  category: expect.stringMatching(/^(game|tv|book|anime)$/),
  image: {
    url: expect.stringMatching(/^\/uploads\/.+\.webp$/),
    width: expect.any(Number),
    height: expect.any(Number),
    srcset: expect.stringMatching(/ \d+w/),
  },
  createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  // Issue 36: an addition the original client ignores; none on these posts.
  tags: [],
};

/** The multipart body the original client's form sends: the image twice (the file, then its name). */
async function postForm(
  fields: Record<string, string>,
  image: Uint8Array<ArrayBuffer> | null = null,
  name = 'cover.png',
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (image) {
    form.append('image', new File([image], name, { type: 'image/png' }));
    form.append('image', name);
  }
  return form;
}

const validFields = {
  title: 'Zelda returns',
  subtitle: 'A long review',
  content: '<p>Great game</p>',
  category: 'game',
};

async function createPost(fields: Partial<typeof validFields> = {}) {
  const response = await site.t.request('/api/blogposts', {
    method: 'POST',
    headers: { cookie: site.admin },
    body: await postForm({ ...validFields, ...fields }, await makeImage({ width: 800, height: 450 })),
  });
  expect(response.status).toBe(201);
  return response.json();
}

describe(`/api/blogposts on ${testDbKind}`, () => {
  it('creates a post from multipart: 201 with the post, lower-case category, image variants', async () => {
    const post = await createPost();
    expect(post).toEqual({
      ...POST_SHAPE,
      title: 'Zelda returns',
      subtitle: 'A long review',
      content: '<p>Great game</p>',
      category: 'game',
    });
    const image = await site.t.request(post.image.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  it('lists pages of 15 with blogpostDocs, page and pages; a missing page number means 1', async () => {
    for (let i = 0; i < 16; i++) await createPost({ title: `Post ${i}` });
    const first = await (await site.t.request('/api/blogposts')).json();
    expect(first.page).toBe(1);
    expect(first.pages).toBe(2);
    expect(first.blogpostDocs).toHaveLength(15);
    expect(first.blogpostDocs[0]).toEqual({ ...POST_SHAPE, title: 'Post 15' });
    const second = await (await site.t.request('/api/blogposts?pageNumber=2')).json();
    expect(second.blogpostDocs.map((p: { title: string }) => p.title)).toEqual(['Post 0']);
    const past = await (await site.t.request('/api/blogposts?pageNumber=9')).json();
    expect(past).toEqual({ blogpostDocs: [], page: 9, pages: 2 });
  });

  it('searches with a keyword whose spaces arrive as +', async () => {
    await createPost({ title: 'Zelda returns' });
    await createPost({ title: 'Metroid Dread', content: '<p>Samus again</p>' });
    const body = await (await site.t.request('/api/blogposts?keyword=zeld+return&pageNumber=1')).json();
    expect(body.blogpostDocs.map((p: { title: string }) => p.title)).toEqual(['Zelda returns']);
    expect(body.pages).toBe(1);
    const none = await (await site.t.request('/api/blogposts?keyword=nothing+like+it')).json();
    expect(none).toEqual({ blogpostDocs: [], page: 1, pages: 0 });
  });

  it('refuses a keyword with other characters: 400 with the spec message', async () => {
    const response = await site.t.request('/api/blogposts?keyword=%3Cscript%3E');
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('Letters, numbers, spaces, dashes and underscores allowed');
  });

  it('lists the 9 newest at /latest', async () => {
    for (let i = 0; i < 10; i++) await createPost({ title: `Post ${i}` });
    const latest = await (await site.t.request('/api/blogposts/latest')).json();
    expect(latest).toHaveLength(9);
    expect(latest[0]).toEqual({ ...POST_SHAPE, title: 'Post 9' });
  });

  it.each([
    ['anime', 'pageNumberAnim', 'anime'],
    ['books', 'pageNumberBook', 'book'],
    ['games', 'pageNumberGame', 'game'],
    ['tv', 'pageNumberTV', 'tv'],
  ])('lists /%s with %s', async (route, param, category) => {
    await createPost({ category, title: `In ${category}` });
    await createPost({ category: category === 'tv' ? 'book' : 'tv', title: 'Elsewhere' });
    const body = await (await site.t.request(`/api/blogposts/${route}?${param}=1`)).json();
    expect(body.page).toBe(1);
    expect(body.pages).toBe(1);
    expect(body.blogpostDocs.map((p: { title: string }) => p.title)).toEqual([`In ${category}`]);
  });

  it('reads one post; unknown or malformed ids are 404 Blogpost not found', async () => {
    const post = await createPost();
    expect(await (await site.t.request(`/api/blogposts/${post._id}`)).json()).toEqual(post);
    for (const id of ['0190f1f2-0000-7000-8000-000000000000', 'not-an-id']) {
      const response = await site.t.request(`/api/blogposts/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Blogpost not found' });
    }
  });

  it('updates from JSON with image "" and keeps the stored image', async () => {
    const post = await createPost();
    const response = await site.t.request(`/api/blogposts/${post._id}`, {
      method: 'PUT',
      headers: { cookie: site.admin, 'content-type': 'application/json' },
      body: JSON.stringify({ _id: post._id, ...validFields, title: 'Edited', category: 'tv', image: '' }),
    });
    expect(response.status).toBe(200);
    const updated = await response.json();
    expect(updated).toEqual({
      ...POST_SHAPE,
      _id: post._id,
      title: 'Edited',
      category: 'tv',
      image: post.image,
      createdAt: post.createdAt,
    });
  });

  it('updates from multipart with a new image, and deletes the old image files', async () => {
    const post = await createPost();
    const oldFile = path.join(site.t.dataDir, post.image.url.replace(/^\//, ''));
    expect(existsSync(oldFile)).toBe(true);
    const response = await site.t.request(`/api/blogposts/${post._id}`, {
      method: 'PUT',
      headers: { cookie: site.admin },
      body: await postForm({ _id: post._id, ...validFields }, await makeImage({ width: 640, height: 360 })),
    });
    expect(response.status).toBe(200);
    const updated = await response.json();
    expect(updated.image.url).not.toBe(post.image.url);
    expect(updated.image.width).toBe(640);
    expect(existsSync(oldFile)).toBe(false);
  });

  it('deletes a post: 200 with the message, then 404', async () => {
    const post = await createPost();
    const response = await site.t.request(`/api/blogposts/${post._id}`, {
      method: 'DELETE',
      headers: { cookie: site.admin },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Blogpost has been deleted' });
    expect((await site.t.request(`/api/blogposts/${post._id}`)).status).toBe(404);
    const again = await site.t.request(`/api/blogposts/${post._id}`, {
      method: 'DELETE',
      headers: { cookie: site.admin },
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: 'Blogpost not found' });
  });
});

describe(`/api/blogposts failures on ${testDbKind}`, () => {
  it.each(['abc', '-1', '0', '1.5'])('answers pageNumber=%s with 400', async (value) => {
    const response = await site.t.request(`/api/blogposts?pageNumber=${value}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'pageNumber must be a positive whole number' });
    expect((await site.t.request(`/api/blogposts/games?pageNumberGame=${value}`)).status).toBe(400);
  });

  it('answers validation failures with 400, the first message and every field message', async () => {
    const response = await site.t.request('/api/blogposts', {
      method: 'POST',
      headers: { cookie: site.admin },
      body: await postForm(
        { title: 'x'.repeat(46), subtitle: '', content: '<p></p>', category: 'movies' },
        await makeImage(),
      ),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: '45 characters maximum allowed',
      fieldErrors: {
        title: '45 characters maximum allowed',
        subtitle: 'This field is required',
        content: 'This field is required',
        category: 'Not a valid option',
      },
    });
    expect(await site.t.db.prisma.post.count()).toBe(0);
    expect(await site.t.db.prisma.image.count()).toBe(0);
  });

  it('answers a missing image with 400 Image is required', async () => {
    const response = await site.t.request('/api/blogposts', {
      method: 'POST',
      headers: { cookie: site.admin },
      body: await postForm(validFields),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors.image).toBe('Image is required');
  });

  it('answers text bytes under an image name with 415', async () => {
    const form = await postForm(validFields);
    form.set('image', new File([new TextEncoder().encode('hello, not an image')], 'cover.png', { type: 'image/png' }));
    const response = await site.t.request('/api/blogposts', {
      method: 'POST',
      headers: { cookie: site.admin },
      body: form,
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ message: 'Image must be of type jpeg, jpg, png or webp' });
    expect(await site.t.db.prisma.post.count()).toBe(0);
  });

  it('answers a body over the upload limit with 413', async () => {
    const form = await postForm(validFields);
    form.set('image', new File([new Uint8Array(2.5 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    const response = await site.t.request('/api/blogposts', {
      method: 'POST',
      headers: { cookie: site.admin },
      body: form,
    });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/too large/);
  });

  it('answers writes without a session with 401 Not authorized, and a reader with 403; nothing is stored', async () => {
    const reader = (await site.t.signIn()).cookie;
    const post = await createPost();
    const attempts: Array<[string, string, () => Promise<BodyInit>]> = [
      ['POST', '/api/blogposts', async () => postForm(validFields, await makeImage())],
      ['PUT', `/api/blogposts/${post._id}`, async () => postForm(validFields, await makeImage())],
      ['DELETE', `/api/blogposts/${post._id}`, async () => ''],
    ];
    for (const [method, url, body] of attempts) {
      const anonymous = await site.t.request(url, { method, body: method === 'DELETE' ? undefined : await body() });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ message: 'Not authorized' });
      const forbidden = await site.t.request(url, {
        method,
        headers: { cookie: reader },
        body: method === 'DELETE' ? undefined : await body(),
      });
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual({ message: 'Admin access required' });
    }
    expect(await site.t.db.prisma.post.count()).toBe(1);
    expect((await site.t.db.prisma.post.findFirstOrThrow()).title).toBe(post.title);
  });

  it('answers a malformed JSON edit with 400', async () => {
    const post = await createPost();
    const response = await site.t.request(`/api/blogposts/${post._id}`, {
      method: 'PUT',
      headers: { cookie: site.admin, 'content-type': 'application/json' },
      body: '{"title": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request body must be a JSON object' });
  });
});
