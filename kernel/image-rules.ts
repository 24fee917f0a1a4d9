// What an uploaded image may be. Pure data, shared with the client.
import { messages } from './messages.ts';

/** Judged from the file's bytes on the server; the client checks the name for comfort only. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ACCEPTED_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const DEFAULT_MAX_UPLOAD_MB = 10;

export const imageMessages = {
  type: messages.imageType,
  required: messages.imageRequired,
  fileName: messages.imageFileName,
  tooLarge: (maxMb: number) => `Image must be at most ${maxMb} MB`,
  tooManyPixels: `Image must be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
  unreadable: 'The image could not be read',
  notStored: 'The server could not store the image',
} as const;

export function hasImageExtension(fileName: string): boolean {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return (ACCEPTED_IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}
