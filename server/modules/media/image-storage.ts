// Where image files live: a folder on this machine (DATA_DIR/uploads, the default) or a bucket of an
// S3-compatible object store (UPLOADS_S3_BUCKET), as docs/decisions/030-images-in-object-storage.md
// explains. Both hold the same files under the same names (relativePath() in image-store.ts), so
// everything above this interface (uploads, deletes, the upkeep, link previews, backups, the move
// command) works on either without knowing which.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { uploadsDirOf, type Config } from '../../config.ts';

/** One stored file, as a listing names it. */
export interface StoredFile {
  /** Its name relative to the store, with forward slashes: `ab/ab12…-960.webp`. */
  path: string;
  /**
   * When it was last written; null when it is gone since the listing. Asked only where needed: on
   * disk it costs a stat() per file, which a listing of 40 000 files need not pay for every one.
   */
  modifiedAt(): Promise<Date | null>;
}

/** A file opened to be sent as it is read. */
export interface OpenedFile {
  body: ReadableStream<Uint8Array>;
  size: number | undefined;
  lastModified: Date | undefined;
  etag: string | undefined;
}

export interface ImageStorage {
  readonly kind: 'disk' | 's3';
  /** Where the files are, for messages: a folder, or s3://bucket. */
  readonly location: string;
  /** Stores a file whole: a reader never sees part of it. */
  put(file: string, bytes: Uint8Array): Promise<void>;
  /** A file's bytes, or null when there is no such file. */
  get(file: string): Promise<Buffer | null>;
  /** A file's size in bytes, or null when there is no such file. */
  size(file: string): Promise<number | null>;
  /** Opens a file to be streamed to a reader, or null when there is no such file. */
  open(file: string): Promise<OpenedFile | null>;
  /** Removes files; one that is not there is already removed. */
  remove(files: string[]): Promise<void>;
  /** Every file in the store, in no particular order. */
  list(): AsyncIterable<StoredFile>;
}

/** The storage the configuration names: the bucket when UPLOADS_S3_BUCKET is set, else the folder. */
export function imageStorageOf(config: Pick<Config, 'dataDir' | 'uploadsS3'>): ImageStorage {
  return config.uploadsS3 ? new S3ImageStorage(config.uploadsS3) : new DiskImageStorage(uploadsDirOf(config));
}

// ---------------------------------------------------------------------------------------------------
// Disk

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** The name a file is written under before it is complete. */
const temporaryName = (file: string) => `${file}.tmp`;

export class DiskImageStorage implements ImageStorage {
  readonly kind = 'disk';
  constructor(readonly dir: string) {}

  get location(): string {
    return this.dir;
  }

  private full(file: string): string {
    return path.join(this.dir, file);
  }

  async put(file: string, bytes: Uint8Array): Promise<void> {
    const full = this.full(file);
    await mkdir(path.dirname(full), { recursive: true });
    // Written under a temporary name first: a reader never gets half a file.
    await writeFile(temporaryName(full), bytes);
    await rename(temporaryName(full), full);
  }

  async get(file: string): Promise<Buffer | null> {
    return readFile(this.full(file)).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
  }

  async size(file: string): Promise<number | null> {
    return stat(this.full(file)).then(
      (stats) => stats.size,
      (error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      },
    );
  }

  async open(file: string): Promise<OpenedFile | null> {
    const bytes = await this.get(file);
    if (!bytes) return null;
    return {
      body: new Blob([new Uint8Array(bytes)]).stream(),
      size: bytes.length,
      lastModified: undefined,
      etag: undefined,
    };
  }

  /** Also removes a half-written copy that a stopped process left. */
  async remove(files: string[]): Promise<void> {
    const removeOne = async (full: string) => {
      try {
        await rm(full);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    };
    await Promise.all(files.flatMap((file) => [removeOne(this.full(file)), removeOne(temporaryName(this.full(file)))]));
  }

  /** The files in the shard folders (two levels, as relativePath() names them). */
  async *list(): AsyncIterable<StoredFile> {
    const shards = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    for (const shard of shards) {
      if (!shard.isDirectory()) continue;
      const entries = await readdir(path.join(this.dir, shard.name), { withFileTypes: true }).catch(() => null);
      for (const entry of entries ?? []) {
        if (!entry.isFile()) continue;
        const full = path.join(this.dir, shard.name, entry.name);
        yield {
          path: `${shard.name}/${entry.name}`,
          modifiedAt: () =>
            stat(full).then(
              (stats) => stats.mtime,
              (error: unknown) => {
                if (isMissing(error)) return null;
                throw error;
              },
            ),
        };
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// S3

export interface S3Settings {
  bucket: string;
  /**
   * Bucket in the path (endpoint/bucket/key) rather than in the host name (bucket.endpoint/key):
   * what MinIO, Garage and s3rver expect unless their DNS is set up for the latter.
   */
  forcePathStyle: boolean;
}

// Names are never reused (a new image gets a new random key), so whoever serves the bucket's files
// (the bucket itself, a CDN, or this app's /uploads route) may keep them for a year.
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * A bucket of any S3-compatible store (AWS S3, Cloudflare R2, MinIO, Garage). Credentials, region
 * and endpoint are the AWS SDK's own: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION,
 * AWS_ENDPOINT_URL_S3 (or the shared config files), so every store is configured the way its own
 * documentation says.
 */
export class S3ImageStorage implements ImageStorage {
  readonly kind = 's3';
  // Loaded on first use: a site on disk never pays for the SDK, and building a client reads no file.
  private loaded: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;

  constructor(readonly settings: S3Settings) {}

  get location(): string {
    return `s3://${this.settings.bucket}`;
  }

  private s3() {
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        forcePathStyle: this.settings.forcePathStyle,
        // Checksums only where S3 requires them: several compatible stores refuse or mangle the
        // optional ones the SDK adds by default (trailing checksums in a chunked body).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.loaded;
  }

  async put(file: string, bytes: Uint8Array): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: file,
        Body: bytes,
        ContentType: 'image/webp',
        CacheControl: IMAGE_CACHE_CONTROL,
      }),
    );
  }

  async get(file: string): Promise<Buffer | null> {
    const object = await this.getObject(file);
    if (!object) return null;
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async size(file: string): Promise<number | null> {
    const { sdk, client } = await this.s3();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: file }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async open(file: string): Promise<OpenedFile | null> {
    const object = await this.getObject(file);
    if (!object) return null;
    return {
      body: object.Body!.transformToWebStream(),
      size: object.ContentLength,
      lastModified: object.LastModified,
      etag: object.ETag,
    };
  }

  private async getObject(file: string) {
    const { sdk, client } = await this.s3();
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: file }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  // One request per file rather than DeleteObjects: an image has at most four files, and not every
  // S3-compatible store takes the batch request (it needs a checksum some do not accept).
  async remove(files: string[]): Promise<void> {
    const { sdk, client } = await this.s3();
    await Promise.all(
      files.map((file) => client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: file }))),
    );
  }

  /** Lets the process end: the client keeps its connections open otherwise. */
  async close(): Promise<void> {
    if (this.loaded) (await this.loaded).client.destroy();
  }

  async *list(): AsyncIterable<StoredFile> {
    const { sdk, client } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const modifiedAt = object.LastModified ?? new Date();
        if (object.Key) yield { path: object.Key, modifiedAt: () => Promise.resolve(modifiedAt) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
