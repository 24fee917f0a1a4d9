// What a post's rich content may contain: exactly what the editor produces (../shared/SPEC.md
// section 2, "Rich-text toolbar"). The server sanitizes to this on every write; the client's editor
// emits only this and its post view sanitizes with the same sanitizer. Pure: no Node imports, and
// DOMPurify only as a type (each side brings its own instance).
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
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'class') {
      // Only the editor's alignment and indentation classes: any other could borrow the site's
      // own styles (a fake button, a full-page overlay).
      const kept = data.attrValue.split(/\s+/).filter(isContentClass);
      data.attrValue = [...new Set(kept)].join(' ');
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
