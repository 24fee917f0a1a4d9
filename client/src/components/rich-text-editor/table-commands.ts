// Tables in the editor: the rules that keep every table in the one shape html-serialize.ts writes
// (rich-text-types.ts), and what the table controls, Tab and Backspace do in one. Only slate: it runs
// in tests without a browser.
//   - A table sits at the top level and holds only rows, a row only cells, a cell only inline
//     content (a block put in one gives up its wrapper); all rows are as long as the longest.
//   - A table without rows, or a row without cells, goes; a row or cell out of its table is undone.
//   - Only the first row can be a header row, and then all of its cells are header cells.
//   - A paragraph always follows a table, so the caret can get out of it (and between two tables).
import { Editor, Element, Node, Path, Point, Range, Text, Transforms, type Descendant } from 'slate';
import { insertTopBlock } from './editor-commands';
import {
  isCodeBlock,
  isLink,
  isList,
  isTable,
  isTableCell,
  isTableRow,
  isTextBlock,
  type InlineNode,
  type TableCellElement,
  type TableElement,
  type TableRowElement,
} from './rich-text-types';

/** Rows and columns of the table the toolbar's button inserts (its first row the header row). */
export const NEW_TABLE_ROWS = 3;
export const NEW_TABLE_COLUMNS = 3;

function emptyCell(header: boolean): TableCellElement {
  return header
    ? { type: 'table-cell', header: true, children: [{ text: '' }] }
    : { type: 'table-cell', children: [{ text: '' }] };
}

function emptyRow(columns: number, header: boolean): TableRowElement {
  return { type: 'table-row', children: Array.from({ length: columns }, () => emptyCell(header)) };
}

function sameMarks(a: Text, b: Text): boolean {
  const { text: _a, ...marksA } = a;
  const { text: _b, ...marksB } = b;
  const keys = new Set([...Object.keys(marksA), ...Object.keys(marksB)]);
  return [...keys].every(
    (key) => Boolean(marksA[key as keyof typeof marksA]) === Boolean(marksB[key as keyof typeof marksB]),
  );
}

/**
 * Blocks as the inline content of one cell: each text block (and list item, code block, row of a
 * table inside) a line of it, with its marks and links; the lines joined by line breaks, and empty
 * lines at either end dropped.
 */
export function inlineLines(blocks: readonly Descendant[]): InlineNode[] {
  const lines: InlineNode[][] = [];
  const visit = (node: Descendant) => {
    if (isTextBlock(node)) lines.push(node.children);
    else if (isList(node)) node.children.forEach(visit);
    else if (isCodeBlock(node))
      lines.push(
        Node.string(node)
          .split('\n')
          .map((text) => ({ text, code: true })),
      );
    else if (isTable(node)) {
      for (const row of node.children) {
        lines.push(
          row.children.flatMap((cell, index) => (index > 0 ? [{ text: ' ' }, ...cell.children] : cell.children)),
        );
      }
    } else if (Text.isText(node) || isLink(node)) lines.push([node]);
  };
  blocks.forEach(visit);
  const isBlank = (line: InlineNode[]) => line.every((node) => Node.string(node) === '');
  while (lines.length > 0 && isBlank(lines[0]!)) lines.shift();
  while (lines.length > 0 && isBlank(lines[lines.length - 1]!)) lines.pop();
  const joined: InlineNode[] = [];
  lines.forEach((line, index) => {
    if (index > 0) joined.push({ text: '\n' });
    for (const node of line) {
      const previous = joined[joined.length - 1];
      if (previous && Text.isText(previous) && Text.isText(node) && sameMarks(previous, node)) {
        joined[joined.length - 1] = { ...previous, text: previous.text + node.text };
      } else {
        joined.push(node);
      }
    }
  });
  if (joined.length === 0 || !Text.isText(joined[joined.length - 1])) joined.push({ text: '' });
  if (!Text.isText(joined[0])) joined.unshift({ text: '' });
  return joined;
}

