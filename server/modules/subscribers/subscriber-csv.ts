// A list of subscribers exported from Ghost, Substack, Mailchimp or any CSV with an e-mail column
// (issue 40, item 5), read into rows to import: the address column found by its header, the rows
// the source marks unsubscribed set aside, invalid addresses kept with their line numbers.
// Design: docs/decisions/059-subscribers-in-the-studio.md.
import { parse as parseCsv } from 'csv-parse/sync';
import {
  SUBSCRIBERS_CSV_MAX_BYTES,
  SUBSCRIBERS_CSV_MAX_ROWS,
  subscriberAdminMessages,
  type SubscriberCsvSource,
} from '#kernel/subscriber-admin-rules.ts';
import { isValidEmail, normalizeEmail } from '#kernel/user-rules.ts';
import { AppError } from '../../errors.ts';

export interface CsvSubscriber {
  email: string;
  /** When they subscribed there, when the file says so. */
  since: Date | null;
}

export interface ReadCsv {
  source: SubscriberCsvSource;
  /** Valid addresses the source still sends to, each once, in the file's order. */
  subscribers: CsvSubscriber[];
  /** Rows whose address is missing or not valid: their line in the file and what the cell held. */
  invalid: Array<{ line: number; value: string }>;
  /** Rows the source marks as unsubscribed (or cleaned, or with e-mails turned off): never imported. */
  unsubscribedInSource: number;
  /** Rows whose address came earlier in the file. */
  repeated: number;
}

/** A header reduced to its letters and digits, lower case: "Email Address" → "emailaddress". */
const key = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const EMAIL_HEADERS = ['email', 'emailaddress', 'mail', 'subscriberemail'];

/** Each source's columns that say a row is unsubscribed there, and the values that mean it. */
const UNSUBSCRIBED: Array<{ header: string; means: (value: string) => boolean }> = [
  // Ghost: subscribed_to_emails is false for a member who turned e-mails off.
  { header: 'subscribedtoemails', means: (value) => /^(false|0|no)$/i.test(value) },
  // Substack: email_disabled is true for a reader who unsubscribed from the e-mails.
  { header: 'emaildisabled', means: (value) => /^(true|1|yes)$/i.test(value) },
  // Mailchimp's unsubscribed and cleaned exports: the time it happened.
  { header: 'unsubtime', means: (value) => value !== '' },
  { header: 'cleantime', means: (value) => value !== '' },
  // Any CSV with a status column.
  { header: 'status', means: (value) => /^(unsubscribed|cleaned|bounced|inactive)$/i.test(value) },
];

/** Where each source writes when the subscription started. */
const SINCE_HEADERS = ['createdat', 'optintime', 'confirmtime', 'subscribedat', 'created'];

function sourceOf(headers: ReadonlySet<string>): SubscriberCsvSource {
  if (headers.has('subscribedtoemails')) return 'ghost';
  if (headers.has('emaildisabled') || headers.has('activesubscription')) return 'substack';
  if (headers.has('emailaddress') && (headers.has('optintime') || headers.has('memberrating'))) return 'mailchimp';
  return 'csv';
}

function dateOf(value: string | undefined, now: number): Date | null {
  if (!value?.trim()) return null;
  const date = new Date(value.trim().replace(/^(\d{4}-\d\d-\d\d) (\d)/, '$1T$2'));
  // A date in the future or before e-mail newsletters is the file's mistake: the import's time stands.
  return Number.isNaN(date.getTime()) || date.getTime() > now || date.getFullYear() < 1990 ? null : date;
}

/** The file read, or an error that says why it cannot be (nothing is written either way). */
export function readSubscriberCsv(bytes: Uint8Array, now = Date.now()): ReadCsv {
  if (bytes.byteLength > SUBSCRIBERS_CSV_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', subscriberAdminMessages.tooLarge);
  }
  // A NUL byte or text that is not UTF-8 is a spreadsheet, a zip or a picture, not a CSV.
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('BAD_USER_INPUT', subscriberAdminMessages.notCsv);
  }
  if (text.includes('\0') || text.trim() === '') throw new AppError('BAD_USER_INPUT', subscriberAdminMessages.notCsv);

  // A spreadsheet saved where the decimal mark is a comma writes semicolons (or tabs): the header
  // line, which names columns and holds no data, says which.
  const headerLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]!;
  const delimiter = [',', ';', '\t'].reduce((best, next) =>
    headerLine.split(next).length > headerLine.split(best).length ? next : best,
  );
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parseCsv(text, {
      delimiter,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      to: SUBSCRIBERS_CSV_MAX_ROWS + 2,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    const reason = (error as Error).message.replace(/^Invalid [^:]*:\s*/, '').replace(/\.$/, '');
    throw new AppError('BAD_USER_INPUT', subscriberAdminMessages.unreadable(line, reason));
  }
  if (records.length > SUBSCRIBERS_CSV_MAX_ROWS + 1) {
    throw new AppError('PAYLOAD_TOO_LARGE', subscriberAdminMessages.tooManyRows);
  }
  const [header, ...rows] = records;
  const keys = (header?.record ?? []).map(key);
  const emailColumn = EMAIL_HEADERS.map((name) => keys.indexOf(name)).find((index) => index >= 0);
  if (emailColumn === undefined) throw new AppError('BAD_USER_INPUT', subscriberAdminMessages.noEmailColumn);
  if (rows.length === 0) throw new AppError('BAD_USER_INPUT', subscriberAdminMessages.empty);

  const unsubscribedColumns = UNSUBSCRIBED.map(({ header: name, means }) => ({
    index: keys.indexOf(name),
    means,
  })).filter(({ index }) => index >= 0);
  const sinceColumn = SINCE_HEADERS.map((name) => keys.indexOf(name)).find((index) => index >= 0);
  const read: ReadCsv = {
    source: sourceOf(new Set(keys)),
    subscribers: [],
    invalid: [],
    unsubscribedInSource: 0,
    repeated: 0,
  };
  const seen = new Set<string>();
  let previousEnd = header!.info.lines;
  for (const { record, info } of rows) {
    // info.lines is the line the record ends on: it starts after the previous one's end.
    const line = previousEnd + 1;
    previousEnd = info.lines;
    const cell = (index: number) => (record[index] ?? '').trim();
    if (unsubscribedColumns.some(({ index, means }) => means(cell(index)))) {
      read.unsubscribedInSource += 1;
      continue;
    }
    const email = normalizeEmail(cell(emailColumn));
    if (!isValidEmail(email)) {
      read.invalid.push({ line, value: cell(emailColumn) });
    } else if (seen.has(email)) {
      read.repeated += 1;
    } else {
      seen.add(email);
      read.subscribers.push({ email, since: sinceColumn === undefined ? null : dateOf(cell(sinceColumn), now) });
    }
  }
  return read;
}

/** A CSV cell: quoted when it must be, and a formula's first character made harmless for spreadsheets. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
