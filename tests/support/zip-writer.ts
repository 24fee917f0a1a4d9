// A minimal zip writer for tests that need zips no archiver would make: an entry named ../x, or one
// that unpacks to far more than it weighs (a zip bomb). Stored or deflated entries, no zip64.
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Deflate the data (a bomb: zeros compress some 1000 to 1). */
  deflate?: boolean;
}

export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const crc = crc32(entry.data);
    const method = entry.deflate ? 8 : 0;
    // The fields both headers share (version, UTF-8 names, method, CRC, sizes, name length), at
    // their offsets in the local header and in the central directory's.
    const header = (signature: number, size: number, at: number) => {
      const buffer = Buffer.alloc(size);
      buffer.writeUInt32LE(signature, 0);
      buffer.writeUInt16LE(20, at - 2);
      buffer.writeUInt16LE(0x800, at);
      buffer.writeUInt16LE(method, at + 2);
      buffer.writeUInt32LE(crc, at + 8);
      buffer.writeUInt32LE(body.length, at + 12);
      buffer.writeUInt32LE(entry.data.length, at + 16);
      buffer.writeUInt16LE(name.length, at + 20);
      return buffer;
    };
    const local = header(0x04034b50, 30, 6);
    const central = header(0x02014b50, 46, 8);
    central.writeUInt16LE(20, 4);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
