// The rules of a shelf item (issue 41, docs/decisions/055): a game, anime, TV show or book the author
// reads, watches or plays, with its status, progress and rating. The server checks them on every
// write (and every imported row); the studio's forms reuse them for comfort. Pure: no Node imports.
import { CATEGORIES, type CategoryValue, IMAGE_ALT_MAX, isCategory } from './post-rules.ts';
import { messages } from './messages.ts';
import { unstorableTextError } from './text-rules.ts';
import { cardLinkError } from './upcoming-rules.ts';
import { checkFocus } from './focal-point.ts';
import { slugError } from './slug-rules.ts';

export const SHELF_KINDS = CATEGORIES;
export const SHELF_STATUSES = ['planned', 'in_progress', 'finished', 'on_hold', 'dropped'] as const;
export type ShelfStatusValue = (typeof SHELF_STATUSES)[number];

export const SHELF_STATUS_LABELS: Record<ShelfStatusValue, string> = {
  planned: 'Planned',
  in_progress: 'In progress',
  finished: 'Finished',
  on_hold: 'On hold',
  dropped: 'Dropped',
};

export const SHELF_KIND_LABELS: Record<CategoryValue, string> = {
  game: 'Game',
  anime: 'Anime',
  tv: 'TV show',
  book: 'Book',
};

/** What progress counts, by kind: a book's pages, a show's episodes, a game's hours. */
export const PROGRESS_UNITS: Record<CategoryValue, string> = {
  book: 'pages',
  anime: 'episodes',
  tv: 'episodes',
  game: 'hours',
};

/** The in-progress verb each kind's card in the home carousel uses (the hand-made cards' titles). */
export const SHELF_CAROUSEL_TITLES: Record<CategoryValue, 'Reading' | 'Watching' | 'Playing'> = {
  book: 'Reading',
  anime: 'Watching',
  tv: 'Watching',
  game: 'Playing',
};

export const SHELF_TITLE_MAX = 200;
export const SHELF_CREATOR_MAX = 200;
export const SHELF_NOTES_MAX = 100_000;
export const SHELF_TAG_MAX = 40;
export const SHELF_TAGS_MAX = 20;
export const SHELF_LINKS_MAX = 10;
export const SHELF_LINK_LABEL_MAX = 60;
export const SHELF_PROGRESS_MAX = 1_000_000;
export const SHELF_YEAR_MIN = 1000;
export const SHELF_YEAR_MAX = 2999;
/** Items a page of /shelf and of shelfItems lists. */
export const SHELF_PAGE_SIZE = 24;

/** The files the shelf imports: a Goodreads library export, a MyAnimeList export, a CSV with a mapping. */
export const SHELF_IMPORT_FORMATS = ['goodreads', 'myanimelist', 'csv'] as const;
export type ShelfImportFormat = (typeof SHELF_IMPORT_FORMATS)[number];

export const shelfMessages = {
  notFound: 'Shelf item not found',
  titleTooLong: `${SHELF_TITLE_MAX} characters maximum allowed`,
  creatorTooLong: `${SHELF_CREATOR_MAX} characters maximum allowed`,
  year: `The year must be a whole number from ${SHELF_YEAR_MIN} to ${SHELF_YEAR_MAX}`,
  progress: `Progress must be a whole number from 0 to ${SHELF_PROGRESS_MAX}`,
  progressTotal: `The total must be a whole number from 1 to ${SHELF_PROGRESS_MAX}`,
  progressOverTotal: 'Progress cannot be more than the total',
  rating: 'The rating must be from 0.5 to 5 stars, in half stars',
  date: 'Give a date as YYYY-MM-DD',
  finishedBeforeStarted: 'The finish date cannot be before the start date',
  notesTooLong: `Notes must be at most ${SHELF_NOTES_MAX} characters`,
  tagTooLong: `A tag must be at most ${SHELF_TAG_MAX} characters`,
  tooManyTags: `At most ${SHELF_TAGS_MAX} tags`,
  tooManyLinks: `At most ${SHELF_LINKS_MAX} links`,
  linkLabel: `A link needs a label of at most ${SHELF_LINK_LABEL_MAX} characters`,
  slugTaken: 'Another shelf item has this address',
  imageAltTooLong: `${IMAGE_ALT_MAX} characters maximum allowed`,
  page: 'Page must be a whole number from 1',
} as const;

