// The list paginator: '<' and '>' arrows, '...' breaks, up to 9 page links with 1 margin page,
// shown only when there is more than one page. Pages are one-based. The pages shown are the ones
// react-paginate (the original client's paginator) shows with a range of 7 and 1 margin page; this
// component writes them as a list inside a <nav> landmark (react-paginate put the navigation role
// on the list itself, which hid its items from assistive technology), and every control, the
// breaks included, is a real link: the paginator works without JavaScript too.
import type { MouseEvent } from 'react';
import './paginator.css';

interface PaginatorProps {
  /** The current page, one-based. */
  page: number;
  /** How many pages there are. */
  pages: number;
  /** Called with the chosen page, one-based, instead of following the link. */
  onPageChange: (page: number) => void;
  /** The address of a page, so every page link is a real link (open in a new tab, crawlers). */
  pageHref: (page: number) => string;
}

// With 1 margin page on each side, a range of 7 never shows more than 9 page links in all.
const PAGE_RANGE = 7;
const MARGIN_PAGES = 1;

type Item = { kind: 'page'; page: number } | { kind: 'break'; page: number; forward: boolean };

/** The pages and breaks between the arrows, for `current` of `pages` (one-based). */
export function paginatorItems(current: number, pages: number): Item[] {
  const selected = current - 1;
  if (pages <= PAGE_RANGE) return Array.from({ length: pages }, (_, index) => ({ kind: 'page', page: index + 1 }));
  let before = PAGE_RANGE / 2;
  let after = PAGE_RANGE - before;
  if (selected > pages - PAGE_RANGE / 2) {
    after = pages - selected;
    before = PAGE_RANGE - after;
  } else if (selected < PAGE_RANGE / 2) {
    before = selected;
    after = PAGE_RANGE - before;
  }
  const items: Item[] = [];
  for (let index = 0; index < pages; index += 1) {
    const inMargin = index < MARGIN_PAGES || index >= pages - MARGIN_PAGES;
    const inRange = index >= selected - before && index <= selected + (selected === 0 ? after - 1 : after);
    if (inMargin || inRange) {
      items.push({ kind: 'page', page: index + 1 });
    } else if (items.at(-1)?.kind === 'page') {
      // A break jumps a whole range at once, as far as the first or last page.
      const jump = index < selected ? Math.max(selected - PAGE_RANGE, 0) : Math.min(selected + PAGE_RANGE, pages - 1);
      items.push({ kind: 'break', page: jump + 1, forward: index > selected });
    }
  }
  // A break that would stand for a single page shows that page instead.
  return items.map((item, index) => {
    const [previous, next] = [items[index - 1], items[index + 1]];
    return item.kind === 'break' && previous && next && next.page - previous.page <= 2
      ? { kind: 'page', page: previous.page + 1 }
      : item;
  });
}

export function Paginator({ page, pages, onPageChange, pageHref }: PaginatorProps) {
  if (pages <= 1) return null;
  const current = Math.min(Math.max(page, 1), pages);

  /** A link to `to` that the app follows itself (a plain click), or the browser (a new tab). */
  const linkTo = (to: number) => ({
    href: pageHref(to),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (to !== page) onPageChange(to);
    },
  });

  const arrow = (to: number, label: string, text: string, rel: string) => {
    const disabled = to < 1 || to > pages;
    return (
      <li className={disabled ? 'is-disabled' : undefined}>
        <a
          {...(disabled ? {} : linkTo(to))}
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-disabled={disabled}
          aria-label={label}
          rel={rel}
        >
          {text}
        </a>
      </li>
    );
  };

  const relOf = (to: number) =>
    to === current - 1 ? 'prev' : to === current ? 'canonical' : to === current + 1 ? 'next' : undefined;

  return (
    <nav aria-label="Pagination">
      <ul className="paginator">
        {arrow(current - 1, 'Previous page', '<', 'prev')}
        {paginatorItems(current, pages).map((item) =>
          item.kind === 'break' ? (
            <li key={`break-${item.forward}`} className="is-break">
              <a {...linkTo(item.page)} aria-label={item.forward ? 'Jump forward' : 'Jump backward'}>
                ...
              </a>
            </li>
          ) : (
            <li key={item.page} className={item.page === current ? 'is-current' : undefined}>
              <a
                {...linkTo(item.page)}
                rel={relOf(item.page)}
                aria-label={item.page === current ? `Page ${item.page} is your current page` : `Page ${item.page}`}
                aria-current={item.page === current ? 'page' : undefined}
              >
                {item.page}
              </a>
            </li>
          ),
        )}
        {arrow(current + 1, 'Next page', '>', 'next')}
      </ul>
    </nav>
  );
}
