// The rules of an import (issue 39, docs/decisions/053-import-and-export.md): its limits, its
// messages, and the default mapping of a source's categories to the site's four categories or to
// tags, which the studio's preview shows and the author may change. Pure: no Node imports.
import { CATEGORIES, type CategoryValue } from './post-rules.ts';

/** Largest export file read (a WordPress export of 10 000 posts is some 60 MB). */
export const IMPORT_FILE_MAX_BYTES = 512 * 1024 * 1024;
/** A Ghost export is read whole (it is one JSON document): kept smaller. */
export const IMPORT_JSON_MAX_BYTES = 128 * 1024 * 1024;
/** A zip of pictures: at most this many entries, this much once unpacked, and no entry packed tighter than this. */
export const ZIP_MAX_ENTRIES = 20_000;
export const ZIP_MAX_TOTAL_BYTES = 4 * 1024 * 1024 * 1024;
export const ZIP_MAX_RATIO = 200;

/** What a source category becomes: one of the four categories, a tag, or nothing. */
export type CategoryTarget = CategoryValue | 'tag' | 'skip';

export function isCategoryTarget(value: string): value is CategoryTarget {
  return value === 'tag' || value === 'skip' || (CATEGORIES as readonly string[]).includes(value);
}

// Words a blog's own category is likely named by, for each of the four (slug form).
const CATEGORY_WORDS: Record<CategoryValue, RegExp> = {
  game: /^(video-?)?games?$|^gaming$/,
  anime: /^anime$|^manga$/,
  tv: /^tv(-shows?|-series)?$|^television$|^series$|^shows?$/,
  book: /^books?$|^reading$|^literature$/,
};

/** The default target of a source category by its slug or name: a matching category, WordPress's Uncategorized nothing, else a tag. */
export function defaultCategoryTarget(term: { slug: string; name: string }): CategoryTarget {
  for (const text of [term.slug, term.name]) {
    const words = text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    if (words === 'uncategorized' || words === 'uncategorised') return 'skip';
    for (const category of CATEGORIES) if (CATEGORY_WORDS[category].test(words)) return category;
  }
  return 'tag';
}

export const importMessages = {
  notAnExport:
    'This file is not an export this site can read: give a WordPress export (.xml) or a Ghost export (.json)',
  malformedXml: (detail: string) => `The WordPress export is not well-formed XML: ${detail}`,
  malformedJson: (detail: string) => `The Ghost export is not valid JSON: ${detail}`,
  tooLarge: (maxMb: number) => `The export is larger than ${maxMb} MB: it cannot be imported`,
  notFound: (file: string) => `No file or folder at ${file}`,
  zipUnsafePath: (name: string) => `The zip holds an entry outside its folder (${name}): it was refused`,
  zipTooLarge: 'The zip unpacks to more than this site accepts (a zip bomb?): it was refused',
  zipUnreadable: (detail: string) => `The zip cannot be read: ${detail}`,
  notAPicture: (path: string, detail: string) => `${path} is not a picture this site can store: ${detail}`,
  pictureMissing: (url: string) => `Picture not found in the given pictures: ${url}`,
  frontMatter: (file: string, detail: string) => `The front matter of ${file} cannot be read: ${detail}`,
  mapping: 'Map each category to one of the four categories, to a tag, or to nothing',
  uploadTooLarge: (maxMb: number) =>
    `The files are larger than ${maxMb} MB together: import them with npm run import:site`,
  noExport: 'Choose the export file: a WordPress export (.xml), a Ghost export (.json) or a zip of Markdown files',
  picturesNotZip: 'The pictures must be given as one zip file',
  jobNotFound: 'There is no such import (the server may have restarted): choose the files again',
  jobStarted: 'This import has already started',
  jobFinished: 'This import has already finished',
  cancelled: 'The import was cancelled: nothing was written',
} as const;

/** The studio's upload (the export and its pictures' zip together): held in memory while received. */
export const IMPORT_UPLOAD_MAX_BYTES = 256 * 1024 * 1024;

/** Where an import started from the studio stands (the studio's progress, GET /api/import/{id}). */
export type ImportJobState = 'previewed' | 'running' | 'done' | 'failed' | 'cancelled';

// What an import would do and did: the service's answer (server/modules/import/import.service.ts),
// which the studio's screen shows as it is.
export interface CategoryMapping {
  slug: string;
  name: string;
  target: CategoryTarget;
  /** How many of the export's posts it is given to. */
  posts: number;
}

export interface ItemNotes {
  /** The item's title (as the export has it) and kind. */
  title: string;
  kind: 'post' | 'page';
  messages: string[];
}

export interface ImportPreview {
  format: 'wordpress' | 'ghost' | 'markdown';
  posts: number;
  pages: number;
  tags: number;
  pictures: number;
  comments: number;
  /** Items an earlier import of this export brought in already, and pages here already: skipped. */
  alreadyImported: number;
  categories: CategoryMapping[];
  /** Slugs the export's items have that posts or pages here have already (they get another). */
  existingSlugs: string[];
  warnings: ItemNotes[];
  /** Pictures not found in the given folder or zip, by item. */
  unresolved: Array<{ title: string; urls: string[] }>;
}

export interface ImportReport extends ImportPreview {
  created: { posts: number; pages: number; tags: number; pictures: number; redirects: number; comments: number };
}
