// Checks a route makes before its screen renders.
import { data, type LoaderFunctionArgs } from 'react-router';
import { parsePageNumber } from '#kernel/page-meta-rules.ts';

/** /blog/page/0, /games/page/abc...: not a page of this site, so the error page, not an empty list. */
export function requireValidPageNumber({ params }: LoaderFunctionArgs): null {
  if (parsePageNumber(params.pageNumber) === null) throw data('Page not found', { status: 404 });
  return null;
}