export interface ShelfLink {
  label: string;
  url: string;
}

/** A shelf item's fields as a write gives them (absent: the stored value on update, the default on create). */
export interface ShelfFields {
  kind?: string | null;
  title?: string | null;
  slug?: string | null;
  creator?: string | null;
  year?: number | null;
  status?: string | null;
  progress?: number | null;
  progressTotal?: number | null;
  /** In stars, 0.5 to 5 by halves; null: not rated. */
  rating?: number | null;
  /** YYYY-MM-DD. */
  startedOn?: string | null;
  finishedOn?: string | null;
  notes?: string | null;
  links?: ShelfLink[] | null;
  tags?: string[] | null;
  imageAlt?: string | null;
  focusX?: number | null;
  focusY?: number | null;
}

export type ShelfField =
  | 'kind'
  | 'title'
  | 'slug'
  | 'creator'
  | 'year'
  | 'status'
  | 'progress'
  | 'progressTotal'
  | 'rating'
  | 'startedOn'
  | 'finishedOn'
  | 'notes'
  | 'links'
  | 'tags'
  | 'imageAlt'
  | 'focus';
export type ShelfFieldErrors = Partial<Record<ShelfField, string>>;

export function isShelfStatus(value: string): value is ShelfStatusValue {
  return (SHELF_STATUSES as readonly string[]).includes(value);
}

/** Half stars as stored (1 to 10) from stars (0.5 to 5), or undefined when not a half star in range. */
export function ratingHalves(stars: number): number | undefined {
  const halves = stars * 2;
  return Number.isInteger(halves) && halves >= 1 && halves <= 10 ? halves : undefined;
}

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const isWhole = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** A tag as stored: spaces collapsed, trimmed. */
export const shelfTag = (tag: string): string => tag.trim().replace(/\s+/g, ' ');

/**
 * Every field's problem, all at once. `fields` is the whole item as it would be stored (an update
 * merges what it sends over the stored row first), so cross-field rules see the result.
 */
