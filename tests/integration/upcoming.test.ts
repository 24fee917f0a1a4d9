// Upcoming ('Currently') cards through GraphQL: the list, creating with its validation messages,
// editing (alt text, link, focal point, a new picture), ordering and deleting; the REST door's
// answers after each.
import { describe, expect } from 'vitest';
import {
  CARD_DETAILS,
  CARDS,
  DELETE_CARD,
  expectDeleteNotFound,
  MOVE_CARD,
  UPDATE_CARD,
  uploadCard,
  uploadedFiles,
} from '../support/content.ts';
import { testOnEmptyContent as test } from '../support/fixtures.ts';
import { fileOf, makeImage } from '../support/images.ts';
import type { TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

describe(`upcomingCards on ${testDbKind}`, () => {
  test('is empty at first', async ({ app: t }) => {
    expect(await t.graphql(CARDS)).toEqual({ data: { upcomingCards: [] } });
  });

  test('lists every card, newest first until the author orders them, with its image', async ({ app: t, admin }) => {
    const reading = (await uploadCard(t, admin, { title: 'READING', subtitle: 'Dune' })).body.data.createUpcomingCard;
    const watching = (await uploadCard(t, admin, { title: 'WATCHING', subtitle: 'Frieren' })).body.data
      .createUpcomingCard;
    const playing = (await uploadCard(t, admin, { title: 'PLAYING', subtitle: 'Hades II' })).body.data
      .createUpcomingCard;
    const { data } = await t.graphql(CARDS);
    expect(data.upcomingCards).toEqual([playing, watching, reading]);
    expect(playing).toMatchObject({
      title: 'PLAYING',
      subtitle: 'Hades II',
      image: { width: 800, height: 600, url: expect.stringMatching(/^\/uploads\/.+-800\.webp$/) },
    });
  });
});

describe(`createUpcomingCard on ${testDbKind}`, () => {
  test('stores a trimmed subtitle', async ({ app: t, admin }) => {
    const { response, body } = await uploadCard(t, admin, { subtitle: '  The Dispossessed  ' });
    expect(response.status).toBe(200);
    expect(body.data.createUpcomingCard).toMatchObject({ title: 'READING', subtitle: 'The Dispossessed' });
  });

  test.for([
    ['', 'This field is required'],
    ['   ', 'This field is required'],
    ['x'.repeat(46), '45 characters maximum allowed'],
  ])('refuses the subtitle %j with %j', async ([subtitle, message], { app: t, admin }) => {
    const { response, body } = await uploadCard(t, admin, { subtitle });
    expect(response.status).toBe(400);
    expect(body.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { subtitle: message } },
    });
    expect(await t.db.prisma.upcomingCard.count()).toBe(0);
  });

  test('refuses an image of another type with 415', async ({ app: t, admin }) => {
    const text = new File(['GIF89a but not really'], 'card.webp', { type: 'image/webp' });
    const { response, body } = await uploadCard(t, admin, {}, text);
    expect(response.status).toBe(415);
    expect(body.errors?.[0]).toMatchObject({
      message: 'Image must be of type jpeg, jpg, png or webp',
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { image: 'Image must be of type jpeg, jpg, png or webp' } },
    });
  });

  test('gives the REST door the title and image messages that GraphQL types make unreachable', async ({ app: t }) => {
    const cards = t.app.services.upcoming;
    await expect(cards.create({ title: '', subtitle: 'Dune' })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      status: 400,
      message: 'Image is required',
      details: { fieldErrors: { image: 'Image is required', title: 'Choose an option' } },
    });
    await expect(cards.create({ title: 'Sleeping', subtitle: '' })).rejects.toMatchObject({
      details: {
        fieldErrors: { image: 'Image is required', title: 'Not a valid option', subtitle: 'This field is required' },
      },
    });
  });
});

describe(`deleteUpcomingCard on ${testDbKind}`, () => {
  test('deletes the card and answers its id', async ({ app: t, admin }) => {
    const card = (await uploadCard(t, admin)).body.data.createUpcomingCard;
    expect(await t.graphql(DELETE_CARD, { id: card.id }, { cookie: admin })).toEqual({
      data: { deleteUpcomingCard: card.id },
    });
    expect(await t.graphql(CARDS)).toEqual({ data: { upcomingCards: [] } });
  });

  test("answers NOT_FOUND 'Card not found' for an unknown, malformed or already deleted id", async ({
    app: t,
    admin,
  }) => {
    const card = (await uploadCard(t, admin)).body.data.createUpcomingCard;
    await expectDeleteNotFound(t, admin, DELETE_CARD, { id: card.id, malformed: 'card-1' }, 'Card not found');
  });
});

const restCards = async (t: TestApp) => (await t.request('/api/upcoming')).json();

/** What is stored of every card, and the files on disk: what a refused write must leave as it was. */
const storedState = async (t: TestApp) => ({
  cards: await t.db.prisma.upcomingCard.findMany({ include: { image: true }, orderBy: { id: 'asc' } }),
  files: uploadedFiles(t),
});

