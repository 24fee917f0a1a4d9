// Post content is stored only after DOMPurify has cut it down to what the editor produces
// (kernel/content-rules.ts, content-sanitizer.ts): whatever a caller sends, no script, handler, style or foreign
// URL reaches a reader's browser. DOMPurify needs a DOM; jsdom provides one window for the process.
import createDOMPurify from 'dompurify';
import { JSDOM, type DOMWindow } from 'jsdom';
import { type PictureImage, uploadKeysIn } from '#kernel/content-pictures.ts';
import { createContentSanitizer, type ContentSanitizer } from '#kernel/content-sanitizer.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { highlightCode } from './highlight-code.ts';

let sanitizer: ContentSanitizer | undefined;
let window: DOMWindow | undefined;

/**
 * The process's one jsdom window for post content (the sanitizer's DOMPurify and the REST facade's
 * Quill HTML, quill-content.ts), made on first use: a process that never writes or renders a post
 * never loads it.
 */
export function contentWindow(): DOMWindow {
  window ??= new JSDOM('').window;
  return window;
}

/**
 * The sanitizer as the browser runs it (client/src/lib/sanitize.ts) over a post it shows: the page
 * the server renders must hold the same markup the browser's own render would.
 */
export function displaySanitizer(): ContentSanitizer {
  sanitizer ??= createContentSanitizer(createDOMPurify(contentWindow()));
  return sanitizer;
}

/**
 * The HTML cut down to the editor's tags, classes and safe links, as it is stored: headings with their
 * ids, code blocks highlighted, no runs of empty paragraphs, and only pictures that `pictures` knows
 * (this site's stored images), described as they are stored: without it, none.
 */
export function sanitizeContent(
  html: string,
  pictures: (storageKey: string) => PictureImage | undefined = () => undefined,
): string {
  return displaySanitizer()(html, { highlight: highlightCode, pictures }).trim();
}

/**
 * Rich content as it is stored (a post's, a page's): sanitized, and its pictures limited to images
 * stored here, each described by its stored row (sizes and variants). Returns it with those images' ids.
 */
export async function storedContent(
  prisma: PrismaClient,
  html: string,
): Promise<{ content: string; pictureIds: string[] }> {
  const keys = uploadKeysIn(html);
  const images = keys.length
    ? await prisma.image.findMany({
        where: { storageKey: { in: keys } },
        select: { id: true, storageKey: true, width: true, height: true, variantWidths: true },
      })
    : [];
  const byKey = new Map(images.map((image) => [image.storageKey, image]));
  const content = sanitizeContent(html, (key) => byKey.get(key));
  const pictureIds = uploadKeysIn(content).map((key) => byKey.get(key)!.id);
  return { content, pictureIds };
}
