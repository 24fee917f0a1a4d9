// The list paginator: '<' and '>' arrows, '...' breaks, up to 9
// page links with 1 margin page, shown only when there is more than one page. Pages are one-based
// on both sides; react-paginate's zero-based indexes stay inside this file.
import ReactPaginateModule from 'react-paginate';
import './paginator.css';

// react-paginate ships only a CommonJS bundle; the bundler hands its whole exports object to a
// default import (Node's interop), so the component is one level down there.
const ReactPaginate =
  (ReactPaginateModule as unknown as { default?: typeof ReactPaginateModule }).default ?? ReactPaginateModule;

interface PaginatorProps {
  /** The current page, one-based. */
  page: number;
  /** How many pages there are. */
  pages: number;
  /** Called with the chosen page, one-based. */
  onPageChange: (page: number) => void;
  /** The address of a page, so every page link is a real link (open in a new tab, crawlers). */
  pageHref: (page: number) => string;
}

// With 1 margin page on each side, a range of 7 never shows more than 9 page links in all.
const PAGE_RANGE = 7;

export function Paginator({ page, pages, onPageChange, pageHref }: PaginatorProps) {
  if (pages <= 1) return null;
  return (
    <ReactPaginate
      pageCount={pages}
      forcePage={Math.min(Math.max(page, 1), pages) - 1}
      pageRangeDisplayed={PAGE_RANGE}
      marginPagesDisplayed={1}
      previousLabel="<"
      nextLabel=">"
      breakLabel="..."
      previousAriaLabel="Previous page"
      nextAriaLabel="Next page"
      // react-paginate hands hrefBuilder the one-based page number, and only for pages that exist.
      hrefBuilder={(pageNumber) => pageHref(pageNumber)}
      onPageChange={({ selected }) => {
        if (selected + 1 !== page) onPageChange(selected + 1);
      }}
      containerClassName="paginator"
      activeClassName="is-current"
      disabledClassName="is-disabled"
      breakClassName="is-break"
    />
  );
}
