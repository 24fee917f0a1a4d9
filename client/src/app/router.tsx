// Every route of ../shared/SPEC.md section 2. Public screens are in the main bundle; the form and
// admin screens load on demand, so a visitor never downloads them.
import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner';
import { HomePage } from '../features/home/home-page';
import { BlogListPage } from '../features/posts/blog-list-page';
import { CategoryListPage } from '../features/posts/category-list-page';
import { CATEGORY_ROUTES } from '../features/posts/category-routes';
import { PostDetailPage } from '../features/posts/post-detail-page';
import { AboutPage } from '../features/static-pages/about-page';
import { DisclaimerPage } from '../features/static-pages/disclaimer-page';
import { HireMePage } from '../features/static-pages/hire-me-page';
import { PrivacyPolicyPage } from '../features/static-pages/privacy-policy-page';
import { NotFoundPage, RouteErrorPage } from './error-page';
import { RequireAdmin, RequireUser } from './guards';
import { RootLayout } from './layout/root-layout';
import { requireValidPageNumber } from './route-checks';

const pageRoute = (path: string, element: ReactNode): RouteObject => ({
  path,
  element,
  loader: requireValidPageNumber,
});

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
          { index: true, element: <HomePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'hire-me', element: <HireMePage /> },
          { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
          { path: 'disclaimer', element: <DisclaimerPage /> },
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
          },

          { path: 'blog', element: <BlogListPage /> },
          pageRoute('blog/page/:pageNumber', <BlogListPage />),
          { path: 'blog/search/:keyword', element: <BlogListPage /> },
          pageRoute('blog/search/:keyword/page/:pageNumber', <BlogListPage />),
          { path: 'blog/:id', element: <PostDetailPage /> },

          ...CATEGORY_ROUTES.flatMap((category) => [
            { path: category.path, element: <CategoryListPage category={category} /> },
            pageRoute(`${category.path}/page/:pageNumber`, <CategoryListPage category={category} />),
          ]),

          {
            element: <RequireUser />,
            children: [
              {
                path: 'profile',
                lazy: async () => ({ Component: (await import('../features/auth/profile-page')).ProfilePage }),
              },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: 'new',
                lazy: async () => ({ Component: (await import('../features/post-editor/new-post-page')).NewPostPage }),
              },
              {
                path: 'blog/:id/edit',
                lazy: async () => ({
                  Component: (await import('../features/post-editor/edit-post-page')).EditPostPage,
                }),
              },
              {
                path: 'new-upcoming',
                lazy: async () => ({
                  Component: (await import('../features/upcoming/new-upcoming-page')).NewUpcomingPage,
                }),
              },
              {
                path: 'show-upcoming',
                lazy: async () => ({
                  Component: (await import('../features/upcoming/show-upcoming-page')).ShowUpcomingPage,
                }),
              },
            ],
          },

          // Any other path, /error included.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
