// An image field of a write (a post's or a card's), as both doors hand it to the services: a File
// from GraphQL multipart, a Blob from a REST form, or plain bytes. Turns the image store's refusals
// into the field error the forms show, with the HTTP status that fits the refusal, and a disk that
// fails into the server's own error (logged), never into a fault of the image.
import type { FieldErrors } from '#kernel/api-errors.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '#kernel/id-rules.ts';
import { imageMessages } from '#kernel/image-rules.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { isRecordNotFound } from '../shared/prisma-errors.ts';
import { type ImageFiles, UploadGivenUpError } from './image-files.ts';
import { deleteUnusedImages } from './image-uses.ts';
import {
  ImageRejectedError,
  type ImageRejection,
  ImageStorageError,
  type ImageStore,
  type StoredImage,
} from './image-store.ts';

export type ImageUpload = Blob | Uint8Array;

const REJECTION_STATUS: Record<ImageRejection, number> = {
  type: 415,
  tooLarge: 413,
  // A decompression bomb is too large an image, whatever its size in bytes.
  tooManyPixels: 413,
  unreadable: 400,
};

export interface ImageProblem {
  message: string;
  status: number;
}

/** Bytes that passed the checks made before decoding (type, size, pixel count). */
export interface CheckedImage {
  bytes: Uint8Array;
}

function problemOf(error: unknown): ImageProblem {
  if (error instanceof ImageRejectedError) return { message: error.message, status: REJECTION_STATUS[error.reason] };
  throw error;
}

/**
 * Checks an upload without decoding it. Returns the problem to report rather than throwing, so the
 * caller can report it together with the other fields' errors.
 */
async function checkImageUpload(
  store: ImageStore,
  upload: ImageUpload | null | undefined,
  { required }: { required: boolean },
): Promise<CheckedImage | ImageProblem | null> {
  if (!upload) return required ? { message: imageMessages.required, status: 400 } : null;
  if (!(upload instanceof Uint8Array) && upload.size > store.maxBytes) {
    // Refused without copying the bytes into memory once more.
    const maxMb = Math.round(store.maxBytes / 1024 / 1024);
    return { message: imageMessages.tooLarge(maxMb), status: REJECTION_STATUS.tooLarge };
  }
  // Not `instanceof Blob`: Yoga's File comes from another implementation than Node's global one.
  const bytes = upload instanceof Uint8Array ? upload : new Uint8Array(await upload.arrayBuffer());
  try {
    await store.inspect(bytes);
    return { bytes };
  } catch (error) {
    return problemOf(error);
  }
}

function isImageProblem(value: CheckedImage | ImageProblem | null): value is ImageProblem {
  return value !== null && 'message' in value;
}

/**
 * The BAD_USER_INPUT error of a write: the images' problems first (they are the form's first
 * fields), each under its field's name, and the first one's status (413, 415) when an image is what
 * was refused.
 */
function inputError(fieldErrors: FieldErrors, images: Record<string, ImageProblem>): AppError {
  const problems = Object.entries(images);
  const errors: FieldErrors = {
    ...Object.fromEntries(problems.map(([field, problem]) => [field, problem.message])),
    ...fieldErrors,
  };
  const message = Object.values(errors)[0] ?? 'Invalid input';
  const status = problems[0]?.[1].status;
  return new AppError('BAD_USER_INPUT', message, { fieldErrors: errors, ...(status ? { status } : {}) });
}

/**
 * Checks a write's image beside its other fields' errors and throws them all in one BAD_USER_INPUT
 * (inputError), so the author sees every problem at once; returns the checked image, or null when
 * none was sent and none is required.
 */
export async function checkWriteInput(
  store: ImageStore,
  fieldErrors: FieldErrors,
  upload: ImageUpload | null | undefined,
  { required }: { required: boolean },
): Promise<CheckedImage | null> {
  return (await checkWriteImages(store, fieldErrors, { image: upload }, { required })).image;
}

