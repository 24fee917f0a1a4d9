// `npm run import:shelf -- <file> [--apply]` (issue 41): imports a Goodreads library export (CSV), a
// MyAnimeList anime or manga export (XML), or a CSV the shelf exported (its own columns) into the
// shelf, with the server stopped (the embedded database is the running server's alone; the studio's
// import works while it runs). Without --apply it only shows what it would do, as the studio's preview.
import { readFile } from 'node:fs/promises';
import { ContentChanges } from '../server/cache/content-changes.ts';
import { createServices } from '../server/services.ts';
import { SHELF_CSV_COLUMNS } from '../server/modules/shelf/shelf-export.ts';
import { importShelf, type ShelfImportFormat } from '../server/modules/shelf/shelf-import.ts';
import { AppError } from '../server/errors.ts';
import { BackupError } from '../server/modules/backup/site-backup.ts';
import { runBackupCommand } from './lib/backup-cli.ts';

const USAGE = 'Usage: npm run import:shelf -- <goodreads.csv | animelist.xml | shelf.csv> [--apply]';

const code = await runBackupCommand(
  process.argv.slice(2),
  { usage: USAGE, flags: ['--apply'] },
  async (context, flags) => {
    const text = await readFile(context.archivePath, 'utf8');
    const firstLine = text.slice(0, text.indexOf('\n')).replace(/^\uFEFF/, '');
    const format: ShelfImportFormat = text.trimStart().startsWith('<')
      ? 'myanimelist'
      : firstLine.includes('Book Id') && firstLine.includes('Exclusive Shelf')
        ? 'goodreads'
        : 'csv';
    const services = createServices(context.db, context.config, new ContentChanges(false));
    const apply = flags.has('--apply');
    try {
      const result = await importShelf(services.shelf, {
        format,
        text,
        dryRun: !apply,
        // A CSV the shelf exported: its columns are the fields' own names.
        mapping: format === 'csv' ? Object.fromEntries(SHELF_CSV_COLUMNS.map((column) => [column, column])) : null,
      });
      for (const row of result.rows) {
        console.log(`line ${row.line}: ${row.action} ${row.title}${row.error ? ` (${row.error})` : ''}`);
      }
      console.log(
        `${apply ? 'Imported' : 'Would import'} from ${format}: ${result.created} new, ${result.updated} updated, ${result.skipped} skipped.`,
      );
      if (!apply) console.log('Nothing was changed: add --apply to import.');
    } catch (error) {
      // A refused file (its message is the field error's): one clear line, as the backup's refusals.
      if (error instanceof AppError) throw new BackupError(error.message);
      throw error;
    }
  },
);
process.exit(code);
