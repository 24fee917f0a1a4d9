// The search keyword's rules (required; letters, digits, spaces, '_' and '-' only), shared by the server and the search box.
import { messages } from './messages.ts';

export const KEYWORD_PATTERN = /^[A-Za-z0-9 _-]+$/;
export const KEYWORD_MAX = 100;

/** The message to show, or null when the keyword is acceptable. */
export function keywordError(keyword: string | null | undefined): string | null {
  const trimmed = keyword?.trim() ?? '';
  if (trimmed === '') return messages.keywordRequired;
  if (!KEYWORD_PATTERN.test(trimmed)) return messages.keywordCharacters;
  if (trimmed.length > KEYWORD_MAX) return `${KEYWORD_MAX} characters maximum allowed`;
  return null;
}
