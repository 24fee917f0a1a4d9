// The main navigation, in the spec's order (../shared/SPEC.md section 1).
export const NAV_LINKS = [
  { label: 'ABOUT', to: '/about' },
  { label: 'BLOG', to: '/blog' },
  { label: 'GAMES', to: '/games' },
  { label: 'ANIME', to: '/anime' },
  { label: 'BOOKS', to: '/books' },
  { label: 'TV', to: '/tv' },
  { label: 'HIRE ME', to: '/hire-me' },
] as const;
