// HTML -> editor value, Slate's documented way: DOMParser, then slate-hyperscript's jsx() to build
// the nodes. It reads what html-serialize.ts writes back to the same value, and makes the best of
// any other HTML (a paste from a web page or a word processor, a post written through the API):
//   - b, i, del, strike and font-weight / font-style / text-decoration styles become marks, code
//     (and kbd, samp, tt) inline code;
//   - h1 and h2 become the upper subheading, h3 to h6 the lower one (the post's title is its h1);
//   - pre becomes a code block (its text only, so the server's highlighting is read as plain text),
//     with its language when a class names one; hr becomes a divider; a figure (or img) of this
//     site's uploads a picture, any other img nothing;
//   - div and other block tags become paragraphs, a quote's blocks quotes;
//   - text-align styles become alignment; unknown tags keep their text, scripts and styles do not;
//   - a table becomes a table (its caption a paragraph before it): its rows wherever they sit
//     (thead, tbody, tfoot, none), each cell's blocks flattened into lines of one cell with their
//     marks and links, merged cells (colspan, rowspan) split into the cell and empty ones, every
//     row as long as the longest; its first row is a header row when it is in a thead or all
//     <th>, and a <th> elsewhere is an ordinary cell;
//   - whitespace is collapsed as a browser would show it, and a block's trailing <br> (which a
//     browser does not show) is dropped, which also undoes the writer's placeholder <br>.
import type { Descendant } from 'slate';
import { jsx } from 'slate-hyperscript';
import { codeLanguageOfClass } from '#kernel/code-languages.ts';
import { layoutOfClasses } from '#kernel/content-rules.ts';
import { pictureOfAttributes, pictureText } from '#kernel/content-pictures.ts';
import { linkHref } from './link-url';
import {
  emptyValue,
  isAlign,
  type Align,
  type FormattedText,
  type HeadingType,
  type ListElement,
  type ListItemElement,
  type ListType,
  type Mark,
  type PictureElement,
  type TableCellElement,
  type TableElement,
  type TableRowElement,
  type TopBlockElement,
} from './rich-text-types';
import { inlineLines } from './table-commands';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements whose content is never text of the post. */
const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'HEAD',
  'TITLE',
  'META',
  'LINK',
  'NOSCRIPT',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'svg',
  'math',
  'SELECT',
  'TEXTAREA',
  'BUTTON',
  'INPUT',
  'IMG',
  'VIDEO',
  'AUDIO',
  'CANVAS',
]);

/** Elements that start and end a block of text. */
const BLOCKS = new Set([
  'P',
  'DIV',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'PRE',
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'SECTION',
  'HEADER',
  'FOOTER',
  'NAV',
  'MAIN',
  'FIGURE',
  'FIGCAPTION',
  'DL',
  'DT',
  'DD',
  'TABLE',
  'THEAD',
  'TBODY',
  'TFOOT',
  'TR',
  'TD',
  'TH',
  'CAPTION',
  'HR',
  'LI',
  'DETAILS',
  'SUMMARY',
  'FIELDSET',
  'LEGEND',
  'FORM',
]);

const MARK_TAGS: Record<string, Mark> = {
  STRONG: 'bold',
  B: 'bold',
  EM: 'italic',
  I: 'italic',
  U: 'underline',
  INS: 'underline',
  S: 'strikethrough',
  STRIKE: 'strikethrough',
  DEL: 'strikethrough',
  CODE: 'code',
  KBD: 'code',
  SAMP: 'code',
  TT: 'code',
};

const HEADINGS: Record<string, HeadingType> = {
  H1: 'heading-two',
  H2: 'heading-two',
  H3: 'heading-three',
  H4: 'heading-three',
  H5: 'heading-three',
  H6: 'heading-three',
};

interface BlockStyle {
  quote: boolean;
  heading?: HeadingType;
  align?: Align;
  indent?: number;
}

interface Context extends BlockStyle {
  marks: ReadonlySet<Mark>;
  /** The <a> the text is in, when its href is one the editor keeps. */
  link: { element: Element; url: string } | null;
}

interface Leaf {
  text: string;
  /** A <br>: a line break that whitespace collapsing never touches. */
  isBreak: boolean;
  marks: ReadonlySet<Mark>;
  link: Context['link'];
}

/** What a list holds while it is read: items and sub-lists in order. */
type ListChild = ListItemElement | ListElement;