// ---------------------------------------------------------------------------------------------
// Normalizing

/** One fix per call for a table, row or cell (Slate normalizes again until nothing changes). */
export function normalizeTableNode(editor: Editor, node: Node, path: Path): boolean {
  if (isTable(node)) return normalizeTable(editor, node, path);
  if (isTableRow(node)) return normalizeRow(editor, node, path);
  if (isTableCell(node)) return normalizeCell(editor, node, path);
  return false;
}

/** A table or a row where it cannot be is undone (its children stay), one without children goes. */
function outOfPlaceOrEmpty(editor: Editor, node: TableElement | TableRowElement, path: Path, outOfPlace: boolean) {
  if (outOfPlace) Transforms.unwrapNodes(editor, { at: path });
  else if (node.children.length === 0) Transforms.removeNodes(editor, { at: path });
  else return false;
  return true;
}

function normalizeTable(editor: Editor, table: TableElement, path: Path): boolean {
  // Inside a list or another table (a paste of another editor's data): its rows go, then their
  // cells become the blocks they can be there.
  if (outOfPlaceOrEmpty(editor, table, path, path.length > 1)) return true;
  for (const [index, child] of (table.children as Descendant[]).entries()) {
    if (!isTableRow(child)) {
      Transforms.wrapNodes(editor, { type: 'table-row', children: [] }, { at: [...path, index] });
      return true;
    }
  }
  const width = Math.max(...table.children.map((row) => row.children.length));
  const header = table.children[0]!.children[0]?.header === true;
  for (const [rowIndex, row] of table.children.entries()) {
    if (row.children.length < width) {
      const cells = Array.from({ length: width - row.children.length }, () => emptyCell(rowIndex === 0 && header));
      Transforms.insertNodes(editor, cells, { at: [...path, rowIndex, row.children.length] });
      return true;
    }
    for (const [cellIndex, cell] of row.children.entries()) {
      const wanted = rowIndex === 0 && header;
      if ((cell.header === true) !== wanted) {
        const at = [...path, rowIndex, cellIndex];
        if (wanted) Transforms.setNodes(editor, { header: true }, { at });
        else Transforms.unsetNodes(editor, 'header', { at });
        return true;
      }
    }
  }
  const next = Path.next(path);
  if (!Node.has(editor, next) || isTable(Node.get(editor, next))) {
    Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: next });
    return true;
  }
  return false;
}

function normalizeRow(editor: Editor, row: TableRowElement, path: Path): boolean {
  if (outOfPlaceOrEmpty(editor, row, path, !isTable(Node.parent(editor, path)))) return true;
  for (const [index, child] of (row.children as Descendant[]).entries()) {
    if (isTableCell(child)) continue;
    const at = [...path, index];
    if (isTextBlock(child)) {
      Transforms.unsetNodes(editor, ['align', 'indent'], { at });
      Transforms.setNodes(editor, { type: 'table-cell' }, { at });
    } else {
      Transforms.wrapNodes(editor, { type: 'table-cell', children: [] }, { at });
    }
    return true;
  }
  return false;
}

