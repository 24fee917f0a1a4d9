// Upcoming ('Currently') cards through GraphQL: the list, creating with its validation messages, and
// deleting.
import { describe, expect } from 'vitest';
import { CARDS, DELETE_CARD, uploadCard } from '../support/content.ts';
import { testOnEmptyContent as test } from '../support/fixtures.ts';
import { testDbKind } from '../support/test-database.ts';

describe(`upcomingCards on ${testDbKind}`, () => {
  test('is empty at first', async ({ app: t }) => {
    expect(await t.graphql(CARDS)).toEqual({ data: { upcomingCards: [] } });
  });

  test('lists every card, newest first, with its image', async ({ app: t, admin }) => {
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
    await t.graphql(DELETE_CARD, { id: card.id }, { cookie: admin });
    for (const id of [card.id, '0196f0a0-0000-7000-8000-000000000000', 'card-1']) {
      const response = await t.graphqlResponse(DELETE_CARD, { id }, { cookie: admin });
      expect(response.status).toBe(404);
      expect((await response.json()).errors[0]).toMatchObject({
        message: 'Card not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });
});
