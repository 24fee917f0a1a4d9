// The sanitizer factory: DOMPurify cut down to the content rules (content-rules.ts), with the steps
// that translate the original client's Quill HTML, make each heading's id, keep code blocks in one
// shape, rebuild tables in theirs and collapse empty paragraphs. Both sides build it over their own DOMPurify instance, so the
// server's copy and the browser's cut HTML down in exactly the same way.
// Pure: no Node imports, and DOMPurify only as a type (each side brings its own instance).
import type { Config, DOMPurify } from 'dompurify';
import { codeLanguageClass, codeLanguageOfClass } from './code-languages.ts';
import {
  CONTENT_ATTRIBUTES,
  CONTENT_CLASSES,
  CONTENT_TAGS,
  CONTENT_URL_PATTERN,
  LINK_REL,
  LINK_TARGETS,
  PICTURE_ATTRIBUTES,
  isContentClass,
} from './content-rules.ts';
import { pictureAttributes, pictureOfAttributes, pictureText, type PictureImage } from './content-pictures.ts';
import { headingIds } from './heading-ids.ts';
import { fromQuillClass, nestQuillLists } from './quill-html.ts';

/** The content class a class name stands for (ours, or Quill's name for one of ours), or null. */
export function contentClassOf(name: string): string | null {
  const ours = fromQuillClass(name);
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
export function createContentSanitizer(purify: DOMPurify): ContentSanitizer {
  purify.addHook('beforeSanitizeElements', (node) => {
    // The root comes first, so Quill's flat lists are nested and other editors' heading levels made
    // ours before anything inside is looked at.
    if (node.nodeName === 'BODY') {
      nestQuillLists(node as Element);
      renameHeadings(node as Element);
    }
  });

  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'class') {
      // Only the editor's alignment and indentation classes (or Quill's names for them), a code
      // block's language and the highlighter's token classes: any other could borrow the site's own
      // styles (a fake button, a full-page overlay).
      data.attrValue = classesFor(node, data.attrValue);
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
    // Only an img is read for a picture (and then rebuilt whole, finishPictures).
    if (node.tagName !== 'IMG') for (const name of PICTURE_ATTRIBUTES) node.removeAttribute(name);
  });

  return (html, options = {}) => {
    // As a DOM, for the steps that need the whole content (the root element DOMPurify returns is a <body>).
    const body = purify.sanitize(html, { ...CONTENT_SANITIZE_CONFIG, RETURN_DOM: true }) as Element;
    finishContent(body, options);
    return body.innerHTML;
  };
}

/** What only the server does while it sanitizes: it alone has a highlighter (never shipped to readers). */
export interface ContentSanitizeOptions {
  /** The HTML of `code` highlighted as `language`: text and spans with highlight classes only. */
  highlight?: (code: string, language: string) => string;
  /**
   * The stored image of a storage key, undefined when there is none: a picture of an unknown key is
   * dropped, a known one takes its size and variants from the stored image, whatever the img said.
   */
  pictures?: (storageKey: string) => PictureImage | undefined;
}

export type ContentSanitizer = (html: string, options?: ContentSanitizeOptions) => string;

// ---------------------------------------------------------------------------------------------
// Headings, code blocks and empty paragraphs

/** A post's title is its h1: other editors' h1 is the top subheading here, h4 to h6 the lower one. */
const HEADING_RENAMES: Record<string, string> = { H1: 'h2', H4: 'h3', H5: 'h3', H6: 'h3' };

function renameHeadings(root: Element): void {
  for (const heading of Array.from(root.querySelectorAll('h1, h4, h5, h6'))) {
    const renamed = heading.ownerDocument.createElement(HEADING_RENAMES[heading.nodeName]!);
    const classes = heading.getAttribute('class');
    if (classes !== null) renamed.setAttribute('class', classes);
    renamed.append(...Array.from(heading.childNodes));
    heading.replaceWith(renamed);
  }
}

/** highlight.js's token classes: hljs-keyword, hljs-built_in, and its sub-scopes written as "function_". */
const HIGHLIGHT_CLASS = /^(?:hljs-[a-z][a-z0-9_-]*|[a-z]+_+)$/;

function isCodeBlockCode(node: Element): boolean {
  return node.nodeName === 'CODE' && node.parentNode?.nodeName === 'PRE';
}

