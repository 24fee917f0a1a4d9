// Editor value -> HTML, written exactly as the server's sanitizer (server/modules/post/sanitize-html.ts)
// and a browser serialize it, so what the editor saves is what is stored, byte for byte:
//   - only the allowed tags: p, h2, h3, blockquote, ul, ol, li, pre, code, hr, strong, em, u, s, a, br,
//     table, thead, tbody, tr, th, td;
//   - a table as <table><thead><tr><th>..</th></tr></thead><tbody><tr><td>..</td></tr></tbody></table>
//     (the thead only for a header row, the tbody only when there are other rows), each cell's
//     inline content as a paragraph's, but an empty cell empty (a cell keeps its height anyway);
//   - each subheading with the id the sanitizer gives it (kernel/heading-ids.ts), after its class;
//   - a picture as the sanitizer rebuilds it: <figure><img ...><figcaption>...</figcaption></figure>
//     (kernel/content-pictures.ts, one writer for both);
//   - a code block as <pre><code class="language-x">text</code></pre>, its text as typed (the
//     server adds highlighting when it stores it; the reader reads the text back without it);
//   - alignment and indentation as the allowed classes, alignment first ("align-center indent-2");
//   - links as <a href="..." target="_blank" rel="noopener noreferrer">, with an href the
//     sanitizer keeps unchanged (link-url.ts), or no link at all;
//   - marks nested in one fixed order (strong > em > u > s), so any split of the same text into
//     leaves gives the same HTML;
//   - text escaped as innerHTML escapes it (&amp; &lt; &gt; &nbsp;);
//   - no empty paragraph after a table at the end (the editor's place for the caret);
//   - what HTML would collapse made visible: a space at the start or end of a line, or after
//     another space, is written as &nbsp; (so the post shows the spaces the editor showed), and a
//     block that is empty or ends with a line break gets one more <br> (browsers do not show a
//     trailing <br>). The reader (html-deserialize.ts) undoes exactly these two steps.
import { Node, type Descendant } from 'slate';
import { figureHtml } from '#kernel/content-pictures.ts';
import { headingIds } from '#kernel/heading-ids.ts';
import { codeLanguageClass } from '#kernel/code-languages.ts';
import { layoutClasses } from '#kernel/content-rules.ts';
import { linkHref } from './link-url';
import {
  isCodeBlock,
  isDivider,
  isHeading,
  isLink,
  isList,
  isPicture,
  isTable,
  isTextBlock,
  type CodeBlockElement,
  type TableElement,
  type FormattedText,
  type ListElement,
  type Mark,
  type TextBlockElement,
} from './rich-text-types';

const MARK_TAGS: ReadonlyArray<readonly [Mark, string]> = [
  ['bold', 'strong'],
  ['italic', 'em'],
  ['underline', 'u'],
  ['strikethrough', 's'],
  ['code', 'code'],
];

const NBSP = '\u00a0';

/** The HTML of a whole editor value: its blocks, one after the other, without whitespace between. */
export function slateToHtml(value: readonly Descendant[]): string {
  // The empty paragraph the editor keeps after a table at the end (so the caret can leave it) is
  // no text: the server drops it, and the editor puts it back on opening the post.
  const last = value[value.length - 1];
  const nodes =
    isTable(value[value.length - 2]) && isTextBlock(last) && last.type === 'paragraph' && Node.string(last) === ''
      ? value.slice(0, -1)
      : value;
  const ids = headingIds(nodes.filter(isHeading).map(headingText));
  let headingIndex = 0;
  const html = nodes.map((node) => (isHeading(node) ? heading(node, ids[headingIndex++]!) : topBlock(node))).join('');
  // Nothing at all (only empty lists) reads back as one empty paragraph: write that.
  return html || '<p><br></p>';
}

/** A heading's text as the sanitizer reads it (textContent): a line break is no character there. */
function headingText(block: TextBlockElement): string {
  return leavesOf(block.children)
    .map((leaf) => leaf.text)
    .join('')
    .replace(/\n/g, '');
}

