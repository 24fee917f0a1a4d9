// The search keyword's rules (required; letters, digits, spaces, '_' and '-' only), shared by the server and the search box.
import { messages } from './messages.ts';

export const KEYWORD_PATTERN = /^[A-Za-z0-9 _-]+$/;
export const KEYWORD_MAX = 100;

/**
 * A search ranks the newest this many matches, and counts at most this many: 40 pages. Ranking and
 * counting every match of a common word (a third of 100 000 posts) cost hundreds of milliseconds;
 * the newest 600 cost a few (docs/decisions/013-search-at-scale.md). A count that reaches it is
 * shown as a floor ('600+ posts found').
 */
export const SEARCH_CANDIDATES = 600;

/** How many posts a search found, as the results say it: '1 post found', '12 posts found', '600+ posts found'. */
export function resultsCount(total: number): string {
  if (total >= SEARCH_CANDIDATES) return `${SEARCH_CANDIDATES}+ posts found`;
  return total === 1 ? '1 post found' : `${total} posts found`;
}

/** The message to show, or null when the keyword is acceptable. */
export function keywordError(keyword: string | null | undefined): string | null {
  const trimmed = keyword?.trim() ?? '';
  if (trimmed === '') return messages.keywordRequired;
  if (!KEYWORD_PATTERN.test(trimmed)) return messages.keywordCharacters;
  if (trimmed.length > KEYWORD_MAX) return `${KEYWORD_MAX} characters maximum allowed`;
  return null;
}
