// Which screen of the client a path shows, matched as the client's router matches it (see
// client/src/app/router.tsx): literal segments ignore case, trailing slashes are allowed, a page
// number must be valid, and anything else is the error page. Pure: no data is read here.
import { CATEGORY_SCREENS, parsePageNumber, type CategoryScreen, type ScreenName } from '#kernel/page-meta-rules.ts';
import { editPostPath } from '#kernel/route-paths.ts';

export type FormScreen = Extract<
  ScreenName,
  | 'login'
  | 'profile'
  | 'newPost'
  | 'editPost'
  | 'newUpcoming'
  | 'showUpcoming'
  | 'adminPosts'
  | 'studio'
  | 'setup'
  | 'siteSettings'
  | 'adminPages'
  | 'newPage'
  | 'editPage'
  | 'adminTags'
  | 'adminRedirects'
  | 'adminNavigation'
  | 'adminComments'
  | 'adminShelf'
  | 'adminShelfItem'
  | 'adminImport'
  | 'adminSubscribers'
>;

export type PageRoute =
  | { kind: 'home' }
  /** A page the author wrote (about, hire-me, /now...), or nothing: any other one-segment address. */
  | { kind: 'page'; slug: string }
  | { kind: 'blog'; page: number; keyword: string | null }
  /** The search box's form without JavaScript: /blog/search?q=keyword. */
  | { kind: 'searchForm' }
  | { kind: 'category'; category: CategoryScreen; page: number }
  /** A tag's posts (issue 36): /tag/{slug}, /tag/{slug}/page/{n}; a former slug redirects. */
  | { kind: 'tag'; slug: string; page: number }
  /** A post's address: its slug, a former slug or its id (the last two redirect). */
  | { kind: 'post'; slug: string }
  | { kind: 'form'; screen: FormScreen; path: string }
  /** The shelf (issue 41): /shelf, /shelf/{year} (a year in review), /shelf/{slug} (an item). */
  | { kind: 'shelf'; year: number | null; slug: string | null }
  /** Following by e-mail (issue 40): /subscribe, and /subscribe/sent after the form's POST. */
  | { kind: 'subscribe'; sent: boolean }
  | { kind: 'notFound' };

const FORM_SCREENS: Record<string, FormScreen> = {
  login: 'login',
  profile: 'profile',
  new: 'newPost',
  'new-upcoming': 'newUpcoming',
  'show-upcoming': 'showUpcoming',
};

const ADMIN_SCREENS: Record<string, FormScreen> = {
  posts: 'adminPosts',
  setup: 'setup',
  settings: 'siteSettings',
  pages: 'adminPages',
  tags: 'adminTags',
  redirects: 'adminRedirects',
  navigation: 'adminNavigation',
  comments: 'adminComments',
  shelf: 'adminShelf',
  import: 'adminImport',
  subscribers: 'adminSubscribers',
};

const NOT_FOUND: PageRoute = { kind: 'notFound' };

/**
 * The paths of the screens matchPageRoute calls forms (the studio, signing in, the editors), as URL
 * patterns: what a reader's page never prefetches (speculation-rules.ts).
 */
export const FORM_PATH_PATTERNS: readonly string[] = [
  ...Object.keys(FORM_SCREENS).map((segment) => `/${segment}`),
  '/admin',
  '/admin/*',
  '/blog/*/edit',
];

function decodeSegments(pathname: string): string[] | null {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  try {
    const decoded = segments.map((segment) => decodeURIComponent(segment));
    return decoded.includes('') ? null : decoded;
  } catch {
    return null; // A malformed escape such as %E0%A4%A
  }
}

function listPage(rest: string[]): number | null {
  if (rest.length === 0) return 1;
  if (rest.length === 2 && rest[0]!.toLowerCase() === 'page') return parsePageNumber(rest[1]);
  return null;
}

export function matchPageRoute(pathname: string): PageRoute {
  const segments = decodeSegments(pathname);
  if (!segments) return NOT_FOUND;
  if (segments.length === 0) return { kind: 'home' };
  const [first, ...rest] = segments as [string, ...string[]];
  const head = first.toLowerCase();

  if (rest.length === 0 && FORM_SCREENS[head]) return { kind: 'form', screen: FORM_SCREENS[head], path: `/${head}` };
  // The author's screens live under /admin/ (one Disallow line in robots.txt covers them all);
  // /admin itself leads to them (or, on a new site, to its first-run setup).
  if (head === 'admin') {
    // The page editor: /admin/pages/new and /admin/pages/{id}.
    if (rest.length === 2 && rest[0]!.toLowerCase() === 'pages') {
      const second = rest[1]!.toLowerCase();
      return second === 'new'
        ? { kind: 'form', screen: 'newPage', path: '/admin/pages/new' }
        : { kind: 'form', screen: 'editPage', path: `/admin/pages/${encodeURIComponent(rest[1]!)}` };
    }
    // The shelf item editor: /admin/shelf/{id}.
    if (rest.length === 2 && rest[0]!.toLowerCase() === 'shelf') {
      return { kind: 'form', screen: 'adminShelfItem', path: `/admin/shelf/${encodeURIComponent(rest[1]!)}` };
    }
    const screen = rest.length === 0 ? 'studio' : rest.length === 1 ? ADMIN_SCREENS[rest[0]!.toLowerCase()] : undefined;
    return screen
      ? { kind: 'form', screen, path: rest.length === 0 ? '/admin' : `/admin/${rest[0]!.toLowerCase()}` }
      : NOT_FOUND;
  }

  if (head === 'subscribe' && (rest.length === 0 || (rest.length === 1 && rest[0]!.toLowerCase() === 'sent'))) {
    return { kind: 'subscribe', sent: rest.length === 1 };
  }

  if (head === 'blog') {
    const second = rest[0]?.toLowerCase();
    if (second === 'page' && rest.length === 2) {
      const page = parsePageNumber(rest[1]);
      return page === null ? NOT_FOUND : { kind: 'blog', page, keyword: null };
    }
    if (second === 'search' && rest.length === 1) return { kind: 'searchForm' };
    if (second === 'search' && rest.length >= 2) {
      const page = listPage(rest.slice(2));
      return page === null ? NOT_FOUND : { kind: 'blog', page, keyword: rest[1]! };
    }
    if (rest.length === 0) return { kind: 'blog', page: 1, keyword: null };
    if (rest.length === 1) return { kind: 'post', slug: rest[0]! };
    if (rest.length === 2 && rest[1]!.toLowerCase() === 'edit') {
      return { kind: 'form', screen: 'editPost', path: editPostPath(encodeURIComponent(rest[0]!)) };
    }
    return NOT_FOUND;
  }

  if (head === 'shelf' && rest.length <= 1) {
    if (rest.length === 0) return { kind: 'shelf', year: null, slug: null };
    const segment = rest[0]!.toLowerCase();
    return /^\d{4}$/.test(segment)
      ? { kind: 'shelf', year: Number(segment), slug: null }
      : { kind: 'shelf', year: null, slug: segment };
  }

  if (head === 'tag' && rest.length >= 1) {
    const page = listPage(rest.slice(1));
    return page === null ? NOT_FOUND : { kind: 'tag', slug: rest[0]!, page };
  }

  const category = CATEGORY_SCREENS.find((screen) => screen.path === head);
  if (category) {
    const page = listPage(rest);
    return page === null ? NOT_FOUND : { kind: 'category', category, page };
  }
  return rest.length === 0 ? { kind: 'page', slug: head } : NOT_FOUND;
}