function heading(block: TextBlockElement, id: string): string {
  const tag = block.type === 'heading-two' ? 'h2' : 'h3';
  return `<${tag}${classAttribute(block)} id="${escapeAttribute(id)}">${inlineContent(block.children)}</${tag}>`;
}

function codeBlock(block: CodeBlockElement): string {
  const text = block.children
    .map((child) => ('text' in child ? child.text : ''))
    .join('')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  const language = block.language ? ` class="${codeLanguageClass(block.language)}"` : '';
  // Inside <pre> spaces and line ends show as typed: only what HTML gives a meaning to is escaped.
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
  return `<pre><code${language}>${escaped}</code></pre>`;
}

function topBlock(node: Descendant): string {
  if (isList(node)) return list(node);
  if (isCodeBlock(node)) return codeBlock(node);
  if (isDivider(node)) return '<hr>';
  if (isPicture(node)) return figureHtml(node);
  if (isTable(node)) return table(node);
  if (isTextBlock(node)) {
    // A list item outside a list is not a valid value; it is written as the paragraph it shows as.
    return textBlock(node.type === 'block-quote' ? 'blockquote' : 'p', node);
  }
  // A stray inline or text at the top level: it shows as a paragraph's content.
  return textBlock('p', { type: 'paragraph', children: [node as FormattedText] });
}

function classAttribute(block: TextBlockElement): string {
  const classes = layoutClasses(block);
  return classes.length > 0 ? ` class="${classes.join(' ')}"` : '';
}

function textBlock(tag: string, block: TextBlockElement, nested = ''): string {
  return `<${tag}${classAttribute(block)}>${inlineContent(block.children)}${nested}</${tag}>`;
}

function list(node: ListElement): string {
  const tag = node.type === 'numbered-list' ? 'ol' : 'ul';
  const items: string[] = [];
  const children = node.children;
  let index = 0;
  while (index < children.length) {
    const first = children[index]!;
    const item = isList(first) ? null : first;
    if (item) index += 1;
    // The lists that follow an item are its sub-lists, written inside it.
    const nestedStart = index;
    while (index < children.length && isList(children[index])) index += 1;
    const nested = (children.slice(nestedStart, index) as ListElement[]).map(list).join('');
    if (item) {
      // Anything else directly in a list (not a valid value) is written as the item it shows as.
      const block: TextBlockElement = isTextBlock(item)
        ? item
        : { type: 'list-item', children: [item as unknown as FormattedText] };
      items.push(textBlock('li', block, nested));
    } else if (nested !== '') {
      // Sub-lists before any item (a list that starts deeper): an item with nothing but them.
      items.push(`<li>${nested}</li>`);
    }
  }
  // A list without items is no list: HTML cannot hold it and the reader would drop it.
  return items.length > 0 ? `<${tag}>${items.join('')}</${tag}>` : '';
}

function table(node: TableElement): string {
  const rows = node.children.map((row, index) => {
    const cells = row.children.map((cell) => {
      // Only the first row's cells can be header cells (the plugin's normalizer keeps it so).
      const tag = index === 0 && cell.header ? 'th' : 'td';
      return `<${tag}>${inlineContent(cell.children, false)}</${tag}>`;
    });
    return `<tr>${cells.join('')}</tr>`;
  });
  const first = node.children[0];
  const headed = first !== undefined && first.children.some((cell) => cell.header);
  const head = headed ? `<thead>${rows[0]}</thead>` : '';
  const body = rows.slice(headed ? 1 : 0).join('');
  // A table without rows is no table (the normalizer never leaves one).
  return rows.length > 0 ? `<table>${head}${body ? `<tbody>${body}</tbody>` : ''}</table>` : '';
}

interface Leaf {
  text: string;
  marks: ReadonlySet<Mark>;
  /** The href, for the text of a link. */
  href: string | null;
  /** The link element the text belongs to: two links side by side stay two links. */
  link: object | null;
}

/** Characters HTML drops or rewrites on parsing (NUL, CR, other controls); a tab shows as a space. */
function cleanText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

