// The ids of a post's subheadings (h2, h3), so a reader can link to a section (/blog/slug#the-verdict).
// Made from each heading's text in document order, unique within the post, by the editor when it writes
// HTML and again by the sanitizer on every write and display: whatever id a caller sent is replaced, so
// an id always says what its heading says. Pure: no DOM, no Node imports.
import { addressWords } from './slug-rules.ts';

/** Longest id, in characters: a long heading still makes a readable address. */
export const HEADING_ID_MAX = 60;

/** Ids the site's own pages use: a heading must not take them (two elements with one id). */
const RESERVED_IDS: readonly string[] = ['root', 'main-content'];

/** The id a heading's text makes alone: lower case, accents dropped, words joined by "-". */
export function headingSlug(text: string): string {
  // A heading without a letter or digit (an emoji, punctuation) still gets an address.
  return addressWords(text, HEADING_ID_MAX) || 'section';
}

/**
 * The ids of a post's headings, given their texts in document order: each its slug, and the second
 * "Notes" of a post notes-2, the third notes-3.
 */
export function headingIds(texts: readonly string[]): string[] {
  const taken = new Set(RESERVED_IDS);
  return texts.map((text) => {
    const base = headingSlug(text);
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}