describe(`updateUpcomingCard on ${testDbKind}`, () => {
  test("changes the card's words, alt text, link and focal point, in GraphQL and in /api/upcoming with the spec's fields", async ({
    app: t,
    admin,
  }) => {
    const card = (await uploadCard(t, admin, { title: 'READING', subtitle: 'Dune' })).body.data.createUpcomingCard;
    // Read once, so the answer is cached: the edit must reach readers all the same.
    expect((await restCards(t))[0].subtitle).toBe('Dune');

    const input = {
      title: 'WATCHING' as const,
      subtitle: '  Frieren  ',
      imageAlt: ' An elf under a starry sky ',
      link: 'https://example.com/frieren',
      focusX: 0.2,
      focusY: 0.85,
    };
    const { data, errors } = await t.graphql(UPDATE_CARD, { id: card.id, input }, { cookie: admin });
    expect(errors).toBeUndefined();
    expect(data.updateUpcomingCard).toEqual({
      id: card.id,
      title: 'WATCHING',
      subtitle: 'Frieren',
      imageAlt: 'An elf under a starry sky',
      link: 'https://example.com/frieren',
      position: 0,
      image: { url: card.image.url, width: 800, height: 600, focusX: 0.2, focusY: 0.85 },
    });
    expect((await t.graphql(CARD_DETAILS)).data.upcomingCards).toEqual([data.updateUpcomingCard]);
    // The original client's door: the same fields as ever, the new words in them.
    expect(await restCards(t)).toEqual([
      {
        _id: card.id,
        title: 'Watching',
        subtitle: 'Frieren',
        image: { url: card.image.url, width: 800, height: 600, srcset: expect.any(String) },
      },
    ]);

    // The optional fields left out keep what is stored; empty ones clear the alt text and the link.
    const kept = await t.graphql(
      UPDATE_CARD,
      { id: card.id, input: { title: 'WATCHING', subtitle: 'Frieren' } },
      { cookie: admin },
    );
    expect(kept.data.updateUpcomingCard).toEqual(data.updateUpcomingCard);
    const cleared = await t.graphql(
      UPDATE_CARD,
      { id: card.id, input: { title: 'WATCHING', subtitle: 'Frieren', imageAlt: '', link: '' } },
      { cookie: admin },
    );
    expect(cleared.data.updateUpcomingCard).toMatchObject({ imageAlt: '', link: null });
  });

  const NOT_HTTP = 'The link must be a web address starting with http:// or https://';
  test.for([
    ['a javascript: link', { link: 'javascript:alert(1)' }, 'link', NOT_HTTP],
    ['an ftp: link', { link: 'ftp://example.com/file' }, 'link', NOT_HTTP],
    ['a link without a scheme', { link: 'example.com' }, 'link', NOT_HTTP],
    ['a link without a host', { link: 'https://' }, 'link', NOT_HTTP],
    [
      'a link of 2020 characters',
      { link: `https://example.com/${'a'.repeat(2000)}` },
      'link',
      'The link must be at most 2000 characters',
    ],
    [
      'a focal point outside the picture',
      { focusX: 1.5, focusY: 0.5 },
      'focus',
      'The focal point must be inside the picture',
    ],
    ['half a focal point', { focusX: 0.5 }, 'focus', 'The focal point must be inside the picture'],
    ['an alt text of 201 characters', { imageAlt: 'x'.repeat(201) }, 'imageAlt', '200 characters maximum allowed'],
    ['an empty subtitle', { subtitle: '' }, 'subtitle', 'This field is required'],
  ] as const)(
    'refuses %s with a field error and changes nothing',
    async ([, fields, field, message], { app: t, admin }) => {
      const card = (await uploadCard(t, admin, { subtitle: 'Dune' })).body.data.createUpcomingCard;
      const before = await storedState(t);
      const input = { title: 'PLAYING' as const, subtitle: 'Hades II', link: 'https://example.com', ...fields };
      const response = await t.graphqlResponse(UPDATE_CARD, { id: card.id, input }, { cookie: admin });
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { [field]: message } },
      });
      expect(await storedState(t)).toEqual(before);
    },
  );

  test('refuses visitors and readers, and changes nothing', async ({ app: t, admin }) => {
    const card = (await uploadCard(t, admin, { subtitle: 'Dune' })).body.data.createUpcomingCard;
    await uploadCard(t, admin, { subtitle: 'Hades II' });
    const before = await storedState(t);
    const reader = (await t.signIn()).cookie;
    const input = { title: 'PLAYING' as const, subtitle: 'Changed', link: 'https://example.com' };
    for (const [cookie, code] of [
      [undefined, 'UNAUTHENTICATED'],
      [reader, 'FORBIDDEN'],
    ] as const) {
      const update = await t.graphql(UPDATE_CARD, { id: card.id, input }, { cookie });
      expect(update.errors?.[0]?.extensions?.code).toBe(code);
      const move = await t.graphql(MOVE_CARD, { id: card.id, position: 0 }, { cookie });
      expect(move.errors?.[0]?.extensions?.code).toBe(code);
    }
    expect(await storedState(t)).toEqual(before);
  });

  test("answers NOT_FOUND 'Card not found' for an unknown card", async ({ app: t, admin }) => {
    const input = { title: 'PLAYING' as const, subtitle: 'Hades II' };
    for (const id of ['0196f0a0-0000-7000-8000-000000000000', 'card-1']) {
      const update = await t.graphql(UPDATE_CARD, { id, input }, { cookie: admin });
      expect(update.errors?.[0]).toMatchObject({ message: 'Card not found', extensions: { code: 'NOT_FOUND' } });
      const move = await t.graphql(MOVE_CARD, { id, position: 0 }, { cookie: admin });
      expect(move.errors?.[0]).toMatchObject({ message: 'Card not found', extensions: { code: 'NOT_FOUND' } });
    }
  });

  test("replaces the picture through the upload pipeline and deletes the old one's files", async ({
    app: t,
    admin,
  }) => {
    const card = (await uploadCard(t, admin, { subtitle: 'Dune' })).body.data.createUpcomingCard;
    const oldFiles = uploadedFiles(t);
    expect(oldFiles.length).toBeGreaterThan(0);
    expect((await t.request(card.image.url)).status).toBe(200);

    const picture = fileOf(await makeImage({ width: 600, height: 900 }));
    const { body } = await t.upload(
      UPDATE_CARD,
      { id: card.id, input: { title: 'READING', subtitle: 'Dune', imageAlt: 'The cover', focusX: 0.5, focusY: 0.1 } },
      { 'input.image': picture },
      { cookie: admin },
    );
    const updated = body.data.updateUpcomingCard;
    expect(updated.image).toMatchObject({ width: 600, height: 900, focusX: 0.5, focusY: 0.1 });
    expect(updated.image.url).not.toBe(card.image.url);

    const files = uploadedFiles(t);
    expect(files.filter((file) => oldFiles.includes(file))).toEqual([]);
    expect(files.length).toBeGreaterThan(0);
    expect((await t.request(card.image.url)).status).toBe(404);
    expect((await t.request(updated.image.url)).status).toBe(200);
    expect(await t.db.prisma.image.count()).toBe(1);
    expect((await restCards(t))[0].image.url).toBe(updated.image.url);
  });
});