function marksOf(text: FormattedText): Set<Mark> {
  return new Set(MARK_TAGS.filter(([mark]) => Boolean(text[mark])).map(([mark]) => mark));
}

function leavesOf(children: readonly Descendant[]): Leaf[] {
  const leaves: Leaf[] = [];
  for (const child of children) {
    if (isLink(child)) {
      const href = linkHref(child.url);
      // A link whose address would be refused is written as the plain text it then is.
      const link = href === null ? null : child;
      for (const text of child.children) {
        if ('text' in text) leaves.push({ text: cleanText(text.text), marks: marksOf(text), href, link });
      }
    } else if ('text' in child) {
      leaves.push({ text: cleanText(child.text), marks: marksOf(child), href: null, link: null });
    }
  }
  return leaves;
}

/**
 * Writes as &nbsp; each space that HTML would collapse: at the start or end of a line, or after a
 * space written as a space. The result is a fixed point: reading it back and writing it again
 * changes nothing.
 */
function keepSpaces(text: string): string {
  const out: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, lineIndex) => {
    if (lineIndex > 0) out.push('\n');
    let previousWasSpace = true; // a line starts as if after a space
    for (let i = 0; i < line.length; i += 1) {
      const character = line[i]!;
      if (character === ' ' && (previousWasSpace || i === line.length - 1)) {
        out.push(NBSP);
        previousWasSpace = false;
      } else {
        out.push(character);
        previousWasSpace = character === ' ';
      }
    }
  });
  return out.join('');
}

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/\n/g, '<br>');
}

function escapeAttribute(value: string): string {
  // linkHref and headingIds leave no quotes or angle brackets.
  return value.replace(/&/g, '&amp;').replace(/\u00a0/g, '&nbsp;');
}

/** `emptyPlaceholder`: whether an empty block gets a <br> (a paragraph would show no line without it). */
function inlineContent(children: readonly Descendant[], emptyPlaceholder = true): string {
  const leaves = leavesOf(children);
  // Spaces are judged on the block's whole text: a space at the end of a bold word and one at the
  // start of the next plain word are neighbours.
  const whole = keepSpaces(leaves.map((leaf) => leaf.text).join(''));
  let offset = 0;
  for (const leaf of leaves) {
    leaf.text = whole.slice(offset, offset + leaf.text.length);
    offset += leaf.text.length;
  }
  // A link without text cannot be seen or clicked: it is not written.
  const visible = leaves.filter((leaf) => leaf.text !== '');
  const placeholder = (whole === '' && emptyPlaceholder) || whole.endsWith('\n') ? '<br>' : '';
  return linkRuns(visible) + placeholder;
}

function linkRuns(leaves: readonly Leaf[]): string {
  let html = '';
  let start = 0;
  while (start < leaves.length) {
    const link = leaves[start]!.link;
    let end = start + 1;
    while (end < leaves.length && leaves[end]!.link === link) end += 1;
    const run = leaves.slice(start, end);
    const href = run[0]!.href;
    const content = markRuns(run, 0);
    html +=
      href === null
        ? content
        : `<a href="${escapeAttribute(href)}" target="_blank" rel="noopener noreferrer">${content}</a>`;
    start = end;
  }
  return html;
}

/** Nests the marks in MARK_TAGS order: a run of leaves sharing a mark gets one tag around it. */
function markRuns(leaves: readonly Leaf[], level: number): string {
  const entry = MARK_TAGS[level];
  if (!entry) return leaves.map((leaf) => escapeText(leaf.text)).join('');
  const [mark, tag] = entry;
  let html = '';
  let start = 0;
  while (start < leaves.length) {
    const marked = leaves[start]!.marks.has(mark);
    let end = start + 1;
    while (end < leaves.length && leaves[end]!.marks.has(mark) === marked) end += 1;
    const inner = markRuns(leaves.slice(start, end), level + 1);
    html += marked ? `<${tag}>${inner}</${tag}>` : inner;
    start = end;
  }
  return html;
}
