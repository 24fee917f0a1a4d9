// The shelf's list as an address: its filters in the query string, so every view can be linked,
// bookmarked and reached without JavaScript.
export interface ShelfQuery {
  kind: string;
  status: string;
  year: string;
  rating: string;
  sort: string;
  page: number;
}

export { SHELF_TEXT } from '#kernel/shelf-rules.ts';

/** /shelf with the filters that are set, and the page when not the first. */
export function shelfListHref(query: ShelfQuery): string {
  const params = new URLSearchParams();
  for (const key of ['kind', 'status', 'year', 'rating', 'sort'] as const) if (query[key]) params.set(key, query[key]);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/shelf?${search}` : '/shelf';
}
