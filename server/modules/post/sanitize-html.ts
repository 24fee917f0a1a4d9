// Post content is stored only after DOMPurify has cut it down to what the editor produces
// (kernel/content-rules.ts, content-sanitizer.ts): whatever a caller sends, no script, handler, style or foreign
// URL reaches a reader's browser. DOMPurify needs a DOM; jsdom provides one window for the process.
import { createRequire } from 'node:module';
import createDOMPurify from 'dompurify';
import type { DOMWindow, JSDOM as JsdomClass } from 'jsdom';
import { type PictureImage, uploadKeysIn } from '#kernel/content-pictures.ts';
import { createContentSanitizer, type ContentSanitizer } from '#kernel/content-sanitizer.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { highlightCode } from './highlight-code.ts';

let sanitizer: ContentSanitizer | undefined;
let window: DOMWindow | undefined;
// jsdom is loaded on first use too, not with the server: it is the heaviest package a start would
// read (a third of a second on a quiet machine), and the first pages a start serves need none of it.
const loadPackage = createRequire(import.meta.url);

/**
 * The process's one jsdom window for post content (the sanitizer's DOMPurify and the REST facade's
 * Quill HTML, quill-content.ts), made on first use: a process that never writes or renders a post
 * never loads it.
 */
export function contentWindow(): DOMWindow {
  window ??= new (loadPackage('jsdom') as { JSDOM: typeof JsdomClass }).JSDOM('').window;
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

/** The characters of content (and its sanitized form) the page renderer's memo keeps: some 4 MB. */
const RENDER_MEMO_CHARS = 2 * 1024 * 1024;

let memoSanitizer: ((html: string) => string) | undefined;

/**
 * displaySanitizer for the server's page render, remembering its last answers (least recently used
 * out past RENDER_MEMO_CHARS). A post page is rendered again whenever a write cools it, most often
 * for its ending (a neighbour or a related post changed) while its text did not; DOMPurify over
 * jsdom was a sixth of such a render (bench 6's CPU profile). Same input, same output: the rules
 * take nothing else.
 */
export function renderSanitizer(): (html: string) => string {
  if (memoSanitizer) return memoSanitizer;
  const sanitize = displaySanitizer();
  const memo = new Map<string, string>();
  let chars = 0;
  memoSanitizer = (html) => {
    const kept = memo.get(html);
    if (kept !== undefined) {
      // Used again: to the back of the queue.
      memo.delete(html);
      memo.set(html, kept);
      return kept;
    }
    const clean = sanitize(html);
    const size = html.length + clean.length;
    if (size > RENDER_MEMO_CHARS) return clean;
    for (const [oldest, value] of memo) {
      if (chars + size <= RENDER_MEMO_CHARS) break;
      memo.delete(oldest);
      chars -= oldest.length + value.length;
    }
    memo.set(html, clean);
    chars += size;
    return clean;
  };
  return memoSanitizer;
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