export function validateShelfFields(fields: ShelfFields): ShelfFieldErrors {
  const errors: ShelfFieldErrors = {};
  if (!fields.kind) errors.kind = messages.chooseOption;
  else if (!isCategory(fields.kind)) errors.kind = messages.notValidOption;
  const title = fields.title?.trim() ?? '';
  const titleError =
    unstorableTextError(title) ??
    (title === '' ? messages.required : title.length > SHELF_TITLE_MAX ? shelfMessages.titleTooLong : undefined);
  if (titleError) errors.title = titleError;
  const slug = fields.slug?.trim() ?? '';
  if (slug !== '') {
    const problem = unstorableTextError(slug) ?? slugError(slug);
    if (problem) errors.slug = problem;
  }
  const creator = fields.creator?.trim() ?? '';
  const creatorError =
    unstorableTextError(creator) ?? (creator.length > SHELF_CREATOR_MAX ? shelfMessages.creatorTooLong : undefined);
  if (creatorError) errors.creator = creatorError;
  if (fields.year != null && !isWhole(fields.year, SHELF_YEAR_MIN, SHELF_YEAR_MAX)) errors.year = shelfMessages.year;
  if (!fields.status) errors.status = messages.chooseOption;
  else if (!isShelfStatus(fields.status)) errors.status = messages.notValidOption;
  if (fields.progress != null && !isWhole(fields.progress, 0, SHELF_PROGRESS_MAX)) {
    errors.progress = shelfMessages.progress;
  }
  if (fields.progressTotal != null && !isWhole(fields.progressTotal, 1, SHELF_PROGRESS_MAX)) {
    errors.progressTotal = shelfMessages.progressTotal;
  }
  if (
    !errors.progress &&
    !errors.progressTotal &&
    fields.progressTotal != null &&
    (fields.progress ?? 0) > fields.progressTotal
  ) {
    errors.progress = shelfMessages.progressOverTotal;
  }
  if (fields.rating != null && ratingHalves(fields.rating) === undefined) errors.rating = shelfMessages.rating;
  for (const key of ['startedOn', 'finishedOn'] as const) {
    const value = fields[key];
    if (value != null && value !== '' && !isCalendarDate(value)) errors[key] = shelfMessages.date;
  }
  if (
    !errors.startedOn &&
    !errors.finishedOn &&
    fields.startedOn &&
    fields.finishedOn &&
    fields.finishedOn < fields.startedOn
  ) {
    errors.finishedOn = shelfMessages.finishedBeforeStarted;
  }
  const notes = fields.notes ?? '';
  const notesError =
    unstorableTextError(notes) ?? (notes.length > SHELF_NOTES_MAX ? shelfMessages.notesTooLong : undefined);
  if (notesError) errors.notes = notesError;
  const links = fields.links ?? [];
  if (links.length > SHELF_LINKS_MAX) errors.links = shelfMessages.tooManyLinks;
  else {
    for (const link of links) {
      const label = link.label?.trim() ?? '';
      const problem =
        unstorableTextError(label) ??
        (label === '' || label.length > SHELF_LINK_LABEL_MAX ? shelfMessages.linkLabel : undefined) ??
        (link.url?.trim() ? cardLinkError(link.url) : messages.required);
      if (problem) {
        errors.links = problem;
        break;
      }
    }
  }
  const tags = (fields.tags ?? []).map(shelfTag).filter((tag) => tag !== '');
  if (tags.length > SHELF_TAGS_MAX) errors.tags = shelfMessages.tooManyTags;
  else {
    const problem = tags
      .map((tag) => unstorableTextError(tag) ?? (tag.length > SHELF_TAG_MAX ? shelfMessages.tagTooLong : undefined))
      .find(Boolean);
    if (problem) errors.tags = problem;
  }
  const alt = fields.imageAlt?.trim() ?? '';
  const altError = unstorableTextError(alt) ?? (alt.length > IMAGE_ALT_MAX ? shelfMessages.imageAltTooLong : undefined);
  if (altError) errors.imageAlt = altError;
  const focus = checkFocus(fields.focusX, fields.focusY).error;
  if (focus) errors.focus = focus;
  return errors;
}

/** "120 / 300 pages", "3 episodes": an item's progress as the pages show it; empty when none. */
export function progressText(kind: CategoryValue, progress: number, total: number | null): string {
  if (progress === 0 && total === null) return '';
  return total === null ? `${progress} ${PROGRESS_UNITS[kind]}` : `${progress} / ${total} ${PROGRESS_UNITS[kind]}`;
}

/** "4.5 out of 5 stars" for half stars as stored. */
export function ratingText(halves: number): string {
  return `${halves / 2} out of 5 stars`;
}

/** What schema.org calls each kind (anime is a TV series too): a review's itemReviewed type. */
export const SCHEMA_ORG_TYPES: Record<CategoryValue, 'Book' | 'VideoGame' | 'TVSeries'> = {
  book: 'Book',
  game: 'VideoGame',
  tv: 'TVSeries',
  anime: 'TVSeries',
};

/** An item's page. */
export const shelfPath = (slug: string) => `/shelf/${slug}`;
/** A year in review. */
export const shelfYearPath = (year: number) => `/shelf/${year}`;
/** The feed of finished items. */
export const SHELF_FEED_PATH = '/shelf/feed.xml';
/** A year's address below /shelf/ (four digits), as against an item's slug. */
export const isShelfYear = (segment: string) => /^\d{4}$/.test(segment);

/** "★★★★½" for half stars as stored: the stars drawn, with ratingText for those who do not see them. */
export function starsOf(halves: number): string {
  return `${'★'.repeat(Math.floor(halves / 2))}${halves % 2 === 1 ? '½' : ''}`;
}

/** The shelf's page texts, as the client and the server's head write them. */
export const SHELF_TEXT = {
  title: 'The shelf',
  description: 'Every game, anime, TV show and book on my shelf: what I play, watch and read, and what I made of it.',
} as const;

export const shelfYearText = (year: number) => ({
  title: `${year} in review`,
  description: `The games, anime, TV shows and books I finished in ${year}, month by month.`,
});

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
