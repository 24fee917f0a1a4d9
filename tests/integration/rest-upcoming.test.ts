// The /api/upcoming doors ('Currently' cards), as the original client calls them.
import { describe, expect } from 'vitest';
import { makeImage } from '../support/images.ts';
import { testOnEmptyContent as test } from '../support/fixtures.ts';
import type { TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

async function cardForm(fields: Record<string, string>, withImage = true) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (withImage) {
    form.append('image', new File([await makeImage({ width: 600, height: 800 })], 'card.png', { type: 'image/png' }));
    form.append('image', 'card.png');
  }
  return form;
}

/** POST /api/upcoming as the original client sends it (multipart), with or without a picture. */
async function postCard(t: TestApp, cookie: string | undefined, fields: Record<string, string>, withImage = true) {
  return t.request('/api/upcoming', {
    method: 'POST',
    headers: cookie ? { cookie } : {},
    body: await cardForm(fields, withImage),
  });
}

describe(`/api/upcoming on ${testDbKind}`, () => {
  test('creates, lists newest first and deletes cards', async ({ app: t, admin }) => {
    const created = await postCard(t, admin, { title: 'Reading', subtitle: 'Dune Messiah' });
    expect(created.status).toBe(201);
    const card = await created.json();
    expect(card).toEqual({
      _id: expect.any(String),
      title: 'Reading',
      subtitle: 'Dune Messiah',
      image: { url: expect.stringMatching(/^\/uploads\//), width: 600, height: 800, srcset: expect.any(String) },
    });
    await postCard(t, admin, { title: 'Playing', subtitle: 'Hades II' });

    const list = await (await t.request('/api/upcoming')).json();
    expect(list.map((c: { subtitle: string }) => c.subtitle)).toEqual(['Hades II', 'Dune Messiah']);

    const deleted = await t.request(`/api/upcoming/${card._id}`, { method: 'DELETE', headers: { cookie: admin } });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: 'Card has been deleted' });
    expect((await (await t.request('/api/upcoming')).json()).map((c: { subtitle: string }) => c.subtitle)).toEqual([
      'Hades II',
    ]);
    expect((await t.request(card.image.url)).status).toBe(404);
  });

  test('refuses a title other than Reading, Watching or Playing, and a missing subtitle', async ({ app: t, admin }) => {
    const response = await postCard(t, admin, { title: 'Cooking', subtitle: '' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Not a valid option',
      fieldErrors: { title: 'Not a valid option', subtitle: 'This field is required' },
    });
    const noImage = await postCard(t, admin, { title: 'Reading', subtitle: 'x' }, false);
    expect(noImage.status).toBe(400);
    expect((await noImage.json()).fieldErrors).toEqual({ image: 'Image is required' });
    expect(await t.db.prisma.upcomingCard.count()).toBe(0);
  });

  test('answers unknown or malformed ids with 404 Card not found', async ({ app: t, admin }) => {
    for (const id of ['0190f1f2-0000-7000-8000-000000000000', 'nope']) {
      const response = await t.request(`/api/upcoming/${id}`, { method: 'DELETE', headers: { cookie: admin } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Card not found' });
    }
  });

  test('answers anonymous writes with 401 and a reader with 403', async ({ app: t }) => {
    const reader = (await t.signIn()).cookie;
    expect((await postCard(t, undefined, { title: 'Reading', subtitle: 'x' })).status).toBe(401);
    expect((await postCard(t, reader, { title: 'Reading', subtitle: 'x' })).status).toBe(403);
    expect(await t.db.prisma.upcomingCard.count()).toBe(0);
    expect(await t.db.prisma.image.count()).toBe(0);
  });
});