function normalizeCell(editor: Editor, cell: TableCellElement, path: Path): boolean {
  if (!isTableRow(Node.parent(editor, path))) {
    Transforms.unsetNodes(editor, 'header', { at: path });
    Transforms.setNodes(editor, { type: 'paragraph' }, { at: path });
    return true;
  }
  // A cell holds inline content only: blocks put in one (another editor's data) become its lines.
  const children = cell.children as Descendant[];
  if (children.some((child) => Element.isElement(child) && !editor.isInline(child))) {
    const lines = inlineLines(children);
    Editor.withoutNormalizing(editor, () => {
      for (let index = children.length - 1; index >= 0; index -= 1)
        Transforms.removeNodes(editor, { at: [...path, index] });
      Transforms.insertNodes(editor, lines, { at: [...path, 0] });
    });
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Where the caret is

export interface TablePosition {
  table: TableElement;
  tablePath: Path;
  row: number;
  column: number;
}

/** The table cell the selection starts in, if any. */
export function activeTableCell(editor: Editor): TablePosition | null {
  const { selection } = editor;
  if (!selection) return null;
  const cell = Editor.above(editor, { at: selection.anchor, match: isTableCell });
  if (!cell) return null;
  const cellPath = cell[1];
  const tablePath = cellPath.slice(0, -2);
  const table = Node.get(editor, tablePath);
  if (!isTable(table)) return null;
  return { table, tablePath, row: cellPath[cellPath.length - 2]!, column: cellPath[cellPath.length - 1]! };
}

export function hasHeaderRow(table: TableElement): boolean {
  return table.children[0]?.children[0]?.header === true;
}

function selectCell(editor: Editor, tablePath: Path, row: number, column: number, edge: 'start' | 'end' = 'end'): void {
  const table = Node.get(editor, tablePath) as TableElement;
  const lastRow = table.children.length - 1;
  const rowIndex = Math.max(0, Math.min(row, lastRow));
  const columnIndex = Math.max(0, Math.min(column, table.children[rowIndex]!.children.length - 1));
  const at = [...tablePath, rowIndex, columnIndex];
  Transforms.select(editor, edge === 'start' ? Editor.start(editor, at) : Editor.end(editor, at));
}

// ---------------------------------------------------------------------------------------------
// Commands

/**
 * A table of NEW_TABLE_ROWS x NEW_TABLE_COLUMNS with a header row after the block at the cursor (in
 * place of it, when it is an empty paragraph), the caret in its first cell.
 */
export function insertTable(editor: Editor): void {
  const table: TableElement = {
    type: 'table',
    children: Array.from({ length: NEW_TABLE_ROWS }, (_, index) => emptyRow(NEW_TABLE_COLUMNS, index === 0)),
  };
  insertTopBlock(editor, table, (at) => Transforms.select(editor, Editor.start(editor, at)));
}

/** A row above or below the caret's; one added above a header row becomes the header row. */
export function insertTableRow(editor: Editor, where: 'above' | 'below'): void {
  const position = activeTableCell(editor);
  if (!position) return;
  const { table, tablePath, row, column } = position;
  const at = where === 'above' ? row : row + 1;
  const columns = table.children[0]!.children.length;
  Editor.withoutNormalizing(editor, () => {
    Transforms.insertNodes(editor, emptyRow(columns, at === 0 && hasHeaderRow(table)), { at: [...tablePath, at] });
    // The first row decides whether there is a header row: the row it was is an ordinary one now.
    if (at === 0 && hasHeaderRow(table))
      Transforms.unsetNodes(editor, 'header', { at: [...tablePath, 1], match: isTableCell, mode: 'lowest' });
    selectCell(editor, tablePath, at, column);
  });
}

/** A column left or right of the caret's. */
export function insertTableColumn(editor: Editor, where: 'left' | 'right'): void {
  const position = activeTableCell(editor);
  if (!position) return;
  const { table, tablePath, row, column } = position;
  const at = where === 'left' ? column : column + 1;
  const header = hasHeaderRow(table);
  Editor.withoutNormalizing(editor, () => {
    table.children.forEach((_, rowIndex) => {
      Transforms.insertNodes(editor, emptyCell(rowIndex === 0 && header), { at: [...tablePath, rowIndex, at] });
    });
    selectCell(editor, tablePath, row, at);
  });
}

/** Takes the caret's row out (the last row takes the table). */
export function deleteTableRow(editor: Editor): void {
  const position = activeTableCell(editor);
  if (!position) return;
  const { table, tablePath, row, column } = position;
  if (table.children.length === 1) return deleteTable(editor);
  Editor.withoutNormalizing(editor, () => {
    Transforms.removeNodes(editor, { at: [...tablePath, row] });
    selectCell(editor, tablePath, row, column);
  });
}

/** Takes the caret's column out (the last column takes the table). */
export function deleteTableColumn(editor: Editor): void {
  const position = activeTableCell(editor);
  if (!position) return;
  const { table, tablePath, row, column } = position;
  if (table.children[0]!.children.length === 1) return deleteTable(editor);
  Editor.withoutNormalizing(editor, () => {
    for (let rowIndex = table.children.length - 1; rowIndex >= 0; rowIndex -= 1) {
      Transforms.removeNodes(editor, { at: [...tablePath, rowIndex, column] });
    }
    selectCell(editor, tablePath, row, column);
  });
}

/** The first row becomes the header row, or an ordinary row again. */
export function toggleHeaderRow(editor: Editor): void {
  const position = activeTableCell(editor);
  if (!position) return;
  const { table, tablePath } = position;
  const at = [...tablePath, 0];
  if (hasHeaderRow(table)) Transforms.unsetNodes(editor, 'header', { at, match: isTableCell, mode: 'lowest' });
  else Transforms.setNodes(editor, { header: true }, { at, match: isTableCell, mode: 'lowest' });
}

/** Takes the whole table out; the caret goes to the block after it. */
export function deleteTable(editor: Editor): void {
  const position = activeTableCell(editor);
  if (!position) return;
  const { tablePath } = position;
  Editor.withoutNormalizing(editor, () => {
    Transforms.removeNodes(editor, { at: tablePath });
    if (!Node.has(editor, tablePath)) {
      Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: tablePath });
    }
    Transforms.select(editor, Editor.start(editor, tablePath));
  });
}

