// The pictures given with an export: a folder or a zip (WordPress's wp-content/uploads, Ghost's
// content/images), matched to the addresses the posts name by the end of their path
// (https://old.example/wp-content/uploads/2024/05/a.jpg finds 2024/05/a.jpg in the folder, or
// wp-content/uploads/2024/05/a.jpg). A zip is read with yauzl, which refuses entries outside the zip's
// folder (`../`, absolute paths); sizes are checked before anything is unpacked (zip bombs), and
// again while reading, since a zip's declared sizes can lie.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';
import { ZIP_MAX_ENTRIES, ZIP_MAX_RATIO, ZIP_MAX_TOTAL_BYTES } from '#kernel/import-rules.ts';
import { ImportError, importMessages } from './import-errors.ts';

export interface PictureFile {
  /** Its path in the folder or zip, with "/" (for messages). */
  path: string;
  bytes: Uint8Array;
}

export interface PictureSource {
  /** Every file's path in the folder or zip, with "/". */
  paths(): string[];
  /** One file by its path there (a Markdown file of a folder being imported). */
  read(relative: string, maxBytes: number): Promise<Uint8Array>;
  /** Whether an address names one of the pictures (nothing is read). */
  has(url: string): boolean;
  /** The picture an address names, or null when none matches; `maxBytes`: larger ones are refused. */
  find(url: string, maxBytes: number): Promise<PictureFile | null>;
  close(): Promise<void>;
}

/** The relative path an address names, as candidates from longest to shortest. */
export function pathCandidates(url: string): string[] {
  let pathname: string;
  try {
    pathname = new URL(url.replace(/^__GHOST_URL__/, 'http://ghost.invalid'), 'http://old.invalid').pathname;
  } catch {
    return [];
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  // Ghost's resized copies (content/images/size/w600/...) stand for the picture itself.
  const segments = decoded
    .replace(/\/size\/w\d+(?:h\d+)?\//, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  const candidates: string[] = [];
  for (let start = 0; start < segments.length; start++) candidates.push(segments.slice(start).join('/'));
  // WordPress's resized copies (a-300x200.jpg) stand for the original when only it was given.
  const unsized = candidates.map((candidate) => candidate.replace(/-\d+x\d+(\.[a-z0-9]+)$/i, '$1'));
  return [...candidates, ...unsized.filter((candidate, i) => candidate !== candidates[i])];
}

function matchIn(index: ReadonlyMap<string, string>, url: string): string | null {
  for (const candidate of pathCandidates(url)) {
    const found = index.get(candidate.toLowerCase());
    if (found !== undefined) return found;
  }
  return null;
}

/**
 * Every tail of each path (a/b/c.jpg, b/c.jpg, c.jpg), lower-cased for matching, to the path: a
 * whole path wins over another's tail.
 */
function tailIndex(paths: Iterable<string>): Map<string, string> {
  const index = new Map<string, string>();
  for (const relative of paths) {
    const parts = relative.split('/');
    for (let start = 0; start < parts.length; start++) {
      const key = parts.slice(start).join('/').toLowerCase();
      if (!index.has(key) || start === 0) index.set(key, relative);
    }
  }
  return index;
}

/** Every file under the folder, by its path relative to it. */
async function folderIndex(root: string): Promise<Map<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return tailIndex(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')),
  );
}

/** Reads one file of the folder or zip by its path there, refusing one larger than maxBytes. */
type FileReader = (relative: string, maxBytes: number) => Promise<Uint8Array>;

function tooLarge(relative: string, maxBytes: number): ImportError {
  return new ImportError(
    importMessages.notAPicture(relative, `larger than ${Math.round(maxBytes / 1024 / 1024)} MB`),
    413,
  );
}

/** Pictures found through an index of their paths, read by `read`. */
class IndexedSource implements PictureSource {
  constructor(
    private readonly index: Map<string, string>,
    readonly read: FileReader,
    readonly close: () => Promise<void> = async () => {},
  ) {}

  paths(): string[] {
    return [...new Set(this.index.values())];
  }

  has(url: string): boolean {
    return matchIn(this.index, url) !== null;
  }

  async find(url: string, maxBytes: number): Promise<PictureFile | null> {
    const relative = matchIn(this.index, url);
    return relative === null ? null : { path: relative, bytes: await this.read(relative, maxBytes) };
  }
}

function folderReader(root: string): FileReader {
  return async (relative, maxBytes) => {
    const full = path.join(root, relative);
    if ((await stat(full)).size > maxBytes) throw tooLarge(relative, maxBytes);
    return readFile(full);
  };
}

function zipReader(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>): FileReader {
  return async (name, maxBytes) => {
    const entry = entries.get(name)!;
    if (entry.uncompressedSize > maxBytes) throw tooLarge(name, maxBytes);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
      );
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        // The declared size may lie: what is read is counted too.
        if (size > maxBytes) throw tooLarge(name, maxBytes);
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new ImportError(importMessages.zipUnreadable(error instanceof Error ? error.message : String(error)));
    }
    return Buffer.concat(chunks);
  };
}

/** Opens a zip and lists its entries, refusing unsafe names and sizes before unpacking anything. */
export async function openZip(file: string): Promise<{ zip: yauzl.ZipFile; entries: Map<string, yauzl.Entry> }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, opened) =>
      error ? reject(zipError(error)) : resolve(opened),
    ),
  );
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) => reject(zipError(error)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) {
          total += entry.uncompressedSize;
          const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
          if (
            entries.size >= ZIP_MAX_ENTRIES ||
            total > ZIP_MAX_TOTAL_BYTES ||
            (entry.uncompressedSize > 1024 * 1024 && ratio > ZIP_MAX_RATIO)
          ) {
            reject(new ImportError(importMessages.zipTooLarge, 413));
            return;
          }
          entries.set(entry.fileName, entry);
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  return { zip, entries };
}

function zipError(error: Error): ImportError {
  const unsafe = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(error.message);
  if (unsafe) return new ImportError(importMessages.zipUnsafePath(unsafe[2]!));
  return new ImportError(importMessages.zipUnreadable(error.message));
}

/** The pictures in a folder or a zip. */
export async function openPictureSource(location: string): Promise<PictureSource> {
  let info;
  try {
    info = await stat(location);
  } catch {
    throw new ImportError(importMessages.notFound(location), 404);
  }
  if (info.isDirectory()) return new IndexedSource(await folderIndex(location), folderReader(location));
  const { zip, entries } = await openZip(location);
  return new IndexedSource(tailIndex(entries.keys()), zipReader(zip, entries), async () => zip.close());
}

/** No pictures given: nothing matches. */
export const NO_PICTURES: PictureSource = {
  paths: () => [],
  read: async () => new Uint8Array(),
  has: () => false,
  find: async () => null,
  close: async () => {},
};
