// An image field of a write (a post's or a card's), as both doors hand it to the services: a File
// from GraphQL multipart, a Blob from a REST form, or plain bytes. Turns the image store's refusals
// into the field error the forms show, with the HTTP status that fits the refusal.
import { AppError, type FieldErrors } from '../../errors.ts';
import { imageMessages } from '../../rules/image-rules.ts';
import { ImageRejectedError, type ImageRejection, type ImageStore, type StoredImage } from './image-store.ts';

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
export async function checkImageUpload(
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

export function isImageProblem(value: CheckedImage | ImageProblem | null): value is ImageProblem {
  return value !== null && 'message' in value;
}

/**
 * The BAD_USER_INPUT error of a write: the image's problem first (it is the form's first field),
 * and its status (413, 415) when the image is what was refused.
 */
export function inputError(fieldErrors: FieldErrors, image: ImageProblem | null): AppError {
  const errors: FieldErrors = image ? { image: image.message, ...fieldErrors } : fieldErrors;
  const message = Object.values(errors)[0] ?? 'Invalid input';
  return new AppError('BAD_USER_INPUT', message, { fieldErrors: errors, ...(image ? { status: image.status } : {}) });
}

/** Re-encodes and writes the variants; a picture that fails to decode is a field error too. */
export async function saveImage(store: ImageStore, image: CheckedImage): Promise<StoredImage> {
  try {
    return await store.save(image.bytes);
  } catch (error) {
    throw inputError({}, problemOf(error));
  }
}

/**
 * Removes the files of an image whose row is gone (committed). A failure is only logged: the write
 * has succeeded, and the start-up sweep removes files that no row refers to.
 */
export async function discardImageFiles(
  store: ImageStore,
  image: Pick<StoredImage, 'storageKey' | 'variantWidths'>,
): Promise<void> {
  try {
    await store.remove(image);
  } catch (error) {
    console.error(`Could not remove the files of image ${image.storageKey}; the next start sweeps them:`, error);
  }
}
