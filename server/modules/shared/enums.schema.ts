// The GraphQL enums and the database values they stand for ('game' is GAME, 'Reading' is READING).
import { builder } from '../../builder.ts';

export const CategoryEnum = builder.enumType('Category', {
  values: {
    GAME: { value: 'game' },
    TV: { value: 'tv' },
    BOOK: { value: 'book' },
    ANIME: { value: 'anime' },
  } as const,
});

export const UpcomingTitleEnum = builder.enumType('UpcomingTitle', {
  values: {
    READING: { value: 'Reading' },
    WATCHING: { value: 'Watching' },
    PLAYING: { value: 'Playing' },
  } as const,
});