/** checkWriteInput for a write with several image fields (the site settings' avatar and banner). */
export async function checkWriteImages<Field extends string>(
  store: ImageStore,
  fieldErrors: FieldErrors,
  uploads: Record<Field, ImageUpload | null | undefined>,
  { required = false }: { required?: boolean } = {},
): Promise<Record<Field, CheckedImage | null>> {
  const checked = {} as Record<Field, CheckedImage | null>;
  const problems: Record<string, ImageProblem> = {};
  for (const field of Object.keys(uploads) as Field[]) {
    const image = await checkImageUpload(store, uploads[field], { required });
    if (isImageProblem(image)) problems[field] = image;
    else checked[field] = image;
  }
  if (Object.keys(problems).length > 0 || Object.keys(fieldErrors).length > 0) {
    throw inputError(fieldErrors, problems);
  }
  return checked;
}

/**
 * The server could not store an image: its cause is logged for the administrator, and the author
 * is told it was not the image's fault. A full disk is a 507 (Insufficient Storage), any other
 * failure of the disk a 500. Any other error is passed on as it is.
 */
export function storageFailure(error: unknown): unknown {
  if (!(error instanceof ImageStorageError) && !(error instanceof UploadGivenUpError)) return error;
  console.error('Could not store an uploaded image:', error);
  const status = error instanceof ImageStorageError && error.diskFull ? 507 : 500;
  return new AppError('STORAGE_FAILED', imageMessages.notStored, {
    fieldErrors: { image: imageMessages.notStored },
    status,
  });
}

/**
 * Re-encodes and writes the variants (image-files.ts records them first); a picture that fails to
 * decode is a field error, a disk that fails a storage failure.
 */
export async function saveImage(
  files: ImageFiles,
  image: CheckedImage,
  field = 'image',
  options: { allVariants?: boolean } = {},
): Promise<StoredImage> {
  try {
    return await files.write(image.bytes, options);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw inputError({}, { [field]: problemOf(error) });
    throw storageFailure(error);
  }
}

/**
 * Creates the row of a written image with `create`, in a transaction that also takes the files off
 * the pending list; if it fails, the files go and the error is passed on.
 */
export async function commitImage<T>(
  prisma: PrismaClient,
  files: ImageFiles,
  stored: StoredImage,
  create: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  return commitImages(prisma, files, [stored], create);
}

/** commitImage for a write that stores several images at once. */
export async function commitImages<T>(
  prisma: PrismaClient,
  files: ImageFiles,
  stored: StoredImage[],
  create: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  let queued = false;
  let result: T;
  try {
    result = await prisma.$transaction(async (tx) => {
      for (const image of stored) await files.committed(tx, image);
      const created = await create(tx);
      // After the rows that the jobs name; a job is dropped with its image.
      for (const image of stored) queued = (await files.queueMissing(tx, image)) || queued;
      return created;
    });
  } catch (error) {
    for (const image of stored) await files.abandon(image);
    throw storageFailure(error);
  }
  if (queued) files.onQueued();
  return result;
}

/** A row that owns an image (a post, a card), to delete with it. */
export interface ImageOwnerDeletion {
  id: string;
  /** The message of the NOT_FOUND error when there is no such row (a malformed id included). */
  notFoundMessage: string;
  /**
   * Deletes the row; throws Prisma's not-found error when there is none. A draft may have no image;
   * `pictureIds` are the other images it used (a post's pictures in its text).
   */
  deleteRow: (tx: Prisma.TransactionClient) => Promise<{ imageId: string | null; pictureIds?: string[] }>;
  /** Runs once the rows are gone and before the files are (emptying the read caches). */
  committed: () => void;
}

/**
 * Deletes a row that owns an image with its image rows in one transaction (those that nothing else
 * uses: image-uses.ts), and then the images' files: first recorded for removal in that transaction
 * (so a crash leaves none behind), then removed at once. `committed` runs between the two, so no
 * cached answer outlives the files it points at. Returns the id.
 */
export async function deleteWithImage(
  prisma: PrismaClient,
  files: ImageFiles,
  { id, notFoundMessage, deleteRow, committed }: ImageOwnerDeletion,
): Promise<string> {
  if (!isUuid(id)) throw notFound(notFoundMessage);
  let images;
  try {
    images = await prisma.$transaction(async (tx) => {
      const row = await deleteRow(tx);
      return deleteUnusedImages(tx, files, [row.imageId, ...(row.pictureIds ?? [])]);
    });
  } catch (error) {
    throw isRecordNotFound(error) ? notFound(notFoundMessage) : error;
  }
  committed();
  if (images.length > 0) await files.removeNow(images);
  return id;
}