/**
 * The editor value for this HTML: at least one block. `parser` defaults to the page's DOMParser;
 * tests pass jsdom's.
 */
export function htmlToSlate(html: string, parser: DOMParser = new DOMParser()): Descendant[] {
  return readHtml(html, parser).nodes;
}

/** What reading HTML changed that the author should be told of (a paste's notice). */
export interface HtmlReading {
  nodes: Descendant[];
  /** A table had merged cells, which were split (the editor's tables have none). */
  splitCells: boolean;
}

/** htmlToSlate, with what it had to change on the way. */
export function readHtml(html: string, parser: DOMParser = new DOMParser()): HtmlReading {
  const body = parser.parseFromString(html, 'text/html').body;
  const notes = { splitCells: false };
  const reader = new FlowReader('top', notes);
  reader.readChildren(body, { quote: false, marks: new Set(), link: null });
  reader.flush();
  const blocks = reader.blocks as TopBlockElement[];
  const nodes = blocks.length > 0 ? (jsx('fragment', {}, blocks) as Descendant[]) : emptyValue();
  return { nodes, splitCells: notes.splitCells };
}

interface Notes {
  splitCells: boolean;
}

function styleOf(element: Element): CSSStyleDeclaration | undefined {
  return (element as HTMLElement).style;
}

function blockStyle(element: Element, inherited: BlockStyle): BlockStyle {
  const style: BlockStyle = { ...inherited };
  const classes = (element.getAttribute('class') ?? '').split(/\s+/);
  let align: unknown = styleOf(element)?.textAlign || element.getAttribute('align')?.toLowerCase();
  if (align === 'start') align = 'left';
  if (align === 'end') align = 'right';
  const layout = layoutOfClasses(classes);
  align = layout.align ?? align;
  if (isAlign(align)) style.align = align;
  if (layout.indent !== undefined) style.indent = layout.indent;
  return style;
}

function inlineContext(element: Element, context: Context): Context {
  const tag = element.nodeName;
  const marks = new Set(context.marks);
  const style = styleOf(element);
  const mark = MARK_TAGS[tag];
  // Google Docs wraps a whole paste in <b style="font-weight:normal">.
  const notBold = (tag === 'B' || tag === 'STRONG') && /^(normal|[1-4]00)$/.test(style?.fontWeight ?? '');
  if (mark && !notBold) marks.add(mark);
  if (style) {
    if (/^(bold|bolder|[6-9]00)$/.test(style.fontWeight)) marks.add('bold');
    if (style.fontStyle === 'italic') marks.add('italic');
    const decoration = `${style.textDecoration} ${style.textDecorationLine}`;
    if (decoration.includes('underline')) marks.add('underline');
    if (decoration.includes('line-through')) marks.add('strikethrough');
  }
  let link = context.link;
  if (tag === 'A') {
    const href = element.getAttribute('href');
    const url = href === null ? null : linkHref(href);
    // A link inside a link cannot exist in HTML; an unusable href leaves plain text.
    link = url === null ? context.link : { element, url };
  }
  return { ...context, marks, link };
}

/**
 * Reads a run of HTML into blocks. At the top level it makes paragraphs, quotes and lists; inside a
 * list ('list' mode) it makes list items, and lists met inside an item become sub-lists after it.
 */
class FlowReader {
  readonly blocks: Array<TopBlockElement | ListChild> = [];
  private pending: Leaf[] = [];
  private pendingStyle: BlockStyle = { quote: false };

  constructor(
    private readonly mode: 'top' | 'list',
    private readonly notes: Notes = { splitCells: false },
  ) {}

  readChildren(parent: Node, context: Context): void {
    for (const child of Array.from(parent.childNodes)) this.read(child, context);
  }

