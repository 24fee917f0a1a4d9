// What the router shows when a screen cannot: an unknown path or an invalid page number is 'Page
// not found', with ways on (all posts, a search); anything unexpected gets an apology and a way back.
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { SearchBox } from '../components/search-box';
import { Spinner } from '../components/spinner';
import { useServerRedirect } from '../lib/server-redirect';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';

/** An error screen: the label above its heading, the heading, what to say, and the way home. */
function ErrorScreen({ meta, eyebrow, children }: { meta: ReactNode; eyebrow: string; children: ReactNode }) {
  return (
    <section className="container error-page" aria-labelledby="error-page-title">
      {meta}
      <p className="eyebrow">{eyebrow}</p>
      {children}
      <p>
        <Link className="button" to="/">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}

export function NotFoundPage() {
  const { pathname } = useLocation();
  // Reached by a link inside the app: the server may redirect this address (server-redirect.ts).
  const asking = useServerRedirect();
  if (asking) return <Spinner label="Loading the page" />;
  return (
    <ErrorScreen meta={<PageMeta {...SCREEN_TEXTS.notFound} path={pathname} noindex />} eyebrow="Error 404">
      <h1 id="error-page-title">Page not found</h1>
      <p>There is nothing at this address. The link may be broken, or the page may have moved.</p>
      <p>
        <Link to="/blog">See all posts</Link>, or search for what you were looking for:
      </p>
      <SearchBox />
    </ErrorScreen>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <ErrorScreen
      meta={
        <PageMeta title="Something went wrong" description="This page could not be shown." path={pathname} noindex />
      }
      eyebrow="Error"
    >
      <h1 id="error-page-title">Something went wrong</h1>
      <p>This page could not be shown. Reloading often helps; if it does not, try again in a little while.</p>
    </ErrorScreen>
  );
}