/**
 * Tab (1) and Shift+Tab (-1) in a table: to the next or previous cell, row by row; Tab in the last
 * cell adds a row. False when the caret is in no table, or Shift+Tab in the first cell (which then
 * leaves the editor as Tab does elsewhere, so the keyboard is never trapped).
 */
export function moveInTable(editor: Editor, step: 1 | -1): boolean {
  const position = activeTableCell(editor);
  if (!position) return false;
  const { table, tablePath, row, column } = position;
  const columns = table.children[0]!.children.length;
  const index = row * columns + column + step;
  if (index < 0) return false;
  if (index >= table.children.length * columns) {
    Editor.withoutNormalizing(editor, () => {
      Transforms.insertNodes(editor, emptyRow(columns, false), { at: [...tablePath, table.children.length] });
      selectCell(editor, tablePath, table.children.length, 0);
    });
    return true;
  }
  selectCell(editor, tablePath, Math.floor(index / columns), index % columns);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Deleting and breaking lines around tables

/**
 * Enter in a cell is a line break in it (a cell cannot split in two); at the very start of a table
 * that opens the post, it makes a paragraph above it, the only way to write before it. True when
 * it handled it.
 */
export function breakInTable(editor: Editor): boolean {
  const position = activeTableCell(editor);
  if (!position || !editor.selection) return false;
  const { tablePath } = position;
  if (
    tablePath[0] === 0 &&
    Range.isCollapsed(editor.selection) &&
    Editor.isStart(editor, editor.selection.anchor, tablePath)
  ) {
    Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: tablePath, select: true });
    return true;
  }
  editor.insertText('\n');
  return true;
}

/**
 * Backspace (backward) or Delete at the edge of a cell goes no further (cells never merge); at the
 * start of a block right after a table it goes into the table, taking the block along if it is
 * empty; Delete at the end of an empty block before a table takes the block. True when handled.
 */
