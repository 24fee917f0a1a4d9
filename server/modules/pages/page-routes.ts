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
  | 'adminRedirects'
  | 'adminNavigation'
>;
export type StaticScreen = Extract<ScreenName, 'about' | 'hireMe' | 'privacyPolicy' | 'disclaimer'>;

export type PageRoute =
  | { kind: 'home' }
  | { kind: 'static'; screen: StaticScreen; path: string }
  | { kind: 'blog'; page: number; keyword: string | null }
  /** The search box's form without JavaScript: /blog/search?q=keyword. */
  | { kind: 'searchForm' }
  | { kind: 'category'; category: CategoryScreen; page: number }
  /** A post's address: its slug, a former slug or its id (the last two redirect). */
  | { kind: 'post'; slug: string }
  | { kind: 'form'; screen: FormScreen; path: string }
  | { kind: 'notFound' };

const STATIC_SCREENS: Record<string, StaticScreen> = {
  about: 'about',
  'hire-me': 'hireMe',
  'privacy-policy': 'privacyPolicy',
  disclaimer: 'disclaimer',
};

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
  redirects: 'adminRedirects',
  navigation: 'adminNavigation',
};

const NOT_FOUND: PageRoute = { kind: 'notFound' };

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

  if (rest.length === 0 && STATIC_SCREENS[head])
    return { kind: 'static', screen: STATIC_SCREENS[head], path: `/${head}` };
  if (rest.length === 0 && FORM_SCREENS[head]) return { kind: 'form', screen: FORM_SCREENS[head], path: `/${head}` };
  // The author's screens live under /admin/ (one Disallow line in robots.txt covers them all);
  // /admin itself leads to them (or, on a new site, to its first-run setup).
  if (head === 'admin') {
    const screen = rest.length === 0 ? 'studio' : rest.length === 1 ? ADMIN_SCREENS[rest[0]!.toLowerCase()] : undefined;
    return screen
      ? { kind: 'form', screen, path: rest.length === 0 ? '/admin' : `/admin/${rest[0]!.toLowerCase()}` }
      : NOT_FOUND;
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

  const category = CATEGORY_SCREENS.find((screen) => screen.path === head);
  if (category) {
    const page = listPage(rest);
    return page === null ? NOT_FOUND : { kind: 'category', category, page };
  }
  return NOT_FOUND;
}
