// Turns uploaded bytes into stored images: the type is judged from the bytes, the size and pixel
// count are checked before anything is decoded, and the picture is re-encoded into WebP variants
// (metadata stripped, never upscaled) under server-generated names. What is written when, and how a
// crash is recovered from, is image-files.ts's business.
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { availableParallelism } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { ACCEPTED_IMAGE_TYPES, imageMessages, MAX_IMAGE_PIXELS } from '#kernel/image-rules.ts';
import { DiskImageStorage, type ImageStorage } from './image-storage.ts';
import { APP_IMAGE_URLS, imageFilePath, largestImagePath } from './image-urls.ts';

/**
 * Widths of the WebP variants; an image narrower than one gets its own width as the largest. 720
 * is for phones: a card or a post's picture spans about 370 CSS pixels there, 650 to 750 device
 * pixels at the usual densities, which 480 does not fill and 960 fills with a third to spare.
 */
export const VARIANT_WIDTHS = [480, 720, 960, 1600] as const;
const WEBP_QUALITY = 80;
/** Files the orphan sweep looks at between two turns of the event loop (a few milliseconds' work). */
const SWEEP_BATCH = 500;
/**
 * libvips' effort (0 to 6) for the largest variant written while the author waits, when the others
 * are encoded later (encodeFirst): a 1600x900 photo took 40 ms at 2 against 87 ms at the default 4
 * (and 169 ms for all four variants), for a file about 5% larger.
 */
const QUICK_EFFORT = 2;

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
 * The storage refused an image (a disk full, not writable or gone; a bucket that cannot be reached
 * or refuses the write): the server's failure, not the image's. `cause` is the storage's error.
 */
