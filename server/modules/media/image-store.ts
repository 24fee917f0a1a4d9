// Turns uploaded bytes into stored images: the type is judged from the bytes, the size and pixel
// count are checked before anything is decoded, and the picture is re-encoded into WebP variants
// (metadata stripped, never upscaled) under server-generated names. What is written when, and how a
// crash is recovered from, is image-files.ts's business.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { uploadPath } from '#kernel/content-pictures.ts';
import { ACCEPTED_IMAGE_TYPES, imageMessages, MAX_IMAGE_PIXELS } from '#kernel/image-rules.ts';

/**
 * Widths of the WebP variants; an image narrower than one gets its own width as the largest. 720
 * is for phones: a card or a post's picture spans about 370 CSS pixels there, 650 to 750 device
 * pixels at the usual densities, which 480 does not fill and 960 fills with a third to spare.
 */
export const VARIANT_WIDTHS = [480, 720, 960, 1600] as const;
const WEBP_QUALITY = 80;

// Re-encoding is the heaviest work the server does, and libvips would spread each image over every
// core. On a small machine the readers must keep a core: one thread per image, and at most one image
// at a time per core beyond the first (so one at a time on 2 cores). Uploads wait their turn; pages
// stay fast while the author uploads.
sharp.concurrency(1);
const encoding = pLimit(Math.max(1, availableParallelism() - 1));

export type ImageRejection = 'type' | 'tooLarge' | 'tooManyPixels' | 'unreadable';

