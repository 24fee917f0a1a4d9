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
import { focusOfValue, focusValue } from '#kernel/focal-point.ts';
import { slugError } from '#kernel/slug-rules.ts';
import { checkTags } from '#kernel/tag-rules.ts';
import { instantOfWallTime, skippedTimeMessage } from '#kernel/zoned-time.ts';
import { imageFileError } from '../../lib/image-file';
import { keepPickedImage } from '../../lib/kept-images';
import { editDraftKey, NEW_POST_DRAFT_KEY, readStored, writeStored } from '../../lib/unsaved-work';

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
  /**
   * When a scheduled post goes public, as a datetime-local input holds it: wall-clock time in the
   * site's time zone (kernel/zoned-time.ts), whatever the browser's; empty when not scheduled.
   */
  publishAt: string;
  /** The cover's focal point as focusValue() writes it; empty: the picture's middle, or as it is stored. */
  focus: string;
  /** Its tags' names, in order, joined by commas (a name has none: kernel/tag-rules.ts). */
  tags: string;
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
  focus: '',
  tags: '',
};

/** The tags a form value holds, in order. */
export function tagsOf(value: string): string[] {
  return value.split(',').flatMap((name) => (name.trim() ? [name.trim()] : []));
}

/** The form value of these tags. */
export const tagsValue = (names: readonly string[]): string => names.join(', ');

// The focal point's form value lives in the kernel, shared with the 'Currently' card form.
export { focusOfValue, focusValue };

/** The select's options, in the spec's order: Game, TV, Anime, Book. */
export const CATEGORY_OPTIONS = Object.entries(CATEGORY_LABELS) as Array<[CategoryValue, string]>;

/** A datetime-local value, wall-clock time in the site's time zone, as a Date; null when it names none. */
export function publishAtDate(value: string, timeZone: string): Date | null {
  return instantOfWallTime(value, timeZone).date;
}

/** The message for a scheduled post's "Publish at" (site's zone), or null when it is a time to come. */
function publishAtProblem(value: string, timeZone: string): string | null {
  const { date, problem } = instantOfWallTime(value, timeZone);
  return problem === 'skipped' ? skippedTimeMessage(timeZone) : publishAtError(date);
}

/** How the form is checked: the save's status, and the site's time zone, which "Publish at" is read in. */
interface PostFormCheck {
  imageRequired: boolean;
  status: PostStatusValue;
  timeZone: string;
}

/**
 * Every message for these values when saved with `status`, the image first (it is the form's first
 * field), as the server orders them. A draft needs only its title (and what it has must still fit).
 */
export function validatePostForm(
  values: PostFormValues,
  image: File | null,
  { imageRequired, status, timeZone }: PostFormCheck,
): PostFieldErrors {
  const draft = status === 'DRAFT';
  const errors: PostFieldErrors = validatePostFields(values, { draft });
  const slug = values.slug.trim();
  const slugProblem = slug ? slugError(slug) : null;
  if (slugProblem) errors.slug = slugProblem;
  const tagsProblem = checkTags(tagsOf(values.tags)).error;
  if (tagsProblem) errors.tags = tagsProblem;
  if (status === 'SCHEDULED') {
    const problem = publishAtProblem(values.publishAt, timeZone);
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

/** Stored form values read back, every field checked (an older version may have stored fewer). */
export function storedPostValues(stored: unknown): PostFormValues | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const fields = stored as Partial<Record<keyof PostFormValues, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const category = text(fields.category);
  return {
    title: text(fields.title),
    subtitle: text(fields.subtitle),
    content: text(fields.content),
    category: isCategory(category) ? category : '',
    slug: text(fields.slug),
    description: text(fields.description),
    imageAlt: text(fields.imageAlt),
    publishAt: text(fields.publishAt),
    focus: focusOfValue(text(fields.focus)) ? text(fields.focus) : '',
    tags: text(fields.tags),
  };
}

/** An edit of a post the server has not stored yet, with the version it started from. */
export interface EditDraft {
  values: PostFormValues;
  baseUpdatedAt: string;
}

export function loadEditDraft(id: string): EditDraft | null {
  const stored = readStored(editDraftKey(id)) as { values?: unknown; baseUpdatedAt?: unknown } | null;
  const values = storedPostValues(stored?.values);
  return values && typeof stored?.baseUpdatedAt === 'string' ? { values, baseUpdatedAt: stored.baseUpdatedAt } : null;
}

/** Keeps (or, for null, drops) the typed edits of post `id`; a picked picture is kept apart (kept-images.ts). */
export function saveEditDraft(id: string, draft: EditDraft | null): void {
  writeStored(editDraftKey(id), draft);
}

/** The browser's copy of an edit is done with (saved, discarded, given up): its words and its picture go. */
export function forgetEditDraft(id: string): void {
  saveEditDraft(id, null);
  void keepPickedImage(editDraftKey(id), null);
}

export function loadNewPostDraft(): PostFormValues {
  // Storage disabled, or a draft that is not JSON: start afresh.
  return storedPostValues(readStored(NEW_POST_DRAFT_KEY)) ?? EMPTY_POST_VALUES;
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

/** The new post's draft is done with (saved or discarded): its words and its picture go. */
export function clearNewPostDraft(): void {
  void keepPickedImage(NEW_POST_DRAFT_KEY, null);
  try {
    window.localStorage.removeItem(NEW_POST_DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
