function dateOf(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** US English's medium date style ("Nov 21, 2026"), in UTC or in the reader's own time zone. */
function writtenOut(date: Date, zone: 'utc' | 'local'): string {
  return zone === 'utc'
    ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/**
 * Whether the reader's browser speaks US English, whose medium date style writtenOut() writes: the
 * browser's date format is then never asked for. Making it (Intl.DateTimeFormat) costs 60 to 70 ms
 * of Chromium's main thread the first time in a page on this project's machine (it loads the
 * locale's data), a long task on any phone; the Date's own getters, in the reader's time zone, cost
 * microseconds.
 */
function readsUsEnglish(): boolean {
  return typeof navigator !== 'undefined' && /^en(-US)?$/i.test(navigator.language);
}

let readerFormat: Intl.DateTimeFormat | undefined;

/**
 * Makes the reader's date format now, in a task of its own (main.tsx calls it while the page is
 * hydrating), rather than inside the render that first shows a date in it; nothing to make for a
 * reader of US English.
 */
export function prepareReaderDates(): Intl.DateTimeFormat | undefined {
  if (readsUsEnglish()) return undefined;
  // The reader's locale and time zone, in its medium style ("Nov 21, 2026", "21 Nov 2026"): the
  // month in words, so 11/12 is never read as the 11th of December.
  readerFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  return readerFormat;
}

/** An ISO date-time in the reader's own locale date format, in their time zone. */
export function formatDate(iso: string): string {
  const date = dateOf(iso);
  if (!date) return '';
  return prepareReaderDates()?.format(date) ?? writtenOut(date, 'local');
}

/**
 * The same date as the server writes it, the same for every reader: US English in its medium style
 * ("Nov 21, 2026"), in UTC. Written out rather than asked of Intl with a time zone: the first such
 * call loads the browser's time zone data, tens of milliseconds of a phone's main thread during
 * hydration.
 */
export function formatServerDate(iso: string, timeZone = 'UTC'): string {
  const date = dateOf(iso);
  if (!date) return '';
  if (timeZone === 'UTC') return writtenOut(date, 'utc');
  // The site's own time zone (its settings, issue 36): asked of Intl, whose cost the author chose.
  return siteFormat(timeZone, false)?.format(date) ?? writtenOut(date, 'utc');
}

/** The time to the minute as the server writes it: in UTC, or the site's time zone with its short name. */
export function formatServerTime(iso: string, timeZone = 'UTC'): string {
  if (timeZone === 'UTC') return `${iso.slice(11, 16)} UTC`;
  const date = dateOf(iso);
  const format = siteFormat(timeZone, true);
  return date && format ? format.format(date) : `${iso.slice(11, 16)} UTC`;
}

/**
 * Date and time to the minute in the site's time zone, with the zone's short name ("Nov 29, 2026,
 * 09:00 GMT+1"): what a rendered page shows before hydration, and every scheduled time the studio
 * shows, read in the same zone as the post editor's "Publish at" (kernel/zoned-time.ts).
 */
export function formatSiteDateTime(iso: string, timeZone = 'UTC'): string {
  return `${formatServerDate(iso, timeZone)}, ${formatServerTime(iso, timeZone)}`;
}

const siteFormats = new Map<string, Intl.DateTimeFormat | null>();

/** US English in the site's time zone, made once per zone; null for a zone this runtime lacks. */
function siteFormat(timeZone: string, time: boolean): Intl.DateTimeFormat | null {
  const key = `${timeZone}|${time}`;
  if (!siteFormats.has(key)) {
    let format: Intl.DateTimeFormat | null;
    try {
      format = new Intl.DateTimeFormat(
        'en-US',
        time
          ? { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }
          : { timeZone, dateStyle: 'medium' },
      );
    } catch {
      format = null;
    }
    siteFormats.set(key, format);
  }
  return siteFormats.get(key)!;
}

/** An ISO date-time as the author reads it: their locale's date and time, to the minute. */
export function formatDateTime(iso: string): string {
  return dateOf(iso)?.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) ?? '';
}