function classesFor(node: Element, value: string): string {
  // A code block's language is its code's class; the REST facade writes it on the <pre> beside
  // Quill's ql-syntax (quill-html.ts), and finishCodeBlock moves it back.
  if (isCodeBlockCode(node) || node.nodeName === 'PRE') {
    const language = codeLanguageOfClass(value);
    return language ? codeLanguageClass(language) : '';
  }
  if (node.nodeName === 'SPAN') {
    return value
      .split(/\s+/)
      .filter((name) => HIGHLIGHT_CLASS.test(name))
      .join(' ');
  }
  if (node.nodeName === 'CODE' || TABLE_PARTS.has(node.nodeName)) return '';
  return contentClasses(value);
}

/** A table's parts: alignment and indentation classes mean nothing on them (the editor writes none). */
const TABLE_PARTS = new Set(['TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD']);

/**
 * The steps that need the whole sanitized content: code blocks in one shape (pre > code, plain text
 * or the server's highlighting), tables in theirs, every heading's id made from its text, and no run
 * of empty paragraphs.
 */
function finishContent(body: Element, options: ContentSanitizeOptions): void {
  finishPictures(body, options);
  for (const span of Array.from(body.querySelectorAll('span'))) {
    if (!span.parentElement?.closest('pre > code')) span.replaceWith(...Array.from(span.childNodes));
  }
  for (const pre of Array.from(body.querySelectorAll('pre'))) finishCodeBlock(pre, options);
  for (const table of Array.from(body.querySelectorAll('table'))) finishTable(table);
  const headings = Array.from(body.querySelectorAll('h2, h3'));
  const ids = headingIds(headings.map((heading) => heading.textContent ?? ''));
  headings.forEach((heading, index) => heading.setAttribute('id', ids[index]!));
  collapseEmptyParagraphs(body);
}

/**
 * Each picture rebuilt in its one shape (content-pictures.ts): a figure at the top level holding one
 * img of this site's uploads and maybe a caption of plain text. An img of any other source (another
 * site, data:, javascript:), or not in such a figure, is removed; a figure without a picture leaves
 * its other content, and a caption outside a picture its text.
 */
function finishPictures(body: Element, options: ContentSanitizeOptions): void {
  const document = body.ownerDocument;
  const rebuilt = new Set<Element>();
  for (const figure of Array.from(body.children).filter((child) => child.nodeName === 'FIGURE')) {
    const img = figure.querySelector('img');
    const described = img && pictureOfAttributes((name) => img.getAttribute(name));
    const image = described && options.pictures ? options.pictures(described.storageKey) : described;
    if (!img || !image) continue;
    const picture = document.createElement('figure');
    const shown = picture.appendChild(document.createElement('img'));
    for (const [name, value] of pictureAttributes({ ...image, alt: img.getAttribute('alt') ?? '' })) {
      shown.setAttribute(name, value);
    }
    const caption = pictureText(figure.querySelector('figcaption')?.textContent ?? '');
    if (caption) picture.appendChild(document.createElement('figcaption')).textContent = caption;
    figure.replaceWith(picture);
    rebuilt.add(picture);
  }
  for (const element of Array.from(body.querySelectorAll('figure, img, figcaption'))) {
    if (rebuilt.has(element) || (element.parentElement && rebuilt.has(element.parentElement))) continue;
    if (element.nodeName === 'IMG') element.remove();
    else if (element.nodeName === 'FIGURE') {
      for (const caption of Array.from(element.querySelectorAll('figcaption'))) caption.remove();
      element.replaceWith(...Array.from(element.childNodes));
    } else if (element.isConnected) element.replaceWith(...Array.from(element.childNodes));
  }
}

/** A code block's text as it shows: a <br> (some pages write lines so) is a new line. */
function codeText(pre: Element): string {
  for (const br of Array.from(pre.querySelectorAll('br'))) br.replaceWith('\n');
  return pre.textContent ?? '';
}

