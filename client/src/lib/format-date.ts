function dateOf(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

// The browser's first date format costs tens of milliseconds of a phone's main thread (it loads
// the locale's data); made once, it formats any date in microseconds.
let readerFormat: Intl.DateTimeFormat | undefined;

/**
 * Makes the reader's date format now, in a task of its own (main.tsx calls it while the page is
 * hydrating), rather than inside the render that first shows a date in it.
 */
export function prepareReaderDates(): Intl.DateTimeFormat {
  // The reader's locale and time zone, in its medium style ("Nov 21, 2026", "21 Nov 2026"): the
  // month in words, so 11/12 is never read as the 11th of December.
  readerFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  return readerFormat;
}

/** An ISO date-time in the reader's own locale date format. */
export function formatDate(iso: string): string {
  const date = dateOf(iso);
  return date ? prepareReaderDates().format(date) : '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The same date as the server writes it, the same for every reader: US English in its medium style
 * ("Nov 21, 2026"), in UTC. Written out rather than asked of Intl with a time zone: the first such
 * call loads the browser's time zone data, tens of milliseconds of a phone's main thread during
 * hydration.
 */
export function formatServerDate(iso: string): string {
  const date = dateOf(iso);
  return date ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}` : '';
}

/** An ISO date-time as the author reads it: their locale's date and time, to the minute. */
export function formatDateTime(iso: string): string {
  return dateOf(iso)?.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) ?? '';
}