  read(node: Node, context: Context): void {
    if (node.nodeType === TEXT_NODE) {
      this.push({ text: node.nodeValue ?? '', isBreak: false, marks: context.marks, link: context.link }, context);
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.nodeName;
    if (SKIPPED.has(tag)) return;
    // Word writes each list item's bullet or number as text, marked for its own use only.
    if (/mso-list:\s*ignore/i.test(element.getAttribute('style') ?? '')) return;
    if (tag === 'BR') {
      this.push({ text: '\n', isBreak: true, marks: context.marks, link: context.link }, context);
    } else if ((tag === 'FIGURE' || tag === 'IMG') && this.mode === 'top' && pictureOf(element)) {
      this.flush();
      this.blocks.push(pictureOf(element)!);
    } else if ((tag === 'PRE' || tag === 'HR') && this.mode === 'top') {
      this.flush();
      this.blocks.push(
        tag === 'PRE'
          ? codeBlock(element)
          : (jsx('element', { type: 'divider' }, [jsx('text', {}, '')]) as TopBlockElement),
      );
    } else if (tag === 'TABLE' && this.mode === 'top') {
      this.flush();
      this.blocks.push(...readTable(element, context, this.notes));
    } else if (tag === 'UL' || tag === 'OL') {
      this.flush();
      const list = readList(element, context);
      if (list) this.blocks.push(list);
    } else if (tag === 'BLOCKQUOTE' || BLOCKS.has(tag)) {
      this.flush();
      const before = this.blocks.length;
      const inner: Context = {
        ...context,
        ...blockStyle(element, context),
        quote: context.quote || tag === 'BLOCKQUOTE',
      };
      const heading = HEADINGS[tag];
      if (heading) inner.heading = heading;
      this.readChildren(element, inner);
      // An element that gave no block at all (<p></p>) is still an empty line of its own.
      if (!this.flush() && this.blocks.length === before && tag !== 'HR' && !BLOCK_GROUPS.has(tag)) {
        this.pendingStyle = inner;
        this.emit([]);
      }
    } else {
      this.readChildren(element, inlineContext(element, context));
    }
  }

  private push(leaf: Leaf, context: Context): void {
    if (this.pending.length === 0) this.pendingStyle = context;
    this.pending.push(leaf);
  }

  /** Ends the current block of text, if there is one; true when it made a block. */
  flush(): boolean {
    const leaves = this.pending;
    this.pending = [];
    if (leaves.length === 0) return false;
    const collapsed = collapseWhitespace(leaves);
    // Whitespace between blocks (indentation in the HTML source) is no block.
    if (collapsed.length === 0 && !leaves.some((leaf) => leaf.isBreak)) return false;
    // A trailing <br> is not shown by browsers; the writer adds one to empty blocks and blocks
    // ending with a line break, so dropping it gives back exactly what was written.
    const last = collapsed[collapsed.length - 1];
    if (last?.isBreak) collapsed.pop();
    this.emit(collapsed);
    return true;
  }

  private emit(leaves: Leaf[]): void {
    const style = this.pendingStyle;
    const type = this.mode === 'list' ? 'list-item' : style.quote ? 'block-quote' : (style.heading ?? 'paragraph');
    const attributes: Record<string, unknown> = { type };
    if (style.align) attributes.align = style.align;
    if (style.indent) attributes.indent = style.indent;
    this.blocks.push(jsx('element', attributes, inlineNodes(leaves)) as TopBlockElement | ListItemElement);
  }
}

/**
 * A figure or img that shows one of this site's uploads (kernel/content-pictures.ts), as a picture
 * with its alt text and caption; null for any other (its text, if any, is read as text).
 */
function pictureOf(element: Element): PictureElement | null {
  const img = element.nodeName === 'IMG' ? element : element.querySelector('img');
  const image = img ? pictureOfAttributes((name) => img.getAttribute(name)) : null;
  if (!img || !image) return null;
  const caption = element.nodeName === 'FIGURE' ? (element.querySelector('figcaption')?.textContent ?? '') : '';
  return {
    type: 'picture',
    ...image,
    alt: pictureText(img.getAttribute('alt') ?? ''),
    caption: pictureText(caption),
    children: [{ text: '' }],
  };
}

/** A <pre>: its text as it shows (a <br> is a new line), and the language its code or itself names. */
function codeBlock(pre: Element): TopBlockElement {
  const code = pre.querySelector('code');
  const language =
    codeLanguageOfClass(code?.getAttribute('class') ?? '') ?? codeLanguageOfClass(pre.getAttribute('class') ?? '');
  const attributes: Record<string, unknown> = { type: 'code-block' };
  if (language) attributes.language = language;
  return jsx('element', attributes, [jsx('text', {}, preText(pre))]) as TopBlockElement;
}

function preText(node: Node): string {
  if (node.nodeType === TEXT_NODE) return node.nodeValue ?? '';
  if (node.nodeType !== ELEMENT_NODE) return '';
  if (node.nodeName === 'BR') return '\n';
  if (SKIPPED.has(node.nodeName)) return '';
  return Array.from(node.childNodes, preText).join('');
}

/** Most cells one merged cell is split into, whatever its colspan says (HTML's own limit is 1000). */
const MAX_SPAN = 50;

function spanOf(cell: Element, name: string, most: number): number {
  const value = Number.parseInt(cell.getAttribute(name) ?? '', 10);
  // rowspan="0" spans the rest of the table.
  if (name === 'rowspan' && value === 0) return most;
  return Number.isFinite(value) && value > 1 ? Math.min(value, most) : 1;
}

function tableCell(children: Descendant[], header: boolean): TableCellElement {
  return jsx(
    'element',
    header ? { type: 'table-cell', header: true } : { type: 'table-cell' },
    children,
  ) as TableCellElement;
}

/** A <table>: its caption as a paragraph, then the table; nothing when it has no cells. */
function readTable(element: Element, context: Context, notes: Notes): TopBlockElement[] {
  // A cell starts a fresh block style, as a list does; marks around the whole table still apply.
  const cellContext: Context = { marks: context.marks, link: context.link, quote: false };
  const readInline = (node: Element): Descendant[] => {
    const reader = new FlowReader('top', notes);
    reader.readChildren(node, cellContext);
    reader.flush();
    return inlineLines(reader.blocks as Descendant[]);
  };
  const blocks: TopBlockElement[] = [];
  const caption = Array.from(element.children).find((child) => child.nodeName === 'CAPTION');
  if (caption && (caption.textContent ?? '').trim() !== '') {
    blocks.push(jsx('element', { type: 'paragraph' }, readInline(caption)) as TopBlockElement);
  }
  const rows = Array.from(element.children).flatMap((child) =>
    child.nodeName === 'TR'
      ? [child]
      : ['THEAD', 'TBODY', 'TFOOT'].includes(child.nodeName)
        ? Array.from(child.children).filter((row) => row.nodeName === 'TR')
        : [],
  );
  const grid: Array<Array<TableCellElement | undefined>> = rows.map(() => []);
  rows.forEach((row, rowIndex) => {
    let column = 0;
    for (const cell of Array.from(row.children).filter((child) => child.nodeName === 'TD' || child.nodeName === 'TH')) {
      const line = grid[rowIndex]!;
      while (line[column]) column += 1;
      const columns = spanOf(cell, 'colspan', MAX_SPAN);
      const rowsSpanned = spanOf(cell, 'rowspan', rows.length - rowIndex);
      if (columns > 1 || rowsSpanned > 1) notes.splitCells = true;
      for (let down = 0; down < rowsSpanned; down += 1) {
        for (let across = 0; across < columns; across += 1) {
          grid[rowIndex + down]![column + across] =
            down === 0 && across === 0 ? tableCell(readInline(cell), false) : tableCell([jsx('text', {}, '')], false);
        }
      }
      column += columns;
    }
  });
  const width = Math.max(0, ...grid.map((line) => line.length));
  if (width === 0) return blocks;
  const first = rows[0]!;
  const firstCells = Array.from(first.children).filter((child) => child.nodeName === 'TD' || child.nodeName === 'TH');
  const headed = first.parentElement?.nodeName === 'THEAD' || firstCells.every((cell) => cell.nodeName === 'TH');
  const tableRows = grid
    .map((line, rowIndex) => {
      const cells = Array.from({ length: width }, (_, column) => {
        const cell = line[column] ?? tableCell([jsx('text', {}, '')], false);
        return rowIndex === 0 && headed ? { ...cell, header: true } : cell;
      });
      return jsx('element', { type: 'table-row' }, cells) as TableRowElement;
    })
    // A row of nothing but the ends of cells spanning down into it is still a row; one with no
    // cells at all (<tr></tr>) is none.
    .filter((_, rowIndex) => grid[rowIndex]!.length > 0);
  blocks.push(jsx('element', { type: 'table' }, tableRows) as TableElement);
  return blocks;
}

/** Containers of blocks that are no line of text themselves, even when empty. */
const BLOCK_GROUPS = new Set(['TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'DL', 'DETAILS', 'FIELDSET', 'FORM']);

function readList(element: Element, context: Context): ListElement | null {
  const type: ListType = element.nodeName === 'OL' ? 'numbered-list' : 'bulleted-list';
  // A list starts a fresh block style: an item's alignment is its own, not its parent item's.
  const listContext: Context = { marks: context.marks, link: context.link, quote: false };
  const children: ListChild[] = [];
  // Anything in the list that is not an item (stray text, a <p>) is read as items too.
  let loose = new FlowReader('list');
  const takeLoose = () => {
    loose.flush();
    children.push(...(loose.blocks as ListChild[]));
    loose = new FlowReader('list');
  };
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === ELEMENT_NODE && child.nodeName === 'LI') {
      takeLoose();
      children.push(...readListItem(child as Element, listContext));
    } else if (child.nodeType === ELEMENT_NODE && (child.nodeName === 'UL' || child.nodeName === 'OL')) {
      takeLoose();
      const nested = readList(child as Element, listContext);
      if (nested) children.push(nested);
    } else {
      loose.read(child, listContext);
    }
  }
  takeLoose();
  return children.length > 0 ? (jsx('element', { type }, children) as ListElement) : null;
}

/** An <li>: its item, then its sub-lists; an item made of nothing but sub-lists is only them. */
function readListItem(element: Element, context: Context): ListChild[] {
  const reader = new FlowReader('list');
  const inner: Context = { ...context, ...blockStyle(element, context) };
  reader.readChildren(element, inner);
  reader.flush();
  if (reader.blocks.length === 0) {
    // <li></li>: an empty item.
    return [jsx('element', { type: 'list-item', ...styleAttributes(inner) }, [jsx('text', {}, '')]) as ListItemElement];
  }
  return reader.blocks as ListChild[];
}

function styleAttributes(style: BlockStyle): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (style.align) attributes.align = style.align;
  if (style.indent) attributes.indent = style.indent;
  return attributes;
}

