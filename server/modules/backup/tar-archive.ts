// A small, strict tar (POSIX ustar) writer and reader over gzip, for the site backup: regular files
// only, streamed, with every header checksum verified on the way back in. Node's zlib does the
// compression; no package is needed (docs/decisions/012-site-backup.md).
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

function writeText(block: Buffer, offset: number, length: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > length) throw new TarFormatError(`"${text}" does not fit in a tar header field`);
  bytes.copy(block, offset);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  writeText(block, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** A name longer than 100 bytes goes into ustar's 155-byte prefix, split at a '/'. */
function splitName(name: string): [prefix: string, name: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const [prefix, rest] = [name.slice(0, i), name.slice(i + 1)];
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new TarFormatError(`The path "${name}" is too long for a tar archive`);
}

function checksumOf(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

function fileHeader(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, shortName] = splitName(name);
  writeText(block, 0, 100, shortName);
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block[156] = 0x30; // '0': a regular file
  writeText(block, 257, 6, 'ustar\0');
  writeText(block, 263, 2, '00');
  writeText(block, 345, 155, prefix);
  writeText(block, 148, 8, `${checksumOf(block).toString(8).padStart(6, '0')}\0 `);
  return block;
}

export interface TarWriter {
  add(name: string, data: Uint8Array, mtime?: Date): Promise<void>;
  /** Ends the archive and waits until every byte is on disk. */
  close(): Promise<void>;
  /** Stops writing after a failure; the caller removes the file. */
  abort(): Promise<void>;
}

/** Writes a .tar.gz file, honouring back-pressure so an archive of any size streams through. */
export function createTarGzWriter(file: string): TarWriter {
  return tarGzWriterInto(createWriteStream(file));
}

/**
 * Writes a .tar.gz into any stream (a file, the body of a download), as fast as it is read; close()
 * waits until the stream has taken every byte, abort() destroys it.
 */
export function tarGzWriterInto(output: Writable): TarWriter {
  const gzip = createGzip();
  gzip.pipe(output);
  const done = finished(output);
  // Rejections are observed at close or abort; until then, do not let Node report them as unhandled.
  done.catch(() => {});

  const write = async (stream: Writable, chunk: Uint8Array) => {
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
  };
  return {
    async add(name, data, mtime = new Date()) {
      await write(gzip, fileHeader(name, data.byteLength, mtime));
      await write(gzip, data);
      const padding = (BLOCK - (data.byteLength % BLOCK)) % BLOCK;
      if (padding) await write(gzip, Buffer.alloc(padding));
    },
    async close() {
      gzip.end(END_OF_ARCHIVE);
      await done;
    },
    async abort() {
      gzip.destroy();
      output.destroy();
      await done.catch(() => {});
    },
  };
}

export interface TarEntry {
  name: string;
  data: Buffer;
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ChunkReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Exactly n bytes; null when the stream ended before any of them. */
  async read(n: number): Promise<Buffer | null> {
    while (this.buffered < n && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
    if (this.buffered === 0 && n > 0) return null;
    if (this.buffered < n) throw new TarFormatError('The archive is cut short');
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const result = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return result;
  }
}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readText(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('A tar header holds a number that is not octal');
  return Number.parseInt(text, 8);
}

/**
 * The regular files of a .tar.gz, in order. Anything else (links, devices, extended headers) is
 * refused rather than skipped: a backup this project wrote never holds one. An entry larger than
 * maxEntryBytes is refused before it is read.
 */
export async function* readTarGz(file: string, maxEntryBytes: number): AsyncGenerator<TarEntry> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  // pipe() does not pass on the file's own errors (a missing file): the reader must see them.
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const reader = new ChunkReader(gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  try {
    for (;;) {
      const header = await reader.read(BLOCK);
      if (!header) throw new TarFormatError('The archive ends without its end-of-archive marker: it is incomplete');
      if (header.every((byte) => byte === 0)) return;
      if (readText(header, 257, 6) !== 'ustar') throw new TarFormatError('Not a ustar tar archive');
      if (readOctal(header, 148, 8) !== checksumOf(header)) {
        throw new TarFormatError('A tar header is damaged (its checksum does not match)');
      }
      const prefix = readText(header, 345, 155);
      const name = prefix ? `${prefix}/${readText(header, 0, 100)}` : readText(header, 0, 100);
      const type = String.fromCharCode(header[156]!);
      const size = readOctal(header, 124, 12);
      if (type === '5') continue; // a folder: files carry their full paths
      if (type !== '0' && type !== '\0') throw new TarFormatError(`"${name}" is not a regular file`);
      if (size > maxEntryBytes) throw new TarFormatError(`"${name}" is larger than any file a backup holds`);
      const data = size ? await reader.read(size) : Buffer.alloc(0);
      if (!data) throw new TarFormatError('The archive is cut short');
      const padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (padding) await reader.read(padding);
      // Copied: the reader's chunk may be shared with the bytes that follow.
      yield { name, data: Buffer.from(data) };
    }
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}