export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  constructor(
    readonly reason: ImageRejection,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The disk refused to store an image (full, not writable, gone): the server's failure, not the
 * image's. `cause` is the file system's error.
 */
export class ImageStorageError extends Error {
  override name = 'ImageStorageError';
  constructor(uploadsDir: string, cause: unknown) {
    super(`Could not write image files in ${uploadsDir}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }

  /** The disk or the owner's quota is full. */
  get diskFull(): boolean {
    const code = (this.cause as NodeJS.ErrnoException | undefined)?.code;
    return code === 'ENOSPC' || code === 'EDQUOT';
  }
}

/** What the Image row records about a stored image. */
export interface StoredImage {
  storageKey: string;
  mimeType: 'image/webp';
  width: number;
  height: number;
  variantWidths: number[];
}

/** An image re-encoded in memory, not written yet. */
export interface EncodedImage {
  image: StoredImage;
  /** The WebP bytes of each variant, in the order of image.variantWidths. */
  variants: Buffer[];
}

/** Removes a file; one that is not there (nor its folder) is already removed. */
async function removeFile(file: string): Promise<void> {
  try {
    await rm(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
}

/** The name a variant is written under before it is complete. */
const temporaryName = (file: string) => `${file}.tmp`;

export function variantWidthsFor(width: number): number[] {
  const largest = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!);
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < largest);
  widths.push(largest);
  return widths;
}

export class ImageStore {
  constructor(
    readonly uploadsDir: string,
    readonly maxBytes: number,
  ) {}

  /** Relative path of one variant, also its URL below /uploads/. Two-level so no folder grows huge. */
  static relativePath(storageKey: string, width: number): string {
    return ImageStore.url(storageKey, width).slice('/uploads/'.length);
  }

  /** The rule is the kernel's: a post's content names its pictures by these addresses. */
  static url(storageKey: string, width: number): string {
    return uploadPath(storageKey, width);
  }

  /** The largest file of an image: the one a page's og:image, a feed or the sitemap names. */
  static largestPath(image: Pick<StoredImage, 'storageKey' | 'variantWidths' | 'width'>): string {
    return ImageStore.relativePath(image.storageKey, image.variantWidths.at(-1) ?? image.width);
  }

  static largestUrl(image: Pick<StoredImage, 'storageKey' | 'variantWidths' | 'width'>): string {
    return `/uploads/${ImageStore.largestPath(image)}`;
  }

  static srcset(image: Pick<StoredImage, 'storageKey' | 'variantWidths'>): string {
    return image.variantWidths.map((w) => `${ImageStore.url(image.storageKey, w)} ${w}w`).join(', ');
  }

  /** The bytes of one stored file, named as relativePath() names it. */
  async read(relativePath: string): Promise<Buffer> {
    return readFile(path.join(this.uploadsDir, relativePath));
  }

  /** Checks the bytes; throws ImageRejectedError with the user-facing message when they are refused. */
  async inspect(bytes: Uint8Array): Promise<{ width: number; height: number }> {
    if (bytes.byteLength > this.maxBytes) {
      throw new ImageRejectedError('tooLarge', imageMessages.tooLarge(Math.round(this.maxBytes / 1024 / 1024)));
    }
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
      throw new ImageRejectedError('type', imageMessages.type);
    }
    let metadata: Metadata;
    try {
      // Reads the header only: nothing is decoded yet. sharp's own pixel limit is lifted for this read
      // so that a giant picture is reported as too many pixels (below), not as unreadable.
      metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw new ImageRejectedError('unreadable', imageMessages.unreadable);
    }
    const { width, height } = metadata;
    if (!width || !height) throw new ImageRejectedError('unreadable', imageMessages.unreadable);
    if (width * height > MAX_IMAGE_PIXELS) throw new ImageRejectedError('tooManyPixels', imageMessages.tooManyPixels);
    // EXIF orientations 5 to 8 turn the picture a quarter: what readers see has width and height swapped.
    const turned = (metadata.orientation ?? 1) >= 5;
    return turned ? { width: height, height: width } : { width, height };
  }

  /** Checks and re-encodes the bytes; nothing is written yet. */
  async encode(bytes: Uint8Array): Promise<EncodedImage> {
    const { width, height } = await this.inspect(bytes);
    const variantWidths = variantWidthsFor(width);
    const variants: Buffer[] = [];
    try {
      for (const variantWidth of variantWidths) {
        variants.push(
          await encoding(() =>
            sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
              .rotate() // apply the EXIF orientation, since the metadata that carries it is dropped
              .resize({ width: variantWidth, withoutEnlargement: true })
              .webp({ quality: WEBP_QUALITY })
              .toBuffer(),
          ),
        );
      }
    } catch {
      throw new ImageRejectedError('unreadable', imageMessages.unreadable);
    }
    const largest = variantWidths[variantWidths.length - 1]!;
    return {
      image: {
        storageKey: randomBytes(16).toString('hex'),
        mimeType: 'image/webp',
        width: largest,
        height: Math.round((height * largest) / width),
        variantWidths,
      },
      variants,
    };
  }

  /**
   * Writes the variants of an encoded image. A failure of the disk (full, not writable) removes
   * what was written and throws an ImageStorageError.
   */
  async write({ image, variants }: EncodedImage): Promise<StoredImage> {
    try {
      await mkdir(path.join(this.uploadsDir, image.storageKey.slice(0, 2)), { recursive: true });
      for (const [index, variantWidth] of image.variantWidths.entries()) {
        const file = path.join(this.uploadsDir, ImageStore.relativePath(image.storageKey, variantWidth));
        // Written under a temporary name first: a reader never gets half a file.
        await writeFile(temporaryName(file), variants[index]!);
        await rename(temporaryName(file), file);
      }
    } catch (error) {
      await this.remove(image).catch(() => {});
      throw new ImageStorageError(this.uploadsDir, error);
    }
    return image;
  }

  /** Checks, re-encodes and writes the variants; returns what the Image row must record. */
  async save(bytes: Uint8Array): Promise<StoredImage> {
    return this.write(await this.encode(bytes));
  }

  /** Removes an image's files, and any half-written one a stopped process left. */
  async remove(image: Pick<StoredImage, 'storageKey' | 'variantWidths'>): Promise<void> {
    await Promise.all(
      image.variantWidths.flatMap((w) => {
        const file = path.join(this.uploadsDir, ImageStore.relativePath(image.storageKey, w));
        return [removeFile(file), removeFile(temporaryName(file))];
      }),
    );
  }

  /**
   * Deletes files that no Image row refers to (left by a crash between writing files and committing
   * the row). Only files older than minAgeMs go, so an upload in progress is never swept.
   */
  async sweepOrphans(isKnown: (storageKey: string) => boolean, minAgeMs = 60 * 60 * 1000): Promise<string[]> {
    const removed: string[] = [];
    let shards: string[];
    try {
      shards = await readdir(this.uploadsDir);
    } catch {
      return removed;
    }
    const cutoff = Date.now() - minAgeMs;
    for (const shard of shards) {
      const dir = path.join(this.uploadsDir, shard);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        const key = /^([0-9a-f]{32})-\d+\.webp$/.exec(name)?.[1];
        if (key && isKnown(key)) continue;
        const file = path.join(dir, name);
        if ((await stat(file)).mtimeMs > cutoff) continue;
        await rm(file, { force: true });
        removed.push(path.join(shard, name));
      }
    }
    return removed;
  }
}
