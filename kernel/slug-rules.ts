// A post's readable address (/blog/{slug}): made from its title, or chosen by the author, and checked
// the same way by the editor (for comfort) and the server (the rule). Pure: no Node imports.
import { isUuid } from './id-rules.ts';

export const SLUG_MAX = 60;

/**
 * Words of the blog's own addresses under /blog/: a post there would be hidden behind them
 * (/blog/search is the search form, /blog/page/2 a list's page).
 */
export const RESERVED_SLUGS: readonly string[] = ['search', 'page'];

// Lower-case letters of any script, other letters (kana, CJK...) and digits, in words joined by "-".
const SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{Nd}]+(?:-[\p{Ll}\p{Lo}\p{Nd}]+)*$/u;

export const slugMessages = {
  characters: 'Lower-case letters, numbers and dashes only',
  tooLong: `${SLUG_MAX} characters maximum allowed`,
  reserved: 'This address is used by the blog itself',
  taken: 'Another post has this address',
} as const;

/**
 * Text as words of an address (a post's slug, a heading's id): lower case, accents dropped, every
 * run of anything but letters and digits one "-", at most `max` characters; empty when the text has
 * no letter or digit.
 */
export function addressWords(text: string, max: number): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{Ll}\p{Lo}\p{Nd}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Cut at a whole character (Array.from: a letter outside the BMP is two UTF-16 units).
  return Array.from(words).slice(0, max).join('').replace(/-+$/, '');
}

/**
 * The slug a title makes: lower case, accents dropped, every run of anything but letters and digits
 * one "-", at most SLUG_MAX characters; "post" for a title with no letter or digit at all.
 */
export function slugify(title: string): string {
  const slug = addressWords(title, SLUG_MAX) || 'post';
  return RESERVED_SLUGS.includes(slug) || isUuid(slug) ? `${slug}-post` : slug;
}

/** The message for a slug the author typed, or null when it can be an address. */
export function slugError(slug: string): string | null {
  if (Array.from(slug).length > SLUG_MAX) return slugMessages.tooLong;
  if (!SLUG_PATTERN.test(slug)) return slugMessages.characters;
  if (RESERVED_SLUGS.includes(slug) || isUuid(slug)) return slugMessages.reserved;
  return null;
}

/** base-n, `base` shortened so that the whole stays within SLUG_MAX. */
function numberedSlug(base: string, n: number): string {
  const suffix = `-${n}`;
  const stem = Array.from(base)
    .slice(0, SLUG_MAX - suffix.length)
    .join('')
    .replace(/-+$/, '');
  return `${stem}${suffix}`;
}

/** `base`, or base-2, base-3... : the first that `taken` does not hold, still within SLUG_MAX. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = numberedSlug(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * True when `slug` is what the title makes (or made unique by uniqueSlug: -2, -3...), so not the
 * author's choice: the server then lets a draft's address follow its title, and the editor shows the
 * slug field empty.
 */
export function isAutomaticSlug(slug: string, title: string): boolean {
  const base = slugify(title);
  if (slug === base) return true;
  const number = /-(\d+)$/.exec(slug)?.[1];
  return number !== undefined && Number(number) >= 2 && slug === numberedSlug(base, Number(number));
}