function finishCodeBlock(pre: Element, options: ContentSanitizeOptions): void {
  const first = pre.firstElementChild;
  const code = first?.nodeName === 'CODE' && pre.childNodes.length === 1 ? first : null;
  const language =
    codeLanguageOfClass(pre.querySelector('code')?.getAttribute('class') ?? '') ??
    codeLanguageOfClass(pre.getAttribute('class') ?? '');
  const inShape =
    code !== null && !pre.hasAttributes() && Array.from(code.children).every((child) => isHighlightSpan(child));
  // Already in shape (plain text, or spans of highlighting) where nothing highlights: kept as it
  // is, so the browser's sanitizer gives what the server's did. The server rebuilds every block.
  if (inShape && !options.highlight) return;
  const text = codeText(pre);
  const rebuilt = pre.ownerDocument.createElement('code');
  if (language) rebuilt.setAttribute('class', codeLanguageClass(language));
  if (options.highlight && language) rebuilt.innerHTML = options.highlight(text, language);
  else rebuilt.textContent = text;
  for (const name of pre.getAttributeNames()) pre.removeAttribute(name);
  pre.replaceChildren(rebuilt);
}

/**
 * A table in the editor's one shape: its thead's rows (if any) in one thead, every other row in one
 * tbody after it, and nothing else (no whitespace; a tfoot's rows, its tag not kept, go last in the
 * tbody); a row without cells, and a table without rows, are gone. What else was left in it (a
 * caption's text, its tag not kept either) is a paragraph before it. Rebuilt from its own rows and
 * cells, so what the browser's parser and jsdom's make of odd markup comes out the same.
 */
function finishTable(table: Element): void {
  const document = table.ownerDocument;
  const loose = Array.from(table.childNodes).filter(
    (node) => !['THEAD', 'TBODY', 'TR'].includes(node.nodeName) && (node.textContent ?? '').trim() !== '',
  );
  if (loose.length > 0) {
    const paragraph = document.createElement('p');
    paragraph.append(...loose);
    table.before(paragraph);
  }
  const head: Element[] = [];
  const body: Element[] = [];
  const rows = Array.from(table.children).flatMap((child) =>
    child.nodeName === 'TR' ? [child] : ['THEAD', 'TBODY'].includes(child.nodeName) ? Array.from(child.children) : [],
  );
  for (const row of rows) {
    if (row.nodeName !== 'TR') continue;
    const cells = Array.from(row.children).filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH');
    if (cells.length === 0) continue;
    const rebuilt = document.createElement('tr');
    rebuilt.append(...cells);
    (row.parentElement?.nodeName === 'THEAD' && body.length === 0 ? head : body).push(rebuilt);
  }
  if (head.length + body.length === 0) {
    table.remove();
    return;
  }
  const parts: Element[] = [];
  if (head.length > 0) parts.push(document.createElement('thead'));
  if (body.length > 0) parts.push(document.createElement('tbody'));
  if (head.length > 0) parts[0]!.append(...head);
  if (body.length > 0) parts[parts.length - 1]!.append(...body);
  for (const name of table.getAttributeNames()) table.removeAttribute(name);
  table.replaceChildren(...parts);
}

function isHighlightSpan(node: Element): boolean {
  return node.nodeName === 'SPAN' && Array.from(node.children).every((child) => isHighlightSpan(child));
}

/** A paragraph that shows nothing: only line breaks and spaces. */
function isEmptyParagraph(node: Element): boolean {
  return (
    node.nodeName === 'P' &&
    Array.from(node.children).every((child) => child.nodeName === 'BR') &&
    (node.textContent ?? '').replace(/[\s\u00a0]+/g, '') === ''
  );
}

/**
 * Blank lines typed or pasted between paragraphs are gaps in the published post: a run of empty
 * paragraphs becomes one, and none is left before the first block or after the last. Content that is
 * nothing but empty paragraphs keeps one (the editor's empty document).
 */
function collapseEmptyParagraphs(body: Element): void {
  // Whitespace between blocks is no block (the sanitizer keeps what the source had).
  const blocks = Array.from(body.childNodes).filter(
    (node) => node.nodeType === ELEMENT_NODE || (node.textContent ?? '').trim() !== '',
  );
  const isEmpty = (node: ChildNode) => node.nodeType === ELEMENT_NODE && isEmptyParagraph(node as Element);
  const firstIndex = blocks.findIndex((node) => !isEmpty(node));
  if (firstIndex === -1) {
    blocks.slice(1).forEach((node) => node.remove());
    return;
  }
  const lastIndex = blocks.findLastIndex((node) => !isEmpty(node));
  blocks.forEach((node, index) => {
    if (!isEmpty(node)) return;
    if (index < firstIndex || index > lastIndex || isEmpty(blocks[index - 1]!)) node.remove();
  });
}
