// Post content is sanitized again in the browser before it is rendered: the server already cut it
// down on write, but a row written by an older version, a migration or a hand edit never passed
// through that, and innerHTML is where an XSS would land. The rules and the sanitizer are the
// server's own (kernel/content-sanitizer.ts); this module only brings the browser's DOMPurify, in a
// chunk of its own.
import createDOMPurify from 'dompurify';
import { createContentSanitizer } from '#kernel/content-sanitizer.ts';

let sanitizer: ((html: string) => string) | undefined;

/** The HTML cut down to the editor's tags, classes and safe links, ready for innerHTML. */
export function sanitizeContent(html: string): string {
  // An instance of its own: the factory's hooks never change what another module's DOMPurify does.
  sanitizer ??= createContentSanitizer(createDOMPurify(window));
  return sanitizer(html);
}
