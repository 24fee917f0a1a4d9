// What a post's rich content may contain: exactly what the editor's toolbar produces (bold, italic,
// underline, strike, quote, lists, indent, align, link, clean). The server sanitizes to this on every
// write; the client's editor emits only this and its post view sanitizes with the same sanitizer.
// Pure: no Node imports, and DOMPurify only as a type (each side brings its own instance).
import type { Config, DOMPurify } from 'dompurify';

export const CONTENT_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'blockquote', 'ol', 'ul', 'li', 'a'] as const;

/** Attributes kept on any allowed tag; href, target and rel only matter on links. */
export const CONTENT_ATTRIBUTES = ['href', 'target', 'rel', 'class'] as const;

export const CONTENT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export const CONTENT_MAX_INDENT = 8;

/** Alignment and indentation are classes, never inline styles: a style attribute is always dropped. */
export const CONTENT_CLASSES: readonly string[] = [
  ...CONTENT_ALIGNMENTS.map((alignment) => `align-${alignment}`),
  ...Array.from({ length: CONTENT_MAX_INDENT }, (_, i) => `indent-${i + 1}`),
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

// The product's original client edits with Quill, which writes alignment and indentation as its own
// classes: ql-align-center|right|justify and ql-indent-1..8. On a paragraph or a quote they mean
// what align-* and indent-* mean here; on a list item, ql-indent-N is the item's depth in a nested
// list, which nestQuillLists turns into real nesting before the classes are read.
const QUILL_CLASS = /^ql-((?:align|indent)-[a-z0-9]+)$/;
const QUILL_INDENT = /^ql-indent-(\d+)$/;

/** The content class a class name stands for (ours, or Quill's name for one of ours), or null. */
export function contentClassOf(name: string): string | null {
  const ours = QUILL_CLASS.exec(name)?.[1] ?? name;
  return isContentClass(ours) ? ours : null;
}

/**
 * A class attribute cut down to the content classes, Quill's translated, each once, in the order the
 * editor writes them (alignment, then indentation); '' when none is left.
 */
export function contentClasses(value: string): string {
  const kept = new Set(value.split(/\s+/).map(contentClassOf));
  return CONTENT_CLASSES.filter((name) => kept.has(name)).join(' ');
}

const ELEMENT_NODE = 1;

/** Quill 2 marks each item's kind (in an <ol> whatever the kind); Quill 1 uses the list's own tag. */
const QUILL_LIST_TAGS: Record<string, string> = { ordered: 'OL', bullet: 'UL', checked: 'UL', unchecked: 'UL' };

/** A list item's depth as Quill writes it; capped, so a hostile class cannot build a deep tree. */
function quillDepth(item: Element): number {
  for (const name of Array.from(item.classList)) {
    const level = QUILL_INDENT.exec(name)?.[1];
    if (level !== undefined) return Math.min(Number(level), CONTENT_MAX_INDENT);
  }
  return 0;
}

/**
 * Quill writes a nested list as one flat list whose items carry their depth (ql-indent-N), and
 * Quill 2 each item's kind (data-list). Rebuilds each such list as the editor writes nesting
 * (docs/decisions/010-rich-text-html.md): a deeper item goes in a list of its own inside the item
 * above it, and a list that starts deeper gets an empty item to hold it. Other lists are left alone.
 */
export function nestQuillLists(root: Element): void {
  for (const list of Array.from(root.querySelectorAll('ol, ul'))) {
    const items = Array.from(list.children).filter((child) => child.nodeName === 'LI');
    if (items.some((item) => quillDepth(item) > 0 || item.hasAttribute('data-list'))) nestQuillList(list);
  }
}

function nestQuillList(list: Element): void {
  const document = list.ownerDocument;
  const lists: Element[] = []; // what replaces the flat list, in order
  const open: Element[] = []; // open[d]: the list that takes the items of depth d
  const openList = (tag: string) => {
    const created = document.createElement(tag);
    const parent = open[open.length - 1];
    if (!parent) lists.push(created);
    else {
      const last = parent.lastElementChild;
      const holder = last?.nodeName === 'LI' ? last : parent.appendChild(document.createElement('li'));
      holder.appendChild(created);
    }
    open.push(created);
  };
  for (const child of Array.from(list.childNodes)) {
    if (child.nodeType !== ELEMENT_NODE || child.nodeName !== 'LI') {
      // Whatever else the list held stays in the list open at that point.
      if (open.length === 0) openList(list.nodeName);
      open[open.length - 1]!.appendChild(child);
      continue;
    }
    const item = child as Element;
    const depth = quillDepth(item);
    const tag = QUILL_LIST_TAGS[item.getAttribute('data-list') ?? ''] ?? list.nodeName;
    open.length = Math.min(open.length, depth + 1);
    // Quill 2 keeps bullets and numbers in one list: a change of kind starts a new list at that depth.
    if (open.length === depth + 1 && open[depth]!.nodeName !== tag) open.length = depth;
    while (open.length <= depth) openList(tag);
    for (const name of Array.from(item.classList)) if (QUILL_INDENT.test(name)) item.classList.remove(name);
    item.removeAttribute('data-list');
    open[depth]!.appendChild(item);
  }
  list.replaceWith(...lists);
}

/** DOMPurify's settings for post content (the hooks below finish the job). */
export const CONTENT_SANITIZE_CONFIG: Config = {
  ALLOWED_TAGS: [...CONTENT_TAGS],
  ALLOWED_ATTR: [...CONTENT_ATTRIBUTES],
  ALLOWED_URI_REGEXP: CONTENT_URL_PATTERN,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

const LINK_ONLY_ATTRIBUTES = ['href', 'target', 'rel'];

/**
 * Turns a DOMPurify instance of the caller's own (the server's over jsdom, the browser's over
 * window) into the content sanitizer, so both cut HTML down in exactly the same way. The instance
 * gets hooks: do not share it with other uses.
 */
export function createContentSanitizer(purify: DOMPurify): (html: string) => string {
  purify.addHook('beforeSanitizeElements', (node) => {
    // The root comes first, so Quill's flat lists are nested before anything inside is looked at.
    if (node.nodeName === 'BODY') nestQuillLists(node as Element);
  });

  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'class') {
      // Only the editor's alignment and indentation classes (or Quill's names for them): any other
      // could borrow the site's own styles (a fake button, a full-page overlay).
      data.attrValue = contentClasses(data.attrValue);
      if (data.attrValue === '') data.keepAttr = false;
    } else if (data.attrName === 'target') {
      // A link may open a new tab, and nothing else (no _top, no named frame).
      if (!(LINK_TARGETS as readonly string[]).includes(data.attrValue)) data.keepAttr = false;
    }
  });

  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      // Whatever rel was sent: the opened page gets no handle on this one.
      node.setAttribute('rel', LINK_REL);
      return;
    }
    // A link whose URL was refused keeps its text but none of its link attributes; other tags never have them.
    for (const name of LINK_ONLY_ATTRIBUTES) node.removeAttribute(name);
  });

  return (html) => purify.sanitize(html, CONTENT_SANITIZE_CONFIG);
}
