// `npm run import:site -- <export file or folder> [--images <folder or zip>] [--category game|tv|book|anime]`:
// imports a WordPress (WXR) or Ghost (JSON) export, or a folder or zip of Markdown files, into this site (issue 39,
// docs/decisions/053-import-and-export.md). It asks nothing: source categories take their default
// mapping, and --category gives the posts left without one a category (otherwise they wait as
// drafts). A folder holds the export and its pictures (wp-content/uploads, content/images). It prints
// what it did, the warnings by item and the pictures it could not find. Running it twice imports
// nothing twice. package.json runs it with npm start's flags, --heap-growing-percent=25 and
// --expose-gc: the converter's DOM garbage otherwise let V8 grow the heap far past its live size
// between full collections (decision 053, issue 39 item 7); the first collects sooner, the second
// lets the import collect after each batch it wrote; neither lowers the heap's limit.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ContentChanges } from '../server/cache/content-changes.ts';
import { migrate } from '../server/db/migrate.ts';
import { AppError } from '../server/errors.ts';
import { ImageFiles } from '../server/modules/media/image-files.ts';
import { imageStorageOf } from '../server/modules/media/image-storage.ts';
import { ImageStore } from '../server/modules/media/image-store.ts';
import { ImportService, type ImportReport } from '../server/modules/import/import.service.ts';
import { openPictureSource } from '../server/modules/import/picture-source.ts';
import { withScriptDatabase } from './lib/script-database.ts';

const USAGE =
  'Usage: npm run import:site -- <export.xml | export.json | folder> [--images <folder or zip>] [--category game|tv|book|anime]';

function parseArgs(args: string[]): { file: string; images: string | null; category: string | null } | null {
  const positional: string[] = [];
  let images: string | null = null;
  let category: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--images' || arg === '--category') {
      const value = args[++i];
      if (!value) return null;
      if (arg === '--images') images = value;
      else category = value;
    } else if (arg.startsWith('--')) return null;
    else positional.push(arg);
  }
  return positional.length === 1 ? { file: positional[0]!, images, category } : null;
}

/**
 * A folder given as the export: the one .xml or .json in it, its pictures beside it; with none, the
 * folder is a tree of Markdown files (null).
 */
async function exportIn(folder: string): Promise<string | null> {
  const names = (await readdir(folder)).filter((name) => /\.(xml|json)$/i.test(name));
  if (names.length > 1) {
    throw new AppError('BAD_USER_INPUT', `Put one export (.xml or .json) in ${folder}, not ${names.length}`);
  }
  return names.length === 1 ? path.join(folder, names[0]!) : null;
}

const FORMAT_NAMES = { wordpress: 'WordPress', ghost: 'Ghost', markdown: 'Markdown' } as const;

export function describeReport(report: ImportReport): string[] {
  const { created } = report;
  const lines = [
    `Imported from ${FORMAT_NAMES[report.format]}: ${created.posts} posts, ${created.pages} pages, ${created.tags} new tags, ${created.pictures} pictures, ${created.redirects} redirects from the old addresses, ${created.comments} comments.`,
  ];
  if (report.alreadyImported > 0)
    lines.push(`${report.alreadyImported} items were here already (imported before, or the same page): skipped.`);
  if (report.comments > 0)
    lines.push(`${report.comments} comments were not imported (this site does not import comments yet).`);
  const mapped = report.categories.filter((category) => category.posts > 0);
  if (mapped.length > 0) {
    lines.push('Categories:');
    for (const category of mapped) lines.push(`  ${category.name} (${category.posts} posts) → ${category.target}`);
  }
  if (report.warnings.length > 0) {
    lines.push('Warnings:');
    for (const item of report.warnings) {
      lines.push(`  ${item.kind} “${item.title}”:`);
      for (const message of item.messages) lines.push(`    - ${message}`);
    }
  }
  if (report.unresolved.length > 0) {
    lines.push('Pictures not found:');
    for (const item of report.unresolved) {
      lines.push(`  “${item.title}”:`);
      for (const url of item.urls) lines.push(`    - ${url}`);
    }
  }
  return lines;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the project folder; a relative path means where the command was typed.
  const here = process.env.INIT_CWD ?? process.cwd();
  const given = path.resolve(here, args.file);
  return withScriptDatabase(async (config, db) => {
    try {
      const { warnings } = await migrate(db.sql);
      for (const warning of warnings) console.warn(`Warning: ${warning}`);
      const isFolder = await stat(given).then(
        (info) => info.isDirectory(),
        () => false,
      );
      const found = isFolder ? await exportIn(given) : given;
      // A Markdown folder or zip holds its own pictures: the service reads them from it.
      const file = found ?? given;
      const imagesAt = args.images ? path.resolve(here, args.images) : isFolder && found ? given : null;
      const pictures = imagesAt ? await openPictureSource(imagesAt) : undefined;
      const files = new ImageFiles(new ImageStore(imageStorageOf(config), config.maxUploadBytes), db, {
        variantsLater: config.variantsInBackground,
      });
      const service = new ImportService(db.prisma, files, new ContentChanges());
      try {
        const report = await service.run(file, {
          pictures,
          fallbackCategory: args.category,
          onProgress: (done, total) => {
            if (done % 500 === 0 || done === total) console.log(`  ${done} of ${total} written`);
          },
          // A full collection after each batch written (package.json gives --expose-gc): the heap
          // then keeps to what the import holds. Without it, the redirects' statements alone (30 000
          // rows for 10 000 posts) left 90 MB of garbage on top of the peak.
          afterBatch: () => (globalThis as { gc?: () => void }).gc?.(),
        });
        for (const line of describeReport(report)) console.log(line);
      } finally {
        await pictures?.close();
      }
      return 0;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      console.error(`Nothing was imported: ${error.message}`);
      return 1;
    }
  });
}

process.exit(await main());
