// The client's check of a picked image (its type and size), with the server's lists and
// words (kernel/image-rules.ts). For comfort only: the server judges the file by its bytes.
import { ACCEPTED_IMAGE_TYPES, hasImageExtension, imageMessages } from '#kernel/image-rules.ts';

/** For a file input's `accept`: the extensions and the types the server takes. */
export const IMAGE_INPUT_ACCEPT = ['.jpg', '.jpeg', '.png', '.webp', ...ACCEPTED_IMAGE_TYPES].join(',');

/**
 * The message for a picked image, or undefined when it looks acceptable: 'Image is required' when
 * required and missing, 'Not a valid image format' for another file name ending, 'Image must be of
 * type jpeg, jpg, png or webp' when the browser reports another type.
 */
export function imageFileError(file: File | null | undefined, { required }: { required: boolean }): string | undefined {
  if (!file) return required ? imageMessages.required : undefined;
  if (!hasImageExtension(file.name)) return imageMessages.fileName;
  // An empty type means the browser could not tell: leave it to the server.
  if (file.type !== '' && !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return imageMessages.type;
  return undefined;
}
