// Post content is stored only after DOMPurify has cut it down to what the editor produces
// (kernel/content-rules.ts): whatever a caller sends, no script, handler, style or foreign
// URL reaches a reader's browser. DOMPurify needs a DOM; jsdom provides one window for the process.
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { createContentSanitizer } from '#kernel/content-rules.ts';

let sanitizer: ((html: string) => string) | undefined;

/** The HTML cut down to the editor's tags, classes and safe links. */
export function sanitizeContent(html: string): string {
  // Built on first use: a process that never writes a post never loads jsdom's window.
  sanitizer ??= createContentSanitizer(createDOMPurify(new JSDOM('').window));
  return sanitizer(html).trim();
}
