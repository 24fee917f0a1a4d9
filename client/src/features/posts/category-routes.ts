// The four category lists (../shared/SPEC.md section 2): their path, the API's category and what
// the page says about itself.
import type { Category } from '../../gql/graphql';

export interface CategoryRoute {
  /** First path segment: /games, /games/page/{n}. */
  path: 'games' | 'anime' | 'books' | 'tv';
  /** The GraphQL Category the list asks for. */
  category: Category;
  heading: string;
  description: string;
}

export const CATEGORY_ROUTES: readonly CategoryRoute[] = [
  {
    path: 'games',
    category: 'GAME',
    heading: 'Games',
    description: 'Reviews, first impressions and opinions on video games, old and new.',
  },
  {
    path: 'anime',
    category: 'ANIME',
    heading: 'Anime',
    description: 'Thoughts on anime series and films: what worked, what did not, and what to watch next.',
  },
  {
    path: 'books',
    category: 'BOOK',
    heading: 'Books',
    description: 'Notes and reviews on books, from novels and manga to the odd non-fiction read.',
  },
  {
    path: 'tv',
    category: 'TV',
    heading: 'TV',
    description: 'Opinions on TV shows, from single seasons to long-running series.',
  },
];
