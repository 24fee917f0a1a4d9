// Every route of the site. The main bundle holds the home page, the most visited,
// and a post's page, where readers arrive from feeds and search engines; every other screen loads on
// demand (the lists and the author's pages in a chunk each, the form and admin screens too), so a visitor
// downloads only the screens they open.
import type { ComponentType } from 'react';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner';
import { HomePage, loadCarousel } from '../features/home/home-page';
import { CATEGORY_SCREENS, type CategoryScreen } from '#kernel/page-meta-rules.ts';
import { SEARCH_FORM_PATH } from '#kernel/server-render.ts';
import { loadSanitizer } from '../features/posts/post-article';
import { PostDetailPage } from '../features/posts/post-detail-page';
import { NotFoundPage, RouteErrorPage } from './error-page';
import { RequireAdmin, RequireAdminKeepingWork, RequireUser, StudioEntry } from './guards';
import { RootLayout } from './layout/root-layout';
import { requireValidPageNumber } from './route-checks';
import type { FirstRenderHandle } from './first-render';

type LazyScreen = NonNullable<RouteObject['lazy']>;

const blogList: LazyScreen = async () => ({
  Component: (await import('../features/posts/blog-list-page')).BlogListPage,
});

const categoryList =
  (category: CategoryScreen): LazyScreen =>
  async () => {
    const { CategoryListPage } = await import('../features/posts/category-list-page');
    return { element: <CategoryListPage category={category} /> };
  };

const tagList: LazyScreen = async () => ({
  Component: (await import('../features/posts/tag-list-page')).TagListPage,
});

/** A screen in a chunk of its own, loaded when its address is first opened: the module's `name` export. */
const lazyScreen = <K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await load())[name] }),
});

/** A list's numbered page: the number is checked before the screen (or its chunk) loads. */
const pageRoute = (path: string, lazy: LazyScreen): RouteObject => ({ path, lazy, loader: requireValidPageNumber });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Only if the frame itself fails; a screen's errors are caught below, inside the frame.
    errorElement: <RouteErrorPage />,
    // Shown only while a lazily loaded screen arrives on the very first load.
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        // Errors render inside the layout, so the header and footer stay.
        errorElement: <RouteErrorPage />,
        children: [
          {
            index: true,
            element: <HomePage />,
            handle: { beforeFirstRender: loadCarousel } satisfies FirstRenderHandle,
          },
          lazyScreen('login', () => import('../features/auth/login-page'), 'LoginPage'),
          // A new site's first run; the server sends /admin here until the admin has signed in.
          lazyScreen('admin/setup', () => import('../features/auth/setup-page'), 'SetupPage'),
          { path: 'admin', element: <StudioEntry /> },

          { path: 'blog', lazy: blogList },
          pageRoute('blog/page/:pageNumber', blogList),
          // The search box's own address without JavaScript (?q=keyword): the server sends a valid
          // keyword on to its results, and renders the blog with the box's message for any other.
          {
            path: SEARCH_FORM_PATH,
            lazy: async () => {
              const { BlogListPage } = await import('../features/posts/blog-list-page');
              return { element: <BlogListPage searchForm /> };
            },
          },
          { path: 'blog/search/:keyword', lazy: blogList },
          pageRoute('blog/search/:keyword/page/:pageNumber', blogList),
          {
            // A post's slug; an old address (its id, a former slug) leads to the current one.
            path: 'blog/:slug',
            element: <PostDetailPage />,
            handle: { beforeFirstRender: loadSanitizer } satisfies FirstRenderHandle,
          },

          ...CATEGORY_SCREENS.flatMap((category) => [
            { path: category.path, lazy: categoryList(category) },
            pageRoute(`${category.path}/page/:pageNumber`, categoryList(category)),
          ]),

          { path: 'tag/:slug', lazy: tagList },
          pageRoute('tag/:slug/page/:pageNumber', tagList),

          // The shelf (issue 41): its list (filters in the query string), an item, a year in review.
          lazyScreen('subscribe', () => import('../features/subscribe/subscribe-page'), 'SubscribePage'),
          lazyScreen('subscribe/sent', () => import('../features/subscribe/subscribe-page'), 'SubscribePage'),
          lazyScreen('shelf', () => import('../features/shelf/shelf-list-page'), 'ShelfListPage'),
          lazyScreen('shelf/:slug', () => import('../features/shelf/shelf-item-page'), 'ShelfItemOrYearPage'),

          {
            element: <RequireUser />,
            children: [lazyScreen('profile', () => import('../features/auth/profile-page'), 'ProfilePage')],
          },
          {
            // The post editors stay open when the session ends while one is open: it holds typed work.
            element: <RequireAdminKeepingWork />,
            children: [
              lazyScreen('new', () => import('../features/post-editor/new-post-page'), 'NewPostPage'),
              lazyScreen('blog/:id/edit', () => import('../features/post-editor/edit-post-page'), 'EditPostPage'),
              lazyScreen('admin/settings', () => import('../features/settings/site-settings-page'), 'SiteSettingsPage'),
              lazyScreen('admin/pages/:id', () => import('../features/post-editor/page-editor-page'), 'PageEditorPage'),
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              lazyScreen('admin/posts', () => import('../features/studio/admin-posts-page'), 'AdminPostsPage'),
              lazyScreen('new-upcoming', () => import('../features/upcoming/new-upcoming-page'), 'NewUpcomingPage'),
              lazyScreen('show-upcoming', () => import('../features/upcoming/show-upcoming-page'), 'ShowUpcomingPage'),
              lazyScreen('admin/pages', () => import('../features/studio/admin-pages-page'), 'AdminPagesPage'),
              lazyScreen('admin/tags', () => import('../features/studio/admin-tags-page'), 'AdminTagsPage'),
              lazyScreen('admin/redirects', () => import('../features/redirects/redirects-page'), 'RedirectsPage'),
              lazyScreen('admin/navigation', () => import('../features/navigation/navigation-page'), 'NavigationPage'),
              lazyScreen('admin/comments', () => import('../features/studio/admin-comments-page'), 'AdminCommentsPage'),
              lazyScreen('admin/shelf', () => import('../features/shelf-studio/shelf-studio-page'), 'ShelfStudioPage'),
              lazyScreen(
                'admin/shelf/:id',
                () => import('../features/shelf-studio/shelf-item-editor'),
                'ShelfItemEditor',
              ),
              lazyScreen('admin/import', () => import('../features/studio/admin-import-page'), 'AdminImportPage'),
              lazyScreen(
                'admin/subscribers',
                () => import('../features/studio/admin-subscribers-page'),
                'AdminSubscribersPage',
              ),
            ],
          },

          {
            // A page the author wrote (about, hire-me, /now...); the 404 page when there is none.
            ...lazyScreen(':pageSlug', () => import('../features/posts/page-screen'), 'PageScreen'),
            handle: { beforeFirstRender: loadSanitizer } satisfies FirstRenderHandle,
          },

          // Any other path, /error included.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The browser's router; with the state the server rendered the page in, when it did. */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}