/**
 * Collapses whitespace as a browser shows it: runs of spaces, tabs and newlines become one space,
 * none at the start or end of a line (a line ends at a <br> or the block's end). &nbsp; stays.
 */
function collapseWhitespace(leaves: readonly Leaf[]): Leaf[] {
  const out: Leaf[] = [];
  let afterSpace = true; // the start of a line counts as after a space
  const trimLineEnd = () => {
    for (let i = out.length - 1; i >= 0; i -= 1) {
      const leaf = out[i]!;
      if (leaf.isBreak) return;
      const trimmed = leaf.text.replace(/ +$/, '');
      leaf.text = trimmed;
      if (trimmed !== '') return;
    }
  };
  for (const leaf of leaves) {
    if (leaf.isBreak) {
      trimLineEnd();
      out.push({ ...leaf });
      afterSpace = true;
      continue;
    }
    let text = '';
    for (const character of leaf.text.replace(/[ \t\n\r\f]+/g, ' ')) {
      if (character === ' ' && afterSpace) continue;
      text += character;
      afterSpace = character === ' ';
    }
    if (text !== '') out.push({ ...leaf, text });
  }
  trimLineEnd();
  return out.filter((leaf) => leaf.isBreak || leaf.text !== '');
}

function textNode(leaf: Leaf): FormattedText {
  const marks: Record<string, boolean> = {};
  for (const mark of leaf.marks) marks[mark] = true;
  return jsx('text', marks, leaf.text) as FormattedText;
}

