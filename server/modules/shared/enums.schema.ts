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

export const PostStatusEnum = builder.enumType('PostStatus', {
  description: 'Only PUBLISHED posts are shown to anyone but an admin',
  values: {
    DRAFT: { value: 'DRAFT', description: 'Being written; needs only a title' },
    SCHEDULED: { value: 'SCHEDULED', description: 'Goes public by itself at its publishedAt' },
    PUBLISHED: { value: 'PUBLISHED' },
  } as const,
});