export function deleteAtTableEdge(editor: Editor, direction: 'backward' | 'forward'): boolean {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return false;
  const cell = Editor.above(editor, { match: isTableCell });
  if (cell) {
    const edge = direction === 'backward' ? Editor.start(editor, cell[1]) : Editor.end(editor, cell[1]);
    return Point.equals(selection.anchor, edge);
  }
  const top = selection.anchor.path.slice(0, 1);
  const block = Node.get(editor, top);
  const empty = Node.string(block) === '' && isTextBlock(block);
  if (direction === 'backward') {
    if (top[0] === 0 || !Editor.isStart(editor, selection.anchor, top)) return false;
    const previous = Path.previous(top);
    if (!isTable(Node.get(editor, previous))) return false;
    Editor.withoutNormalizing(editor, () => {
      if (empty && Node.has(editor, Path.next(top))) Transforms.removeNodes(editor, { at: top });
      Transforms.select(editor, Editor.end(editor, previous));
    });
    return true;
  }
  const next = Path.next(top);
  if (!Editor.isEnd(editor, selection.anchor, top) || !Node.has(editor, next) || !isTable(Node.get(editor, next))) {
    return false;
  }
  if (empty) {
    Transforms.removeNodes(editor, { at: top });
    Transforms.select(editor, Editor.start(editor, top));
  }
  return true;
}

/**
 * A selection that reaches into a table is deleted block by block (each cell's part and each other
 * block's part), so cells never merge with each other or with the text around the table; a table
 * it covers whole goes whole, and a selection of everything leaves one empty paragraph. True when
 * handled.
 */
export function deleteSelectionInTables(editor: Editor): boolean {
  const { selection } = editor;
  if (!selection || Range.isCollapsed(selection)) return false;
  const [start, end] = Range.edges(selection);
  if (
    !Editor.above(editor, { at: start, match: isTableCell }) &&
    !Editor.above(editor, { at: end, match: isTableCell })
  ) {
    // Both ends outside: a table wholly inside the selection goes with it, as any block.
    return false;
  }
  const covers = (path: Path) =>
    Point.compare(start, Editor.start(editor, path)) <= 0 && Point.compare(end, Editor.end(editor, path)) >= 0;
  Editor.withoutNormalizing(editor, () => {
    if (covers([])) {
      for (let index = editor.children.length - 1; index >= 0; index -= 1)
        Transforms.removeNodes(editor, { at: [index] });
      Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: [0] });
      Transforms.select(editor, Editor.start(editor, [0]));
      return;
    }
    const whole = Array.from(Editor.nodes(editor, { at: selection, match: isTable }))
      .filter(([, path]) => covers(path))
      .map(([, path]) => path);
    const parts = Array.from(
      Editor.nodes(editor, {
        at: selection,
        match: (node) =>
          isTableCell(node) ||
          (Element.isElement(node) &&
            !isTable(node) &&
            !isTableRow(node) &&
            Editor.isBlock(editor, node) &&
            !isList(node)),
        mode: 'lowest',
      }),
    )
      .filter(([, path]) => !whole.some((table) => Path.isAncestor(table, path)))
      .map(([, path]) => Range.intersection(selection, Editor.range(editor, path)))
      .filter((range): range is Range => range !== null)
      .map((range) => Editor.rangeRef(editor, range));
    const tables = whole.map((path) => Editor.pathRef(editor, path));
    for (const ref of parts) {
      if (ref.current && Range.isExpanded(ref.current)) Transforms.delete(editor, { at: ref.current });
      ref.unref();
    }
    for (const ref of tables) {
      const path = ref.unref();
      if (path) Transforms.removeNodes(editor, { at: path });
    }
    if (editor.selection) Transforms.collapse(editor, { edge: 'start' });
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Notices

const noticeListeners = new WeakMap<Editor, (message: string | null) => void>();

/** Who shows the editor's table notices (table-tools.tsx): one listener per editor. */
export function onTableNotice(editor: Editor, listener: ((message: string | null) => void) | null): void {
  if (listener) noticeListeners.set(editor, listener);
  else noticeListeners.delete(editor);
}

/** Tells the author what a paste changed in a table (merged cells split); null: nothing (this time). */
export function reportTableNotice(editor: Editor, message: string | null): void {
  noticeListeners.get(editor)?.(message);
}
