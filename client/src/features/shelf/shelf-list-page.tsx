// The shelf at /shelf (issue 41): every game, anime, TV show and book, filtered by kind, status, the
// year they were finished and rating, sorted, 24 a page. The filters are a GET form and the pages
// links, so the page works without JavaScript and every view has its own address.
import { useSearchParams } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { ShelfBox } from '../../components/shelf-box';
import { ErrorMessage } from '../../components/error-message';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import type { Category, ShelfSort, ShelfStatus } from '../../gql/graphql';
import { useFreshQuery } from '../../lib/query-freshness';
import { SHELF_KIND_LABELS, SHELF_STATUS_LABELS, shelfYearPath, SHELF_FEED_PATH } from '#kernel/shelf-rules.ts';
import { CATEGORIES } from '#kernel/post-rules.ts';
import { SHELF_TEXT, shelfListHref, type ShelfQuery } from './shelf-query';
import './shelf.css';

const ShelfListQuery = graphql(`
  query ShelfList($kind: Category, $status: ShelfStatus, $year: Int, $minRating: Float, $sort: ShelfSort, $page: Int) {
    shelfItems(kind: $kind, status: $status, year: $year, minRating: $minRating, sort: $sort, page: $page) {
      total
      page
      pages
      items {
        id
        ...ShelfBox_Item
      }
    }
    shelfYears
  }
`);

const SORTS: Array<[string, string]> = [
  ['updated', 'Latest changed'],
  ['title', 'Title'],
  ['rating', 'Best rated'],
  ['finished', 'Latest finished'],
  ['year', 'Newest release'],
];

const RATINGS: Array<[string, string]> = [
  ['5', '5 stars'],
  ['4', '4 stars and up'],
  ['3', '3 stars and up'],
  ['2', '2 stars and up'],
  ['1', '1 star and up'],
];

/** The filters of the address, each kept only when it is one the shelf knows. */
export function shelfQueryOf(params: URLSearchParams): ShelfQuery {
  const kind = params.get('kind') ?? '';
  const status = params.get('status') ?? '';
  const year = params.get('year') ?? '';
  const rating = params.get('rating') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    kind: (CATEGORIES as readonly string[]).includes(kind) ? kind : '',
    status: status in SHELF_STATUS_LABELS ? status : '',
    year: /^\d{4}$/.test(year) ? year : '',
    rating: /^[1-5]$/.test(rating) ? rating : '',
    sort: SORTS.some(([value]) => value === sort) ? sort : '',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function ShelfListPage() {
  const [params] = useSearchParams();
  const query = shelfQueryOf(params);
  const { data, error } = useFreshQuery(ShelfListQuery, {
    kind: query.kind ? (query.kind.toUpperCase() as Category) : null,
    status: query.status ? (query.status.toUpperCase() as ShelfStatus) : null,
    year: query.year ? Number(query.year) : null,
    minRating: query.rating ? Number(query.rating) : null,
    sort: query.sort ? (query.sort.toUpperCase() as ShelfSort) : null,
    page: query.page,
  });
  const result = data?.shelfItems;
  const select = (name: keyof ShelfQuery, label: string, options: Array<[string, string]>, any: string) => (
    <div className="shelf-filter">
      <label htmlFor={`shelf-${name}`}>{label}</label>
      <select id={`shelf-${name}`} name={name} defaultValue={String(query[name])}>
        <option value="">{any}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );

  let content;
  if (error && !data) content = <ErrorMessage error={error} />;
  else if (!result) content = <Spinner label="Loading the shelf" />;
  else if (result.items.length === 0) content = <p>Nothing on the shelf matches.</p>;
  else {
    content = (
      <>
        <p className="shelf-count" role="status">
          {result.total} {result.total === 1 ? 'item' : 'items'}
        </p>
        <ul className="shelf-grid" aria-label="Shelf items">
          {result.items.map((item) => (
            <li key={item.id}>
              <ShelfBox item={item} headingLevel={2} withStatus />
            </li>
          ))}
        </ul>
        {result.pages > 1 && (
          <nav className="shelf-pages" aria-label="Pages of the shelf">
            <ul>
              {Array.from({ length: result.pages }, (_, index) => index + 1).map((page) => (
                <li key={page}>
                  <a href={shelfListHref({ ...query, page })} aria-current={page === result.page ? 'page' : undefined}>
                    <span className="visually-hidden">Page </span>
                    {page}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </>
    );
  }

  return (
    <div className="container shelf-page">
      <PageMeta {...SHELF_TEXT} path="/shelf" />
      <header className="page-header">
        <h1>{SHELF_TEXT.title}</h1>
        <p className="page-lead">{SHELF_TEXT.description}</p>
        <p className="category-feed">
          <a href={SHELF_FEED_PATH} type="application/rss+xml">
            RSS feed of finished items
          </a>
        </p>
      </header>
      <form className="shelf-filters" method="get" action="/shelf" aria-label="Filter the shelf">
        {select(
          'kind',
          'Kind',
          CATEGORIES.map((kind) => [kind, SHELF_KIND_LABELS[kind]]),
          'Every kind',
        )}
        {select('status', 'Status', Object.entries(SHELF_STATUS_LABELS), 'Every status')}
        {select(
          'year',
          'Finished in',
          (data?.shelfYears ?? (query.year ? [Number(query.year)] : [])).map((year) => [String(year), String(year)]),
          'Any year',
        )}
        {select('rating', 'Rating', RATINGS, 'Any rating')}
        {select('sort', 'Sort by', SORTS.slice(1), SORTS[0]![1])}
        <button type="submit" className="button">
          Show
        </button>
      </form>
      {content}
      {data && data.shelfYears.length > 0 && (
        <nav className="shelf-years" aria-label="Years in review">
          <h2>Years in review</h2>
          <ul>
            {data.shelfYears.map((year) => (
              <li key={year}>
                <a href={shelfYearPath(year)}>{year}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
