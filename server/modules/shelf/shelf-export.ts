// The shelf as a file the author keeps (issue 41): CSV (the generic import's columns, so a file
// exported here imports back with the matching mapping) and JSON.
import { csvRow } from '#kernel/csv.ts';
import type { ShelfItemWithImage } from './shelf.service.ts';
import { SHELF_MAPPABLE_FIELDS } from './shelf-import.ts';

const date = (value: Date | null) => value?.toISOString().slice(0, 10) ?? '';

/** Every item's fields, covers named by their path below /uploads/ (the backup carries the files). */
function exported(item: ShelfItemWithImage) {
  return {
    id: item.sourceKey ?? item.id,
    title: item.title,
    kind: item.kind,
    status: item.status,
    creator: item.creator,
    year: item.year,
    rating: item.ratingHalves === null ? null : item.ratingHalves / 2,
    progress: item.progress,
    progressTotal: item.progressTotal,
    startedOn: date(item.startedOn) || null,
    finishedOn: date(item.finishedOn) || null,
    tags: item.tags,
    notes: item.notes,
    links: item.links as Array<{ label: string; url: string }>,
    slug: item.slug,
  };
}

/** The generic import's fields, in its order: a file exported here imports back mapped to itself. */
export const SHELF_CSV_COLUMNS = SHELF_MAPPABLE_FIELDS;

export function shelfCsv(items: readonly ShelfItemWithImage[]): string {
  const lines = [csvRow(SHELF_CSV_COLUMNS)];
  for (const item of items) {
    const row = exported(item);
    lines.push(
      csvRow(
        SHELF_CSV_COLUMNS.map((column) => {
          const value = row[column];
          return Array.isArray(value) ? value.join(', ') : value === null ? '' : String(value);
        }),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

export function shelfJson(items: readonly ShelfItemWithImage[]): string {
  return `${JSON.stringify({ items: items.map(exported) }, null, 2)}\n`;
}