export class ImageStorageError extends Error {
  override name = 'ImageStorageError';
  constructor(location: string, cause: unknown) {
    super(`Could not write image files in ${location}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }

  /** The disk or the owner's quota is full. */
  get diskFull(): boolean {
    const code = (this.cause as NodeJS.ErrnoException | undefined)?.code;
    return code === 'ENOSPC' || code === 'EDQUOT';
  }
}

/**
 * Every file an image may have: those its row names, and those still to be encoded (a job may have
 * written some before its row named them). What a delete removes.
 */
export function plannedWidthsOf(image: Pick<StoredImage, 'variantWidths'>): number[] {
  const largest = Math.max(...image.variantWidths);
  return [...new Set([...variantWidthsFor(largest), ...image.variantWidths])].sort((a, b) => a - b);
}

/** Whether an image still lacks some of its variants (its upload queued them: image-encoding.ts). */
export function lacksVariants(image: Pick<StoredImage, 'variantWidths'>): boolean {
  return plannedWidthsOf(image).length > image.variantWidths.length;
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

/** One variant encoded later: its width and its WebP bytes. */
export interface EncodedVariant {
  width: number;
  bytes: Buffer;
}

/** The widths of the variants an image of this width (its largest variant's) has once all are encoded. */
export function variantWidthsFor(width: number): number[] {
  const largest = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!);
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < largest);
  widths.push(largest);
  return widths;
}

export class ImageStore {
  /** Where the files are: a folder (given by its path) or a bucket. */
  readonly storage: ImageStorage;

  constructor(
    storage: ImageStorage | string,
    readonly maxBytes: number,
  ) {
    this.storage = typeof storage === 'string' ? new DiskImageStorage(storage) : storage;
  }

  /** The folder of a store on disk; undefined for a bucket. */
  get uploadsDir(): string | undefined {
    return this.storage instanceof DiskImageStorage ? this.storage.dir : undefined;
  }

  // The addresses below /uploads/; where UPLOADS_PUBLIC_URL may apply, use the services' ImageUrls.
  static relativePath(storageKey: string, width: number): string {
    return imageFilePath(storageKey, width);
  }

  static url(storageKey: string, width: number): string {
    return APP_IMAGE_URLS.url(storageKey, width);
  }

  static largestPath(image: Pick<StoredImage, 'storageKey' | 'variantWidths' | 'width'>): string {
    return largestImagePath(image);
  }

  static largestUrl(image: Pick<StoredImage, 'storageKey' | 'variantWidths' | 'width'>): string {
    return APP_IMAGE_URLS.largestUrl(image);
  }

  static srcset(image: Pick<StoredImage, 'storageKey' | 'variantWidths'>): string {
    return APP_IMAGE_URLS.srcset(image);
  }

  /** The bytes of one stored file, named as relativePath() names it; throws when there is none. */
  async read(relativePath: string): Promise<Buffer> {
    const bytes = await this.storage.get(relativePath);
    if (!bytes) throw new Error(`There is no image file ${relativePath} in ${this.storage.location}`);
    return bytes;
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

  /** Checks and re-encodes the bytes into every variant; nothing is written yet. */
  async encode(bytes: Uint8Array): Promise<EncodedImage> {
    return this.encodeWidths(bytes, (widths) => widths);
  }

  /**
   * Checks and re-encodes the bytes into their largest variant only, quickly: what pages show until
   * encodeLater() has made the others (image-encoding.ts). Safe to serve as every variant is (WebP,
   * metadata stripped, at most 1600 pixels wide).
   */
  async encodeFirst(bytes: Uint8Array): Promise<EncodedImage> {
    return this.encodeWidths(bytes, (widths) => widths.slice(-1), QUICK_EFFORT);
  }

  /**
   * The variants an image stored by encodeFirst() lacks, made from its largest variant (the upload
   * itself is not kept): each one's width and WebP bytes. Throws when that file cannot be read.
   */
  async encodeLater(image: Pick<StoredImage, 'storageKey' | 'variantWidths' | 'width'>): Promise<EncodedVariant[]> {
    const source = await this.read(largestImagePath(image));
    const missing = variantWidthsFor(image.width).filter((width) => !image.variantWidths.includes(width));
    // Decoded once for all of them: a WebP decode was about 40% of each variant's time.
    const { data, info } = await encoding(() => sharp(source).raw().toBuffer({ resolveWithObject: true }));
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const variants: EncodedVariant[] = [];
    for (const width of missing) {
      const bytes = await encoding(() =>
        sharp(data, { raw }).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      );
      variants.push({ width, bytes });
    }
    return variants;
  }

  private async encodeWidths(
    bytes: Uint8Array,
    pick: (widths: number[]) => number[],
    effort?: number,
  ): Promise<EncodedImage> {
    const { width, height } = await this.inspect(bytes);
    const planned = variantWidthsFor(width);
    const variantWidths = pick(planned);
    const variants: Buffer[] = [];
    try {
      for (const variantWidth of variantWidths) {
        variants.push(
          await encoding(() =>
            sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
              .rotate() // apply the EXIF orientation, since the metadata that carries it is dropped
              .resize({ width: variantWidth, withoutEnlargement: true })
              .webp({ quality: WEBP_QUALITY, ...(effort === undefined ? {} : { effort }) })
              .toBuffer(),
          ),
        );
      }
    } catch {
      throw new ImageRejectedError('unreadable', imageMessages.unreadable);
    }
    const largest = planned[planned.length - 1]!;
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
   * Writes the variants of an encoded image. A failure of the storage (full, not writable,
   * unreachable) removes what was written and throws an ImageStorageError.
   */
  async write({ image, variants }: EncodedImage): Promise<StoredImage> {
    try {
      for (const [index, variantWidth] of image.variantWidths.entries()) {
        await this.storage.put(imageFilePath(image.storageKey, variantWidth), variants[index]!);
      }
    } catch (error) {
      await this.remove(image).catch(() => {});
      throw new ImageStorageError(this.storage.location, error);
    }
    return image;
  }

  /** Writes variants encoded later (encodeLater); a failure is an ImageStorageError. */
  async writeLater(storageKey: string, variants: EncodedVariant[]): Promise<void> {
    try {
      for (const { width, bytes } of variants) await this.storage.put(imageFilePath(storageKey, width), bytes);
    } catch (error) {
      throw new ImageStorageError(this.storage.location, error);
    }
  }

  /** Checks, re-encodes and writes the variants; returns what the Image row must record. */
  async save(bytes: Uint8Array): Promise<StoredImage> {
    return this.write(await this.encode(bytes));
  }

  /** Removes an image's files, and any half-written one a stopped process left. */
  async remove(image: Pick<StoredImage, 'storageKey' | 'variantWidths'>): Promise<void> {
    await this.storage.remove(image.variantWidths.map((w) => imageFilePath(image.storageKey, w)));
  }

  /**
   * Deletes files that no Image row refers to (left by a crash between writing files and committing
   * the row). Only files older than minAgeMs go, so an upload in progress is never swept. It runs
   * while the server serves (orphan-sweep.ts): every SWEEP_BATCH files it lets waiting requests
   * run, and once signal is aborted it stops at the next batch (throwing the signal's reason).
   */
  async sweepOrphans(
    isKnown: (storageKey: string) => boolean,
    { minAgeMs = 60 * 60 * 1000, signal }: { minAgeMs?: number; signal?: AbortSignal | undefined } = {},
  ): Promise<string[]> {
    const cutoff = Date.now() - minAgeMs;
    const orphans: string[] = [];
    let listed = 0;
    for await (const file of this.storage.list()) {
      if (++listed % SWEEP_BATCH === 0) {
        await setImmediate();
        signal?.throwIfAborted();
      }
      // Only what lies in a shard folder is the store's: a bucket may hold other things beside it.
      if (!/^[0-9a-f]{2}\/[^/]+$/.test(file.path)) continue;
      const key = /^[0-9a-f]{2}\/([0-9a-f]{32})-\d+\.webp$/.exec(file.path)?.[1];
      if (key && isKnown(key)) continue;
      // Its date only now, for the few files no row names: on disk each date is a stat().
      const modifiedAt = await file.modifiedAt();
      if (!modifiedAt || modifiedAt.getTime() > cutoff) continue;
      orphans.push(file.path);
    }
    // Listed first, removed after: a bucket's listing pages are not to change under it.
    for (let i = 0; i < orphans.length; i += 100) {
      signal?.throwIfAborted();
      await this.storage.remove(orphans.slice(i, i + 100));
    }
    return orphans;
  }

  /** Whether the storage holds any file at all. */
  async isEmpty(): Promise<boolean> {
    for await (const file of this.storage.list()) if (file) return false;
    return true;
  }
}
