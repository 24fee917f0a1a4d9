// Page numbers in list URLs (/blog/page/{n}, /games/page/{n}...): one-based positive integers, no
// higher than the server accepts. Anything else is not a page of this site.
import { MAX_PAGE } from '#kernel/post-rules.ts';

/** The page a URL segment names, or null when it is not a valid page number. Missing means page 1. */
export function parsePageNumber(segment: string | undefined): number | null {
  if (segment === undefined) return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(segment)) return null;
  const page = Number(segment);
  return page <= MAX_PAGE ? page : null;
}
