// What a post's rich content may contain: exactly what the editor's toolbar produces (bold, italic,
// underline, strike, inline code, subheadings, quote, lists, code blocks, separator, pictures of this
// site's uploads with their caption, tables with an optional header row, indent, align, link, clean). The server sanitizes to this on every write (content-sanitizer.ts); the client's
// editor emits only this and its post view sanitizes with the same sanitizer. Only the rules live
// here: every page's script has them (the post rules' CONTENT_MAX), the sanitizer only the pages
// that show or write a post. Pure: no Node imports.

// span only ever survives inside a code block, carrying the server's highlighting (content-sanitizer.ts).
export const CONTENT_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'code',
  'h2',
  'h3',
  'blockquote',
  'ol',
  'ul',
  'li',
  'pre',
  'hr',
  'a',
  'span',
  'figure',
  'img',
  'figcaption',
  // A table's cells hold inline content; no attribute is kept on any of these (not even a class).
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/**
 * What a picture's img is read from (content-pictures.ts): the sanitizer then rebuilds every img from
 * them, and removes them from any other tag.
 */
export const PICTURE_ATTRIBUTES = ['src', 'srcset', 'width', 'height', 'alt'] as const;

/**
 * Attributes kept on any allowed tag; href, target and rel only matter on links. A heading's id is
 * not among them: it is made from the heading's text after the rest is cut (heading-ids.ts).
 */
export const CONTENT_ATTRIBUTES = ['href', 'target', 'rel', 'class', ...PICTURE_ATTRIBUTES] as const;

export const CONTENT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export const CONTENT_MAX_INDENT = 8;

export type ContentAlignment = (typeof CONTENT_ALIGNMENTS)[number];

export function isContentAlignment(value: unknown): value is ContentAlignment {
  return (CONTENT_ALIGNMENTS as readonly unknown[]).includes(value);
}

/** An indentation level the content keeps (1 to CONTENT_MAX_INDENT), or undefined. */
export function contentIndent(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= CONTENT_MAX_INDENT
    ? value
    : undefined;
}

// The class names of a block's alignment and indentation: the one place they are spelled, for the
// sanitizer's list, the editor's HTML both ways and its text, and components/rich-content.css (which styles them).
const ALIGN_CLASS = 'align-';
const INDENT_CLASS = 'indent-';

/** A block's classes for its alignment and indentation, alignment first ("align-center indent-2"). */
export function layoutClasses(block: { align?: unknown; indent?: unknown }): string[] {
  const indent = contentIndent(block.indent);
  return [
    ...(isContentAlignment(block.align) ? [`${ALIGN_CLASS}${block.align}`] : []),
    ...(indent === undefined ? [] : [`${INDENT_CLASS}${indent}`]),
  ];
}

/** The alignment and indentation these classes give a block (the deepest indentation named). */
export function layoutOfClasses(names: readonly string[]): { align?: ContentAlignment; indent?: number } {
  const layout: { align?: ContentAlignment; indent?: number } = {};
  for (const name of names) {
    const align = name.startsWith(ALIGN_CLASS) ? name.slice(ALIGN_CLASS.length) : undefined;
    if (isContentAlignment(align)) layout.align = align;
    const indent = name.startsWith(INDENT_CLASS) ? contentIndent(Number(name.slice(INDENT_CLASS.length))) : undefined;
    if (indent !== undefined) layout.indent = Math.max(layout.indent ?? 0, indent);
  }
  return layout;
}

/** Alignment and indentation are classes, never inline styles: a style attribute is always dropped. */
export const CONTENT_CLASSES: readonly string[] = [
  ...CONTENT_ALIGNMENTS.flatMap((align) => layoutClasses({ align })),
  ...Array.from({ length: CONTENT_MAX_INDENT }, (_, i) => layoutClasses({ indent: i + 1 })).flat(),
];

/** The only link target kept (a new tab); any other value is removed. */
export const LINK_TARGETS = ['_blank'] as const;

/** Every link gets this, so an opened page can neither reach back to the blog nor learn where it came from. */
export const LINK_REL = 'noopener noreferrer';

/**
 * The URLs a link may point to: http, https, mailto and tel, or a relative address. Everything else
 * (javascript:, data:, vbscript:, ...) is removed. Same shape as DOMPurify's own default pattern.
 */
export const CONTENT_URL_PATTERN = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Longest content accepted, in characters of HTML: a long article is far below it. */
export const CONTENT_MAX = 100_000;

export function isContentClass(name: string): boolean {
  return CONTENT_CLASSES.includes(name);
}
