// Imports into the shelf (issue 41, docs/decisions/055) from the services people leave: a Goodreads
// library export (CSV), a MyAnimeList anime or manga list export (XML), and any CSV with a column
// mapping. Every import is previewed first (dryRun): each row says what it would do (create, update,
// skip and why). Each row carries where it came from (its source key: "goodreads:{Book Id}",
// "mal-anime:{id}"...), so importing the same file again updates those items instead of adding them
// twice. No network is assumed: items come without covers (the files carry none).
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import type { CategoryValue } from '#kernel/post-rules.ts';
import {
  isCalendarDate,
  SHELF_KIND_LABELS,
  SHELF_STATUS_LABELS,
  validateShelfFields,
  type ShelfStatusValue,
} from '#kernel/shelf-rules.ts';
import { slugify } from '#kernel/slug-rules.ts';
import { validationError } from '../../errors.ts';
import type { ShelfItemInput, ShelfService } from './shelf.service.ts';

export { SHELF_IMPORT_FORMATS, type ShelfImportFormat } from '#kernel/shelf-rules.ts';
import type { ShelfImportFormat } from '#kernel/shelf-rules.ts';

/** The fields a generic CSV's columns can be mapped to. */
export const SHELF_MAPPABLE_FIELDS = [
  'id',
  'title',
  'kind',
  'status',
  'creator',
  'year',
  'rating',
  'progress',
  'progressTotal',
  'startedOn',
  'finishedOn',
  'tags',
  'notes',
] as const;
export type ShelfMappableField = (typeof SHELF_MAPPABLE_FIELDS)[number];

export const importMessages = {
  unreadable: 'The file could not be read as this format',
  notGoodreads: 'This is not a Goodreads library export (it has no "Book Id" and "Exclusive Shelf" columns)',
  notMal: 'This is not a MyAnimeList export (no <myanimelist> with anime or manga entries)',
  mapping: 'Map a column to the title at least, and only to columns the file has',
  kind: 'Not a kind the shelf knows (game, anime, TV show, book)',
  status: 'Not a status the shelf knows',
  tooLarge: 'The file is too large (at most 5 MB)',
} as const;

const MAX_IMPORT_CHARS = 5 * 1024 * 1024;

export interface ImportRow {
  /** The line (CSV, of the row's first line) or the entry's number (XML). */
  line: number;
  sourceKey: string;
  input: ShelfItemInput;
}

export interface ImportRowReport {
  line: number;
  title: string;
  kind: string;
  status: string;
  action: 'create' | 'update' | 'skip';
  error: string | null;
}

export interface ImportResult {
  rows: ImportRowReport[];
  created: number;
  updated: number;
  skipped: number;
  applied: boolean;
}

/** Records of a CSV, each with the line it starts on; quoted fields may span lines. */
function csvRecords(text: string): Array<{ line: number; record: Record<string, string> }> {
  try {
    const records = parseCsv(text, {
      columns: (header: string[]) => header.map((name) => name.trim()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
    let line = 1;
    return records.map(({ record, info }) => {
      // info.lines is the line the record ends on: its start is the previous record's end + 1.
      const start = line + 1;
      line = info.lines;
      return { line: start, record };
    });
  } catch {
    throw validationError({ file: importMessages.unreadable });
  }
}

/** Goodreads writes ISBNs as Excel formulas so leading zeros survive: ="0441013597". */
export function goodreadsText(value: string | undefined): string {
  return (value ?? '').trim().replace(/^="(.*)"$/, '$1');
}

/** The services' dates as YYYY-MM-DD: 2019/03/15, 2019/3/5, 2019-03-15, 2019/03 (its first day); else null. */
export function importedDate(value: string | undefined): string | null {
  const match = /^(\d{4})[/-](\d{1,2})(?:[/-](\d{1,2}))?/.exec((value ?? '').trim());
  if (!match) return null;
  const date = `${match[1]}-${match[2]!.padStart(2, '0')}-${(match[3] ?? '1').padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

const wholeOrNull = (value: string | undefined): number | null => {
  const text = (value ?? '').trim();
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
};

/** Plain text with line breaks (a review) as the editor's paragraphs; HTML in it is kept for the sanitizer. */
function notesOf(text: string | undefined): string {
  const value = (text ?? '').trim();
  if (value === '') return '';
  return value
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

const GOODREADS_SHELVES: Record<string, ShelfStatusValue> = {
  read: 'finished',
  'currently-reading': 'in_progress',
  'to-read': 'planned',
  'on-hold': 'on_hold',
  paused: 'on_hold',
  'did-not-finish': 'dropped',
  dnf: 'dropped',
  abandoned: 'dropped',
};

export function goodreadsRows(text: string): ImportRow[] {
  const records = csvRecords(text);
  if (records.length > 0 && !('Book Id' in records[0]!.record && 'Exclusive Shelf' in records[0]!.record)) {
    throw validationError({ file: importMessages.notGoodreads });
  }
  return records.map(({ line, record }) => {
    const shelf = (record['Exclusive Shelf'] ?? '').trim();
    const status = GOODREADS_SHELVES[shelf] ?? 'planned';
    const pages = wholeOrNull(record['Number of Pages']);
    const rating = wholeOrNull(record['My Rating']);
    const shelves = (record['Bookshelves'] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && name !== shelf && !(name in GOODREADS_SHELVES));
    const isbn13 = goodreadsText(record['ISBN13']);
    const bookId = goodreadsText(record['Book Id']);
    return {
      line,
      sourceKey: `goodreads:${bookId}`,
      input: {
        kind: 'book',
        title: record['Title'] ?? '',
        creator: record['Author'] ?? '',
        year: wholeOrNull(record['Original Publication Year']) ?? wholeOrNull(record['Year Published']),
        status,
        progress: status === 'finished' && pages ? pages : 0,
        progressTotal: pages,
        rating,
        finishedOn: status === 'finished' ? importedDate(record['Date Read']) : null,
        startedOn: null,
        notes: notesOf(record['My Review']),
        tags: shelves,
        links: [
          { label: 'Goodreads', url: `https://www.goodreads.com/book/show/${encodeURIComponent(bookId)}` },
          ...(isbn13 ? [{ label: `ISBN ${isbn13}`, url: `https://openlibrary.org/isbn/${isbn13}` }] : []),
        ],
        keepDates: true,
      },
    };
  });
}

