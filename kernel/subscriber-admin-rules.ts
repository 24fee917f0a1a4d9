// The studio's subscribers (issue 40, items 5 and 6): the list's page size, the CSV files' paths and
// limits, and the words shared by the server (which enforces every rule) and the screen.
// Design: docs/decisions/059-subscribers-in-the-studio.md.

export const ADMIN_SUBSCRIBERS_PATH = '/admin/subscribers';
/** The CSV of every subscriber, for the admin (a file, not a page). */
export const SUBSCRIBERS_CSV_PATH = '/api/subscribers.csv';
/** POST a CSV (`file`), with `apply=1` to import it; without, its preview. */
export const SUBSCRIBERS_IMPORT_PATH = '/api/subscribers/import';

export const SUBSCRIBERS_PAGE_SIZE = 50;
/** Larger than a 100 000-row Mailchimp export with its many columns; more is refused unread. */
export const SUBSCRIBERS_CSV_MAX_BYTES = 20 * 1024 * 1024;
export const SUBSCRIBERS_CSV_MAX_ROWS = 200_000;
/** The preview lists this many of the invalid rows (their count is always whole). */
export const SUBSCRIBERS_INVALID_SHOWN = 100;

// 'bounced': the receiving server refused the address for good (decision 058); later posts skip it.
export const SUBSCRIBER_STATUSES = ['confirmed', 'pending', 'unsubscribed', 'bounced'] as const;
export type SubscriberStatusName = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatusName, string> = {
  confirmed: 'Confirmed',
  pending: 'Waiting for confirmation',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced (address refused)',
};

/** The services a CSV can come from, told apart by their columns; 'csv' for any other. */
export type SubscriberCsvSource = 'ghost' | 'substack' | 'mailchimp' | 'csv';
export const SUBSCRIBER_CSV_SOURCE_LABELS: Record<SubscriberCsvSource, string> = {
  ghost: 'Ghost',
  substack: 'Substack',
  mailchimp: 'Mailchimp',
  csv: 'a CSV file',
};

/** The answer to a CSV sent to the import: its preview, or what it imported (applied). */
export interface SubscriberImportAnswer {
  source: SubscriberCsvSource;
  /** Addresses not here yet: imported (or, in a preview, to be). */
  added: number;
  /** Addresses here already, whatever their status (an unsubscribed one stays so), and repeats in the file. */
  alreadyHere: number;
  /** Rows the source marks unsubscribed: skipped. */
  unsubscribedInSource: number;
  invalidCount: number;
  /** The first invalid rows (SUBSCRIBERS_INVALID_SHOWN), with their line numbers. */
  invalid: Array<{ line: number; value: string }>;
  applied: boolean;
}

export const subscriberAdminMessages = {
  noFile: 'Choose a CSV file to import',
  tooLarge: `The file is too large (at most ${SUBSCRIBERS_CSV_MAX_BYTES / 1024 / 1024} MB)`,
  tooManyRows: `The file has too many rows (at most ${SUBSCRIBERS_CSV_MAX_ROWS.toLocaleString('en')})`,
  notCsv: 'This file is not a CSV (text with a header line and a row per subscriber)',
  unreadable: (line: number, reason: string) => `This CSV could not be read (line ${line}: ${reason})`,
  empty: 'This CSV has no rows after its header line',
  noEmailColumn: 'This CSV has no e-mail column: its header line needs one named "email", "Email Address" or "E-mail"',
  invalidAddress: 'Not a valid e-mail address',
  notFound: 'This subscriber does not exist (any more)',
  mailNotConfigured: 'E-mail is not set up (SMTP_URL): no test e-mail can be sent.',
  testSent: (to: string) => `A test e-mail is on its way to ${to}`,
} as const;
