// Image bytes that the upload rules must catch: a header that lies about the size, noise that does
// not compress, a photo carrying EXIF data. Made here, so no binary fixture lives in the repository.
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, valid-looking PNG whose header claims width x height pixels (a decompression bomb's shape). */
export function pngClaiming(width: number, height: number): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(png);
}

/** A PNG of random pixels: it barely compresses, so its size in bytes is about width x height x 3. */
export async function noisePng(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const pixels = randomBytes(width * height * 3);
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/** A JPEG stored sideways with EXIF orientation 6 (turn a quarter) and a copyright notice. */
export async function sidewaysJpegWithExif(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: 'Secret Owner', Artist: 'Somebody' } })
    .toBuffer();
  return new Uint8Array(jpeg);
}