const MAL_STATUSES: Record<string, ShelfStatusValue> = {
  watching: 'in_progress',
  reading: 'in_progress',
  '1': 'in_progress',
  completed: 'finished',
  '2': 'finished',
  'on-hold': 'on_hold',
  '3': 'on_hold',
  dropped: 'dropped',
  '4': 'dropped',
  'plan to watch': 'planned',
  'plan to read': 'planned',
  '6': 'planned',
};

const malDate = (value: unknown): string | null => {
  const text = String(value ?? '').trim();
  return text.startsWith('0000') ? null : importedDate(text);
};

export function malRows(text: string): ImportRow[] {
  let document: { myanimelist?: { anime?: Array<Record<string, unknown>>; manga?: Array<Record<string, unknown>> } };
  try {
    const parser = new XMLParser({
      parseTagValue: false,
      trimValues: true,
      isArray: (name) => name === 'anime' || name === 'manga',
      processEntities: true,
    });
    document = parser.parse(text) as typeof document;
  } catch {
    throw validationError({ file: importMessages.unreadable });
  }
  const list = document.myanimelist;
  if (!list || (!list.anime && !list.manga)) throw validationError({ file: importMessages.notMal });
  const field = (entry: Record<string, unknown>, key: string) => String(entry[key] ?? '').trim();
  // The two lists differ in their elements' names only; manga are books here (the site's four
  // kinds), their progress counted in chapters.
  const lists = [
    {
      entries: list.anime ?? [],
      type: 'anime',
      kind: 'anime',
      prefix: 'series',
      id: 'series_animedb_id',
      done: 'my_watched_episodes',
      total: 'series_episodes',
    },
    {
      entries: list.manga ?? [],
      type: 'manga',
      kind: 'book',
      prefix: 'manga',
      id: 'manga_mangadb_id',
      done: 'my_read_chapters',
      total: 'manga_chapters',
    },
  ] as const;
  const rows: ImportRow[] = [];
  for (const own of lists) {
    for (const entry of own.entries) {
      const id = field(entry, own.id);
      rows.push(
        malRow(rows.length + 1, entry, {
          sourceKey: `mal-${own.type}:${id}`,
          kind: own.kind,
          title: field(entry, `${own.prefix}_title`),
          progress: field(entry, own.done),
          total: field(entry, own.total),
          link: `https://myanimelist.net/${own.type}/${encodeURIComponent(id)}`,
        }),
      );
    }
  }
  return rows;
}

