// Post content is sanitized again in the browser before it is rendered: the server already cut it
// down on write (server/modules/post/sanitize-html.ts), but a row written by an older version, a
// migration or a hand edit never passed through that, and innerHTML is where an XSS would land.
// Same lists as the server (kernel/content-rules.ts), so what the editor produces survives.
import createDOMPurify, { type Config } from 'dompurify';
import {
  CONTENT_ATTRIBUTES,
  CONTENT_TAGS,
  CONTENT_URL_PATTERN,
  contentClasses,
  LINK_REL,
  LINK_TARGETS,
  nestQuillLists,
} from '#kernel/content-rules.ts';

const CONFIG: Config = {
  ALLOWED_TAGS: [...CONTENT_TAGS],
  ALLOWED_ATTR: [...CONTENT_ATTRIBUTES],
  ALLOWED_URI_REGEXP: CONTENT_URL_PATTERN,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

const LINK_ONLY_ATTRIBUTES = ['href', 'target', 'rel'];

function createSanitizer(): (html: string) => string {
  // An instance of its own: hooks added here never change what another module's DOMPurify does.
  const purify = createDOMPurify(window);

  purify.addHook('beforeSanitizeElements', (node) => {
    // As on the server: the original client's (Quill's) flat lists are nested before the walk.
    if (node.nodeName === 'BODY') nestQuillLists(node as Element);
  });

  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'class') {
      // Only the editor's alignment and indentation classes (or Quill's names for them): any other
      // could borrow the site's styles.
      data.attrValue = contentClasses(data.attrValue);
      if (data.attrValue === '') data.keepAttr = false;
    } else if (data.attrName === 'target') {
      // A link may open a new tab, and nothing else (no _top, no named frame).
      if (!(LINK_TARGETS as readonly string[]).includes(data.attrValue)) data.keepAttr = false;
    }
  });

  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      // Whatever rel was stored: the opened page gets no handle on this one.
      node.setAttribute('rel', LINK_REL);
      return;
    }
    for (const name of LINK_ONLY_ATTRIBUTES) node.removeAttribute(name);
  });

  return (html) => purify.sanitize(html, CONFIG);
}

let sanitizer: ((html: string) => string) | undefined;

/** The HTML cut down to the editor's tags, classes and safe links, ready for innerHTML. */
export function sanitizeContent(html: string): string {
  sanitizer ??= createSanitizer();
  return sanitizer(html);
}
