// The main navigation (Home, Blog, Game, TV, Anime, Book, Hire me, About): the four category lists
// sit between Blog and Hire me, named as their pages head themselves.
import { CATEGORY_SCREENS } from '#kernel/page-meta-rules.ts';

export const NAV_LINKS = [
  { label: 'ABOUT', to: '/about' },
  { label: 'BLOG', to: '/blog' },
  ...CATEGORY_SCREENS.map((screen) => ({ label: screen.heading.toUpperCase(), to: `/${screen.path}` })),
  { label: 'HIRE ME', to: '/hire-me' },
] as const;