function sameMarks(a: ReadonlySet<Mark>, b: ReadonlySet<Mark>): boolean {
  return a.size === b.size && [...a].every((mark) => b.has(mark));
}

/** Texts merged where their marks agree, links grouped, and texts around each link as Slate wants. */
function inlineNodes(leaves: readonly Leaf[]): Descendant[] {
  const merged: Leaf[] = [];
  for (const leaf of leaves) {
    const previous = merged[merged.length - 1];
    if (previous && previous.link?.element === leaf.link?.element && sameMarks(previous.marks, leaf.marks)) {
      previous.text += leaf.text;
    } else {
      merged.push({ ...leaf });
    }
  }
  const nodes: Descendant[] = [];
  let index = 0;
  while (index < merged.length) {
    const leaf = merged[index]!;
    if (!leaf.link) {
      nodes.push(textNode(leaf));
      index += 1;
      continue;
    }
    const { element, url } = leaf.link;
    const texts: FormattedText[] = [];
    while (index < merged.length && merged[index]!.link?.element === element) texts.push(textNode(merged[index++]!));
    if (!(nodes[nodes.length - 1] && 'text' in nodes[nodes.length - 1]!))
      nodes.push(jsx('text', {}, '') as FormattedText);
    nodes.push(jsx('element', { type: 'link', url }, texts) as Descendant);
  }
  if (nodes.length === 0 || !('text' in nodes[nodes.length - 1]!)) nodes.push(jsx('text', {}, '') as FormattedText);
  return nodes;
}
