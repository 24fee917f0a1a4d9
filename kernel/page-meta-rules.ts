// What each screen says about itself in <head> (every screen sets its title and, where it has one, its
// description and sharing image): its
// title, description and sharing image. The server writes these into the HTML of every public URL
// and the client's <PageMeta> renders the same, so both read them from here. Pure: no Node imports.
import { MAX_PAGE, type CategoryValue } from './post-rules.ts';

export interface SocialImage {
  /** A path on this site, or an absolute URL. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The site's 900x296 sharing image (client/public/social-image.webp). */
export const SOCIAL_IMAGE: SocialImage = {
  url: '/social-image.webp',
  width: 900,
  height: 296,
  alt: 'Games, anime, TV and books: opinions, reviews and notes',
};

/**
 * A post's sharing image: its cover cut to the box link previews show (Facebook's and X's large
 * card, 1.91:1) around the author's focal point, as a JPEG at /social/ (the server makes it). The
 * server's head tags and the app's name the same one.
 */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The MIME type og:image:type gives for a sharing image, from its address's extension. */
export function imageTypeOf(url: string): string {
  const extension = new URL(url).pathname.split('.').pop()?.toLowerCase();
  if (extension === 'png') return 'image/png';
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  return 'image/webp';
}

export interface ScreenText {
  /** Leave out for the site name alone (the home page). */
  title?: string;
  description: string;
}

export const SCREEN_TEXTS = {
  home: { description: 'A personal blog: opinions, reviews and notes on games, anime, TV shows and books.' },
  about: { title: 'About', description: 'Who writes this blog, what it covers, and how to get in touch.' },
  hireMe: {
    title: 'Hire me',
    description: 'Web development for your project: fast, accessible websites and web applications.',
  },
  privacyPolicy: {
    title: 'Privacy Policy',
    description: 'What this blog stores about you, which cookies it sets, and why there is no tracking.',
  },
  disclaimer: {
    title: 'Disclaimer',
    description: 'Who owns the images on this blog, how to ask for one to be removed, and what the reviews are.',
  },
  blog: { title: 'Blog', description: 'Every post on games, anime, TV shows and books, newest first, with search.' },
  login: { title: 'Login', description: 'Sign in to your account.' },
  studio: { title: 'Studio', description: "The author's studio." },
  setup: {
    title: 'Set up your site',
    description: "Name your site and make the author's account: once, on a new site.",
  },
  profile: { title: 'Profile', description: 'Update your name, e-mail and password.' },
  newPost: { title: 'New post', description: 'Write a new blog post.' },
  editPost: { title: 'Edit post', description: 'Edit a blog post.' },
  newUpcoming: { title: 'New Currently card', description: 'Add a card to the Currently carousel.' },
  showUpcoming: { title: 'Currently', description: 'The cards of the Currently carousel: edit, order, delete.' },
  adminPosts: {
    title: 'Posts',
    description: "Every post of the blog, drafts and scheduled ones included: the author's list.",
  },
  siteSettings: { title: 'Settings', description: "The site's title, tagline, author, links, language and time zone." },
  adminPages: { title: 'Pages', description: "The pages the author writes, drafts included: the author's list." },
  newPage: { title: 'New page', description: 'Write a new page.' },
  editPage: { title: 'Edit page', description: 'Edit a page.' },
  adminTags: { title: 'Tags', description: 'Every tag with its posts counted: rename, merge, delete.' },
  adminRedirects: {
    title: 'Redirects',
    description: 'Old addresses of the site that lead to new ones: add, delete, import and export.',
  },
  adminShelf: { title: 'Shelf', description: 'What you read, watch and play: add, update, import and export.' },
  adminShelfItem: { title: 'Edit shelf item', description: 'Edit a shelf item.' },
  adminNavigation: {
    title: 'Navigation',
    description: "The header's and the footer's menus: their links, in order.",
  },
  adminComments: {
    title: 'Comments',
    description: "Readers' comments: approve, reject, mark as spam, delete, reply.",
  },
  adminImport: {
    title: 'Import',
    description: 'Posts and pages from a WordPress or Ghost export, or Markdown files, with their pictures.',
  },
  adminSubscribers: {
    title: 'Subscribers',
    description: 'Readers who follow by e-mail: search, remove, export and import.',
  },
  subscribe: {
    title: 'Follow by e-mail',
    description: 'New posts by e-mail, nothing else. Every e-mail has a link to unsubscribe in one click.',
  },
  subscribeSent: { title: 'Check your mailbox', description: 'A link to confirm your subscription is on its way.' },
  notFound: { title: 'Page not found (404)', description: 'There is no page at this address.' },
  missingPost: { title: 'The page does not exist', description: 'There is no post at this address.' },
} as const satisfies Record<string, ScreenText>;

export type ScreenName = keyof typeof SCREEN_TEXTS;

export interface CategoryScreen {
  /** First path segment: /games, /games/page/{n}, /games/rss.xml. */
  path: 'games' | 'anime' | 'books' | 'tv';
  category: CategoryValue;
  heading: string;
  description: string;
}

export const CATEGORY_SCREENS: readonly CategoryScreen[] = [
  {
    path: 'games',
    category: 'game',
    heading: 'Games',
    description: 'Reviews, first impressions and opinions on video games, old and new.',
  },
  {
    path: 'anime',
    category: 'anime',
    heading: 'Anime',
    description: 'Thoughts on anime series and films: what worked, what did not, and what to watch next.',
  },
  {
    path: 'books',
    category: 'book',
    heading: 'Books',
    description: 'Notes and reviews on books, from novels and manga to the odd non-fiction read.',
  },
  {
    path: 'tv',
    category: 'tv',
    heading: 'TV',
    description: 'Opinions on TV shows, from single seasons to long-running series.',
  },
];

/** '{title} | {site}', or the site name alone. */
export function pageTitle(title: string | undefined, siteName: string): string {
  return title ? `${title} | ${siteName}` : siteName;
}

/** The page a list URL's segment names (/blog/page/{n}), or null when it is not a page of this site. */
export function parsePageNumber(segment: string | undefined): number | null {
  if (segment === undefined) return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(segment)) return null;
  const page = Number(segment);
  return page <= MAX_PAGE ? page : null;
}
