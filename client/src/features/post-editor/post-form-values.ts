// A post form's values, checked with the server's own rules (kernel/post-rules.ts, kernel/slug-rules.ts
// and the image check of lib/image-file.ts), and the new post's draft in local storage.
import {
  CATEGORY_LABELS,
  isCategory,
  publishAtError,
  validatePostFields,
  type CategoryValue,
  type PostFieldErrors,
  type PostStatusValue,
} from '#kernel/post-rules.ts';
import { slugError } from '#kernel/slug-rules.ts';
import { imageFileError } from '../../lib/image-file';

export interface PostFormValues {
  title: string;
  subtitle: string;
  /** HTML from the rich-text editor. */
  content: string;
  /** The spec's value (game, tv, anime, book); empty until one is chosen. */
  category: CategoryValue | '';
  /** The address the author chose; empty: made from the title. */
  slug: string;
  description: string;
  imageAlt: string;
  /** When a scheduled post goes public, as a datetime-local input holds it (local time); empty when not scheduled. */
  publishAt: string;
}

export const EMPTY_POST_VALUES: PostFormValues = {
  title: '',
  subtitle: '',
  content: '',
  category: '',
  slug: '',
  description: '',
  imageAlt: '',
  publishAt: '',
};

/** The select's options, in the spec's order: Game, TV, Anime, Book. */
export const CATEGORY_OPTIONS = Object.entries(CATEGORY_LABELS) as Array<[CategoryValue, string]>;

/** A datetime-local value (local time, no zone) as a Date, or null when there is none. */
export function publishAtDate(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A Date as a datetime-local input shows it: the author's local time, to the minute. */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * Every message for these values when saved with `status`, the image first (it is the form's first
 * field), as the server orders them. A draft needs only its title (and what it has must still fit).
 */
export function validatePostForm(
  values: PostFormValues,
  image: File | null,
  { imageRequired, status }: { imageRequired: boolean; status: PostStatusValue },
): PostFieldErrors {
  const draft = status === 'DRAFT';
  const errors: PostFieldErrors = validatePostFields(values, { draft });
  const slug = values.slug.trim();
  const slugProblem = slug ? slugError(slug) : null;
  if (slugProblem) errors.slug = slugProblem;
  if (status === 'SCHEDULED') {
    const problem = publishAtError(publishAtDate(values.publishAt));
    if (problem) errors.publishAt = problem;
  }
  // A picked file must be a picture even in a draft; only its absence is fine there.
  const imageError = imageFileError(image, { required: imageRequired && !draft });
  return imageError ? { image: imageError, ...errors } : errors;
}

/** True when two sets of values differ in anything the author typed or chose. */
export function valuesDiffer(a: PostFormValues, b: PostFormValues): boolean {
  return (Object.keys(EMPTY_POST_VALUES) as Array<keyof PostFormValues>).some((key) => a[key] !== b[key]);
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
      slug: text(stored?.slug),
      description: text(stored?.description),
      imageAlt: text(stored?.imageAlt),
      publishAt: text(stored?.publishAt),
    };
  } catch {
    // Storage disabled, or a draft that is not JSON: start afresh.
    return EMPTY_POST_VALUES;
  }
}

export function saveNewPostDraft(values: PostFormValues): void {
  try {
    const filled = Object.entries(values).filter(([, value]) => value !== '');
    // Only the fields that hold something: the spec's four look as they always did.
    if (filled.length === 0) window.localStorage.removeItem(NEW_POST_DRAFT_KEY);
    else window.localStorage.setItem(NEW_POST_DRAFT_KEY, JSON.stringify(Object.fromEntries(filled)));
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
