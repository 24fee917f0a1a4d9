// The rules of a post's tags (issue 36): checked by the server on every write and by the editor's tag
// field for comfort, with the same messages. A tag's address is made from its name (slug-rules.ts):
// two names with the same address ("Game Design", "game-design") are one tag. Pure: no Node imports.
import { addressWords, SLUG_MAX } from './slug-rules.ts';
import { unstorableTextError } from './text-rules.ts';

/** Characters a tag's name may have. */
export const TAG_NAME_MAX = 30;
/** Tags a post may have. */
export const TAGS_MAX = 10;

// Letters and digits of any script, in words joined by single spaces or dashes.
const TAG_PATTERN = /^[\p{L}\p{M}\p{N}]+(?:[ -][\p{L}\p{M}\p{N}]+)*$/u;

export const tagMessages = {
  tooMany: `${TAGS_MAX} tags maximum allowed`,
  tooLong: (name: string) => `“${name}”: ${TAG_NAME_MAX} characters maximum allowed`,
  characters: (name: string) => `“${name}”: letters, numbers, spaces and dashes only`,
  nameRequired: 'Give the tag a name',
  notFound: 'Tag not found',
  mergeIntoItself: 'Choose another tag to merge it into',
  taken: 'Another tag has this name: merge the two instead',
  alone: 'A tag lists its posts alone: not with a category or a search',
} as const;

/** A name as it is stored: trimmed, every run of spaces one space. */
export function normalizeTagName(name: string): string {
  return name.trim().replace(/\s+/gu, ' ');
}

/** The address a tag's name makes (/tag/{slug}). */
export function tagSlug(name: string): string {
  return addressWords(normalizeTagName(name), SLUG_MAX);
}

/** The message for one tag's name (normalized), or null when it can be a tag. */
export function tagNameError(name: string): string | null {
  const unstorable = unstorableTextError(name);
  if (unstorable) return unstorable;
  if (name === '') return tagMessages.nameRequired;
  if (Array.from(name).length > TAG_NAME_MAX) return tagMessages.tooLong(name);
  if (!TAG_PATTERN.test(name) || tagSlug(name) === '') return tagMessages.characters(name);
  return null;
}

/**
 * A post's tags as it is saved: each name normalized, empty ones dropped, and only the first of
 * names with one address kept (in the author's order); with the first problem found, or null.
 */
export function checkTags(names: readonly string[] | null | undefined): { tags: string[]; error: string | null } {
  const tags: string[] = [];
  const slugs = new Set<string>();
  let error: string | null = null;
  for (const raw of names ?? []) {
    const name = normalizeTagName(raw);
    if (name === '') continue;
    const problem = tagNameError(name);
    if (problem) {
      error ??= problem;
      continue;
    }
    const slug = tagSlug(name);
    if (slugs.has(slug)) continue;
    slugs.add(slug);
    tags.push(name);
  }
  if (error === null && tags.length > TAGS_MAX) error = tagMessages.tooMany;
  return { tags, error };
}

/** A tag's list's heading (its page, its feeds' titles). */
export const tagHeading = (name: string) => `Tagged “${name}”`;

/** A tag's list's description (its page's meta description, its feeds'). */
export const tagDescription = (name: string) => `Every post tagged “${name}”, newest first.`;
