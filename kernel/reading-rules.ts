// A post's excerpt and reading time, worked out from its HTML content. Pure (no DOM, no Node imports):
// the API computes them for every post, and the client can compute the same figures for a draft.

/** Words the excerpt keeps before it is cut. */
export const EXCERPT_WORDS = 40;
/** An adult's silent reading speed for prose, in words a minute. */
export const WORDS_PER_MINUTE = 230;

// Tags that separate words; the rest (strong, em, a...) can sit inside a word and are dropped.
// A table's cells are words apart too, however they are written.
const BLOCK_TAG = /<\/?(?:p|br|li|ol|ul|blockquote|div|h[1-6]|pre|hr|figure|table|thead|tbody|tr|th|td)\b[^>]*>/gi;
// A picture's caption is read beside the picture, not as the text's words (excerpts, reading time).
const CAPTION = /<figcaption\b[^>]*>[\s\S]*?<\/figcaption>/gi;
const ANY_TAG = /<[^>]*>/g;
const ENTITY = /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntity(match: string, name: string): string {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : match;
  }
  return NAMED_ENTITIES[name.toLowerCase()] ?? match;
}

/** The words a reader sees, separated by single spaces. */
export function htmlToText(html: string): string {
  return html
    .replace(CAPTION, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(ANY_TAG, '')
    .replace(ENTITY, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

function wordsOf(html: string): string[] {
  const text = htmlToText(html);
  return text === '' ? [] : text.split(' ');
}

/** How many words a reader sees (the editor counts them live; reading time comes from the same count). */
export function wordCountOf(html: string): number {
  return wordsOf(html).length;
}

/** The first EXCERPT_WORDS words of the text, ending with '…' when there were more. Plain text, not HTML. */
export function excerptOf(html: string): string {
  const words = wordsOf(html);
  if (words.length <= EXCERPT_WORDS) return words.join(' ');
  // "it ended," + "…" reads badly: the cut drops the punctuation it lands on.
  return `${words
    .slice(0, EXCERPT_WORDS)
    .join(' ')
    .replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** Minutes to read the text at WORDS_PER_MINUTE, rounded, and never less than 1. */
export function readingMinutesOf(html: string): number {
  return Math.max(1, Math.round(wordsOf(html).length / WORDS_PER_MINUTE));
}
