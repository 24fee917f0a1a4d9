// Search from every page: the header leads to the blog's search box and puts the cursor in it,
// rather than carrying a second search form (docs/decisions/031-reading-font-header-search-banner.md).
// It is a plain link to /blog#search, so without JavaScript the browser opens the blog scrolled to
// the box, which then works as a plain form. On a page that already has the box it goes nowhere:
// the cursor moves into the box where it is, and the keyword being searched stays
// (islands/search-link.ts, run by the app here and on its own on a page without the app).
import { useRef } from 'react';
import { Link } from 'react-router';
import { SEARCH_BOX_ID } from '../../components/search-box';
import { useIsland } from '../../components/use-island';
import searchLinkIsland from '../../islands/search-link';

export function SearchLink() {
  const ref = useRef<HTMLAnchorElement>(null);
  useIsland(ref, searchLinkIsland);
  return (
    <Link
      ref={ref}
      className="search-link"
      to={`/blog#${SEARCH_BOX_ID}`}
      title="Search posts"
      data-island="search-link"
    >
      <svg className="search-link-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.25" />
        <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">Search posts</span>
    </Link>
  );
}
