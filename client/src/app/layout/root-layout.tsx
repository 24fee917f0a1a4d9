// The frame of every screen: skip link, header, the routed page in <main>, footer, toasts.
import { Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AppToastContainer } from '../../lib/toast';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function RootLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname, hash } = useLocation();
  const firstPath = useRef(pathname);

  // After an in-app navigation, focus moves to the new page so screen readers start reading it
  // there, as they would after a full page load. Not on the first load: the browser handles that.
  // A link to a field on the page (the header's search link, /blog#search) puts the cursor there.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target instanceof HTMLInputElement) target.focus();
    else mainRef.current?.focus({ preventScroll: true });
  }, [pathname, hash]);

  function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
    // Without the router seeing a #hash navigation.
    event.preventDefault();
    mainRef.current?.focus();
  }

  return (
    <>
      <a className="skip-link" href="#main-content" onClick={skipToContent}>
        Skip to content
      </a>
      {/* The page and the footer are hydrated on their own (a Suspense boundary each), so taking
          over a server-rendered page is several short tasks instead of one long one that blocks
          input. The header is not: it shows where the router is (the current link, a navigation
          under way), so it is hydrated with the frame, before any input is handled. In a boundary
          of its own it could still be dehydrated when a search typed into the page had started a
          navigation, and React would hydrate it against markup rendered for the page before. */}
      <SiteHeader />
      <main ref={mainRef} id="main-content" className="site-main" tabIndex={-1}>
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <AppToastContainer />
      <ScrollRestoration />
    </>
  );
}