function malRow(
  line: number,
  entry: Record<string, unknown>,
  own: { sourceKey: string; kind: CategoryValue; title: string; progress: string; total: string; link: string },
): ImportRow {
  const status =
    MAL_STATUSES[
      String(entry['my_status'] ?? '')
        .trim()
        .toLowerCase()
    ] ?? 'planned';
  const score = wholeOrNull(String(entry['my_score'] ?? ''));
  return {
    line,
    sourceKey: own.sourceKey,
    input: {
      kind: own.kind,
      title: own.title,
      status,
      progress: wholeOrNull(own.progress) ?? 0,
      progressTotal: wholeOrNull(own.total),
      // MAL scores 1 to 10: half stars.
      rating: score && score <= 10 ? score / 2 : null,
      startedOn: malDate(entry['my_start_date']),
      finishedOn: malDate(entry['my_finish_date']),
      notes: notesOf(String(entry['my_comments'] ?? '')),
      tags: String(entry['my_tags'] ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      links: [{ label: 'MyAnimeList', url: own.link }],
      keepDates: true,
    },
  };
}

/** A value as a spreadsheet may write it: the shelf's own (in_progress), or its label in any case (In progress). */
function knownValue<T extends string>(
  value: string,
  labels: Record<T, string>,
  aliases: Record<string, T> = {},
): T | null {
  const text = value.trim().toLowerCase();
  const own = text.replace(/[\s-]+/g, '_');
  if (own in labels) return own as T;
  const byLabel = (Object.entries(labels) as Array<[T, string]>).find(([, label]) => label.toLowerCase() === text);
  return byLabel?.[0] ?? aliases[text] ?? null;
}

const kindOf = (value: string) => knownValue<CategoryValue>(value, SHELF_KIND_LABELS, { tv: 'tv', show: 'tv' });
const statusOf = (value: string) => knownValue<ShelfStatusValue>(value, SHELF_STATUS_LABELS);

export function mappedRows(text: string, mapping: Partial<Record<ShelfMappableField, string>> | null): ImportRow[] {
  const records = csvRecords(text);
  const columns = new Set(Object.keys(records[0]?.record ?? {}));
  const used = Object.entries(mapping ?? {}).filter(([, column]) => column);
  if (
    !mapping?.title ||
    used.some(
      ([field, column]) =>
        !(SHELF_MAPPABLE_FIELDS as readonly string[]).includes(field) || (records.length > 0 && !columns.has(column!)),
    )
  ) {
    throw validationError({ mapping: importMessages.mapping });
  }
  const cell = (record: Record<string, string>, field: ShelfMappableField) =>
    mapping[field] ? (record[mapping[field]] ?? '').trim() : '';
  return records.map(({ line, record }) => {
    const title = cell(record, 'title');
    const kindText = cell(record, 'kind');
    const statusText = cell(record, 'status');
    const kind = kindText ? kindOf(kindText) : 'book';
    const status = statusText ? statusOf(statusText) : 'planned';
    const rating = cell(record, 'rating');
    const year = cell(record, 'year');
    const number = (field: ShelfMappableField) => (cell(record, field) === '' ? null : Number(cell(record, field)));
    const id = cell(record, 'id');
    return {
      line,
      sourceKey: `csv:${id || `${kind ?? kindText}:${slugify(title)}`}`,
      input: {
        // An unknown kind or status stays as typed: the row's check names it.
        kind: kind ?? `?${kindText}`,
        title,
        status: status ?? `?${statusText}`,
        creator: cell(record, 'creator'),
        year: year === '' ? null : Number(year),
        rating: rating === '' || Number(rating) === 0 ? null : Number(rating),
        progress: number('progress') ?? 0,
        progressTotal: number('progressTotal'),
        startedOn: cell(record, 'startedOn')
          ? (importedDate(cell(record, 'startedOn')) ?? cell(record, 'startedOn'))
          : null,
        finishedOn: cell(record, 'finishedOn')
          ? (importedDate(cell(record, 'finishedOn')) ?? cell(record, 'finishedOn'))
          : null,
        tags: cell(record, 'tags')
          .split(/[,;]/)
          .map((tag) => tag.trim())
          .filter(Boolean),
        notes: notesOf(cell(record, 'notes')),
        keepDates: true,
      },
    };
  });
}

/** The first problem of a row's fields, in words, or null. */
function rowError(input: ShelfItemInput): string | null {
  if (typeof input.kind === 'string' && input.kind.startsWith('?')) return importMessages.kind;
  if (typeof input.status === 'string' && input.status.startsWith('?')) return importMessages.status;
  const errors = validateShelfFields(input);
  const [field, message] = Object.entries(errors)[0] ?? [];
  return field ? `${field}: ${message}` : null;
}

/**
 * Reads the file, checks every row, and (unless dryRun) creates or updates the good ones; a row that
 * cannot be stored is skipped with its reason, and the others are imported. Importing the same file
 * twice changes nothing the second time but what was edited since.
 */
export async function importShelf(
  shelf: ShelfService,
  {
    format,
    text,
    dryRun,
    mapping,
  }: { format: ShelfImportFormat; text: string; dryRun: boolean; mapping: Record<string, string> | null },
): Promise<ImportResult> {
  if (text.length > MAX_IMPORT_CHARS) throw validationError({ file: importMessages.tooLarge });
  const rows =
    format === 'goodreads' ? goodreadsRows(text) : format === 'myanimelist' ? malRows(text) : mappedRows(text, mapping);
  const known = await shelf.knownSources(rows.map((row) => row.sourceKey));
  const seen = new Set<string>();
  const result: ImportResult = { rows: [], created: 0, updated: 0, skipped: 0, applied: !dryRun };
  for (const row of rows) {
    const error = rowError(row.input);
    const action: ImportRowReport['action'] = error
      ? 'skip'
      : known.has(row.sourceKey) || seen.has(row.sourceKey)
        ? 'update'
        : 'create';
    seen.add(row.sourceKey);
    result.rows.push({
      line: row.line,
      title: row.input.title ?? '',
      kind: row.input.kind ?? '',
      status: row.input.status ?? '',
      action,
      error,
    });
    if (action === 'skip') {
      result.skipped++;
      continue;
    }
    if (!dryRun) await shelf.upsertImported(row.sourceKey, row.input);
    if (action === 'create') result.created++;
    else result.updated++;
  }
  return result;
}
