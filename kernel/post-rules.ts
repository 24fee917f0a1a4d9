// The rules of a post (image required on create, title and subtitle 1 to 45 characters, a known
// category, non-empty content), checked by the server on every write and reused
// by the client's forms for comfort. Pure: no Node imports.
import { CONTENT_MAX } from './content-rules.ts';
import { messages } from './messages.ts';
import { unstorableTextError } from './text-rules.ts';

export const POST_TEXT_MAX = 45;
export const CATEGORIES = ['game', 'tv', 'book', 'anime'] as const;
export type CategoryValue = (typeof CATEGORIES)[number];

/** The form's labels, in the order the spec lists them. */
export const CATEGORY_LABELS: Record<CategoryValue, string> = { game: 'Game', tv: 'TV', anime: 'Anime', book: 'Book' };

export function isCategory(value: string): value is CategoryValue {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** The GraphQL enum's name for a category (GAME for game): the API speaks these, the database the others. */
export type ApiCategory = Uppercase<CategoryValue>;

export function toApiCategory(category: CategoryValue): ApiCategory {
  return category.toUpperCase() as ApiCategory;
}

/** The category an enum name stands for, or '' for one this version does not know. */
export function fromApiCategory(category: string): CategoryValue | '' {
  const value = category.toLowerCase();
  return isCategory(value) ? value : '';
}

export const PAGE_SIZE = 15;
export const LATEST_COUNT = 9;
export const MAX_PAGE = 100_000;

export const postMessages = {
  contentTooLong: `Content must be at most ${CONTENT_MAX} characters`,
  page: `Page must be a whole number from 1 to ${MAX_PAGE}`,
} as const;

/** The message for a page number out of range, or null when it is acceptable. */
export function pageError(page: number): string | null {
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? null : postMessages.page;
}

/** How many pages `total` posts fill (0 when there are none). */
export function pageCount(total: number): number {
  return Math.ceil(total / PAGE_SIZE);
}

export interface PostFields {
  title?: string | null;
  subtitle?: string | null;
  content?: string | null;
  category?: string | null;
}

export type PostFieldErrors = Partial<Record<'title' | 'subtitle' | 'content' | 'category' | 'image', string>>;

function checkShortText(value: string | null | undefined): string | undefined {
  const text = value?.trim() ?? '';
  const unstorable = unstorableTextError(text);
  if (unstorable) return unstorable;
  if (text === '') return messages.required;
  if (text.length > POST_TEXT_MAX) return messages.maxLength45;
  return undefined;
}

/** True when the HTML holds no visible text (an editor's empty paragraph counts as empty). */
export function isBlankHtml(html: string | null | undefined): boolean {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text === '';
}

export function validatePostFields(fields: PostFields): PostFieldErrors {
  const errors: PostFieldErrors = {};
  const title = checkShortText(fields.title);
  if (title) errors.title = title;
  const subtitle = checkShortText(fields.subtitle);
  if (subtitle) errors.subtitle = subtitle;
  // Checked before sanitizing: HTML parsing would drop a NUL or turn it into U+FFFD without a word.
  const unstorableContent = unstorableTextError(fields.content);
  if (unstorableContent) errors.content = unstorableContent;
  else if (isBlankHtml(fields.content)) errors.content = messages.required;
  else if ((fields.content ?? '').length > CONTENT_MAX) errors.content = postMessages.contentTooLong;
  if (!fields.category) errors.category = messages.chooseOption;
  else if (!isCategory(fields.category)) errors.category = messages.notValidOption;
  return errors;
}
