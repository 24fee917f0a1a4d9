// What an export holds once read (issue 39, docs/decisions/053-import-and-export.md), whatever it came
// from: a WordPress export (wxr-reader.ts) or a Ghost export (ghost-reader.ts). The import service
// (import.service.ts) only ever sees this shape, so each reader knows one format and nothing of the site.

/** Where an item stands; WordPress's private and password-protected posts become drafts. */
export type SourceStatus = 'PUBLISHED' | 'DRAFT' | 'SCHEDULED';

export interface SourcePicture {
  /** The address the export names it by (absolute, or with Ghost's __GHOST_URL__ placeholder). */
  url: string;
  alt: string;
  caption: string;
}

/** A source category or tag as the export names it. */
export interface SourceTerm {
  slug: string;
  name: string;
}

export interface SourceItem {
  kind: 'post' | 'page';
  /** Its id in the source (WordPress's post ID, Ghost's id): what makes an import idempotent. */
  sourceId: string;
  title: string;
  /** The slug it had, decoded; may be empty (a WordPress draft). */
  slug: string;
  status: SourceStatus;
  /** When it was (or is to be) published; null for a draft that never was. */
  date: Date | null;
  /** Its content as the source stores it: classic HTML (no paragraphs), block HTML, or Ghost's rendered HTML. */
  html: string;
  /** WordPress's excerpt, Ghost's custom excerpt: becomes the description. */
  excerpt: string;
  /** A subtitle the source gives (Markdown front matter); else one is made from the excerpt or text. */
  subtitle?: string;
  /** WordPress categories (Ghost: its tags, which may stand for a category too). */
  categories: SourceTerm[];
  tags: SourceTerm[];
  cover: SourcePicture | null;
  /** Its former addresses on the old site (paths, with a query for /?p=123), each to lead here. */
  oldPaths: string[];
  /** How many comments it had, pingbacks and trash included (the preview's count). */
  comments: number;
  /** The comments that come in with it (WordPress's approved and held ones; others have none). */
  commentList?: SourceComment[];
  /** What reading the export already found that cannot be kept. */
  warnings: string[];
}

/** A reader's comment (or the site's author's) as the export has it. */
export interface SourceComment {
  /** Its id in the source: what makes importing it again add nothing. */
  sourceId: string;
  /** The comment it answers ('' for none); may be a reply to a reply (this site keeps one level). */
  parentId: string;
  name: string;
  email: string;
  website: string;
  /** Its text as the source stores it (HTML allowed by WordPress). */
  html: string;
  date: Date;
  status: 'approved' | 'held';
  /** Written by a user of the old site (its author), not a visitor. */
  byUser: boolean;
}

export interface SourceSite {
  format: 'wordpress' | 'ghost' | 'markdown';
  /** Names the site it came from, so two sites' item ids never meet (wordpress:https://old.example). */
  source: string;
  items: SourceItem[];
  /** Every category the export declares (WordPress), used or not; Ghost: empty. */
  categories: SourceTerm[];
  /** Every tag the export declares. */
  tags: SourceTerm[];
  /** Old addresses of the site as a whole (its feed, category and tag lists) and where they lead. */
  feedPaths: string[];
  /** The path prefixes of a category's and a tag's list on the old site. */
  categoryBase: string | null;
  tagBase: string;
}

/** The text of HTML, for a short field (a caption, an alt, a subtitle): tags out, entities read, spaces collapsed. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/** HTML character references read (the common named ones and every numeric one). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text cut to at most `max` characters at a word's end, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return text.trim();
  const cut = chars.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** The path (and query) of an address, as a redirect's `from` is written; null for none. */
export function pathOf(url: string): string | null {
  try {
    const parsed = new URL(url, 'http://old.invalid');
    return parsed.pathname + parsed.search;
  } catch {
    return null;
  }
}
