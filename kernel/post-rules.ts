// The rules of a post (image required on create, title and subtitle 1 to 45 characters, a known
// category, non-empty content), checked by the server on every write and reused
// by the client's forms for comfort. A draft needs only its title: the other rules apply when it is
// published or scheduled, with the same messages. Pure: no Node imports.
import { CONTENT_MAX } from './content-rules.ts';
import { FOCUS_OUTSIDE_MESSAGE } from './focal-point.ts';
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

/** Where a post is in its life; only PUBLISHED posts are shown to anyone but an admin. */
export const POST_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED'] as const;
export type PostStatusValue = (typeof POST_STATUSES)[number];

export function isPostStatus(value: string): value is PostStatusValue {
  return (POST_STATUSES as readonly string[]).includes(value);
}

/** What search engines and link previews get: longer than that, they cut it anyway. */
export const DESCRIPTION_MAX = 160;
/** A cover's text alternative. */
export const IMAGE_ALT_MAX = 200;

export const PAGE_SIZE = 15;
export const LATEST_COUNT = 9;
export const MAX_PAGE = 100_000;

export const postMessages = {
  contentTooLong: `Content must be at most ${CONTENT_MAX} characters`,
  descriptionTooLong: `${DESCRIPTION_MAX} characters maximum allowed`,
  imageAltTooLong: `${IMAGE_ALT_MAX} characters maximum allowed`,
  publishAtRequired: 'Choose when to publish',
  publishAtPast: 'Choose a time in the future',
  focusOutside: FOCUS_OUTSIDE_MESSAGE,
  conflict: 'This post was changed elsewhere since you opened it. Reload it to see the latest version.',
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
  description?: string | null;
  imageAlt?: string | null;
}

export type PostFieldErrors = Partial<
  Record<
    | 'title'
    | 'subtitle'
    | 'content'
    | 'category'
    | 'image'
    | 'description'
    | 'imageAlt'
    | 'slug'
    | 'publishAt'
    | 'focus'
    | 'tags',
    string
  >
>;

/** The length a title or subtitle is held to POST_TEXT_MAX by (the form's live counter shows the same). */
export function postTextLength(value: string): number {
  return value.trim().length;
}

function checkShortText(value: string | null | undefined, required = true): string | undefined {
  const text = value?.trim() ?? '';
  const unstorable = unstorableTextError(text);
  if (unstorable) return unstorable;
  if (text === '') return required ? messages.required : undefined;
  if (postTextLength(text) > POST_TEXT_MAX) return messages.maxLength45;
  return undefined;
}

function checkOptionalText(value: string | null | undefined, max: number, tooLong: string): string | undefined {
  const text = value?.trim() ?? '';
  return unstorableTextError(text) ?? (text.length > max ? tooLong : undefined);
}

/** True when the HTML holds no visible text (an editor's empty paragraph counts as empty). */
export function isBlankHtml(html: string | null | undefined): boolean {
  // A picture is content, with or without words around it.
  if (/<img\b/i.test(html ?? '')) return false;
  const text = (html ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text === '';
}

/**
 * Every field's problem, in the form's order. `draft`: only the title is required, and what is
 * given must still fit (a draft keeps its text, never more than a published post may hold).
 */
export function validatePostFields(fields: PostFields, { draft = false }: { draft?: boolean } = {}): PostFieldErrors {
  const errors: PostFieldErrors = {};
  const title = checkShortText(fields.title);
  if (title) errors.title = title;
  const subtitle = checkShortText(fields.subtitle, !draft);
  if (subtitle) errors.subtitle = subtitle;
  // Checked before sanitizing: HTML parsing would drop a NUL or turn it into U+FFFD without a word.
  const unstorableContent = unstorableTextError(fields.content);
  if (unstorableContent) errors.content = unstorableContent;
  else if (isBlankHtml(fields.content)) {
    if (!draft) errors.content = messages.required;
  } else if ((fields.content ?? '').length > CONTENT_MAX) errors.content = postMessages.contentTooLong;
  if (!fields.category) {
    if (!draft) errors.category = messages.chooseOption;
  } else if (!isCategory(fields.category)) errors.category = messages.notValidOption;
  const description = checkOptionalText(fields.description, DESCRIPTION_MAX, postMessages.descriptionTooLong);
  if (description) errors.description = description;
  const imageAlt = checkOptionalText(fields.imageAlt, IMAGE_ALT_MAX, postMessages.imageAltTooLong);
  if (imageAlt) errors.imageAlt = imageAlt;
  return errors;
}

/** The message for a scheduled post's time, or null when it is one (a time still to come). */
export function publishAtError(publishAt: Date | null | undefined, now: Date = new Date()): string | null {
  if (!publishAt || Number.isNaN(publishAt.getTime())) return postMessages.publishAtRequired;
  return publishAt.getTime() > now.getTime() ? null : postMessages.publishAtPast;
}

/** How many of a post's latest saves it keeps as revisions, beside every save that published it. */
export const KEPT_REVISIONS = 20;
/**
 * A save the author did not ask for (the editor's autosave, every few seconds of typing) records a
 * revision only when the newest one is at least this old, as Ghost does: a writing session leaves a
 * version every ten minutes, not one per pause, and cannot push the older versions out of the list.
 * The post itself always holds the latest words.
 */
export const AUTOSAVE_REVISION_EVERY_MS = 10 * 60 * 1000;
