function dateOf(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An ISO date-time in the reader's own locale date format. */
export function formatDate(iso: string): string {
  return dateOf(iso)?.toLocaleDateString() ?? '';
}

/** The same date as the server writes it, the same for every reader: US English, in UTC. */
export function formatServerDate(iso: string): string {
  return dateOf(iso)?.toLocaleDateString('en-US', { timeZone: 'UTC' }) ?? '';
}

/** An ISO date-time as the author reads it: their locale's date and time, to the minute. */
export function formatDateTime(iso: string): string {
  return dateOf(iso)?.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) ?? '';
}