describe(`moveUpcomingCard on ${testDbKind}`, () => {
  test('sets the carousel order that GraphQL and /api/upcoming answer; a new card comes first', async ({
    app: t,
    admin,
  }) => {
    for (const subtitle of ['Dune', 'Frieren', 'Hades II']) await uploadCard(t, admin, { subtitle });
    const order = async () => ({
      graphql: (await t.graphql(CARD_DETAILS)).data.upcomingCards.map((card) => card.subtitle),
      rest: (await restCards(t)).map((card: { subtitle: string }) => card.subtitle),
    });
    expect(await order()).toEqual({ graphql: ['Hades II', 'Frieren', 'Dune'], rest: ['Hades II', 'Frieren', 'Dune'] });
    const [hades, , dune] = (await t.graphql(CARD_DETAILS)).data.upcomingCards;

    const moved = await t.graphql(MOVE_CARD, { id: dune!.id, position: 0 }, { cookie: admin });
    expect(moved.data.moveUpcomingCard).toEqual([
      { id: dune!.id, subtitle: 'Dune', position: 0 },
      { id: hades!.id, subtitle: 'Hades II', position: 1 },
      { id: expect.any(String), subtitle: 'Frieren', position: 2 },
    ]);
    expect(await order()).toEqual({ graphql: ['Dune', 'Hades II', 'Frieren'], rest: ['Dune', 'Hades II', 'Frieren'] });

    // Past the end: last.
    await t.graphql(MOVE_CARD, { id: hades!.id, position: 10 }, { cookie: admin });
    expect((await order()).rest).toEqual(['Dune', 'Frieren', 'Hades II']);

    await uploadCard(t, admin, { subtitle: 'Outer Wilds' });
    expect((await order()).rest).toEqual(['Outer Wilds', 'Dune', 'Frieren', 'Hades II']);
    expect((await t.graphql(CARD_DETAILS)).data.upcomingCards.map((card) => card.position)).toEqual([0, 1, 2, 3]);
  });

  test('refuses a negative position and changes nothing', async ({ app: t, admin }) => {
    const card = (await uploadCard(t, admin)).body.data.createUpcomingCard;
    await uploadCard(t, admin, { subtitle: 'Dune' });
    const before = await storedState(t);
    const response = await t.graphqlResponse(MOVE_CARD, { id: card.id, position: -1 }, { cookie: admin });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0]).toMatchObject({
      message: 'The position must be a whole number from 0',
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { position: 'The position must be a whole number from 0' } },
    });
    expect(await storedState(t)).toEqual(before);
  });
});
