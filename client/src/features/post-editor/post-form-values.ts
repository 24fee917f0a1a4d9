// A post form's values, checked with the server's own rules (kernel/post-rules.ts and the
// image check of lib/image-file.ts), and the new post's draft in local storage.
import {
  CATEGORY_LABELS,
  isCategory,
  validatePostFields,
  type CategoryValue,
  type PostFieldErrors,
} from '#kernel/post-rules.ts';
import { imageFileError } from '../../lib/image-file';

export interface PostFormValues {
  title: string;
  subtitle: string;
  /** HTML from the rich-text editor. */
  content: string;
  /** The spec's value (game, tv, anime, book); empty until one is chosen. */
  category: CategoryValue | '';
}

export const EMPTY_POST_VALUES: PostFormValues = { title: '', subtitle: '', content: '', category: '' };

/** The select's options, in the spec's order: Game, TV, Anime, Book. */
export const CATEGORY_OPTIONS = Object.entries(CATEGORY_LABELS) as Array<[CategoryValue, string]>;

/** Every message for these values, the image first (it is the form's first field), as the server orders them. */
export function validatePostForm(
  values: PostFormValues,
  image: File | null,
  { imageRequired }: { imageRequired: boolean },
): PostFieldErrors {
  const fieldErrors = validatePostFields(values);
  const imageError = imageFileError(image, { required: imageRequired });
  return imageError ? { image: imageError, ...fieldErrors } : fieldErrors;
}

/** Where the new post form keeps what was typed (the image cannot be kept: files do not serialize). */
export const NEW_POST_DRAFT_KEY = 'newPostDraft';

export function loadNewPostDraft(): PostFormValues {
  try {
    const raw = window.localStorage.getItem(NEW_POST_DRAFT_KEY);
    if (raw === null) return EMPTY_POST_VALUES;
    const stored = JSON.parse(raw) as Partial<Record<keyof PostFormValues, unknown>> | null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const category = text(stored?.category);
    return {
      title: text(stored?.title),
      subtitle: text(stored?.subtitle),
      content: text(stored?.content),
      category: isCategory(category) ? category : '',
    };
  } catch {
    // Storage disabled, or a draft that is not JSON: start afresh.
    return EMPTY_POST_VALUES;
  }
}

export function saveNewPostDraft(values: PostFormValues): void {
  try {
    const empty = Object.values(values).every((value) => value === '');
    if (empty) window.localStorage.removeItem(NEW_POST_DRAFT_KEY);
    else window.localStorage.setItem(NEW_POST_DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the form still works, only without a draft.
  }
}

export function clearNewPostDraft(): void {
  try {
    window.localStorage.removeItem(NEW_POST_DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
