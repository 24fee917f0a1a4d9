// The editor plugin: the rules that keep the document in the shape html-serialize.ts writes
// (rich-text-types.ts), and what Enter, Backspace, typing and pasting do. Only slate: it runs in
// tests without a browser.
import {
  Editor,
  Element,
  Node,
  Path,
  Range,
  Text,
  Transforms,
  type Ancestor,
  type Descendant,
  type NodeEntry,
} from 'slate';
import { isCodeLanguage } from '#kernel/code-languages.ts';
import { activeCodeBlock, outdent } from './editor-commands';
import {
  applyMarkdownBlockShortcut,
  applyMarkdownBreakShortcut,
  applyMarkdownInlineShortcut,
} from './markdown-shortcuts';
import { pastedContent } from './paste-content';
import {
  MARKS,
  MAX_INDENT,
  indentLevel,
  isCodeBlock,
  isDivider,
  isPicture,
  isHeading,
  isLink,
  isList,
  isTable,
  isTableCell,
  isTableRow,
  isTextBlock,
  type CodeBlockElement,
  type ListElement,
  type RichTextEditor,
  type TextBlockElement,
} from './rich-text-types';
import {
  breakInTable,
  deleteAtTableEdge,
  deleteSelectionInTables,
  inlineLines,
  activeTableCell,
  normalizeTableNode,
  reportTableNotice,
} from './table-commands';

/** The notice after a paste whose table had merged cells. */
export const SPLIT_CELLS_NOTICE = 'Merged cells of the pasted table were split: each cell holds its own text now.';

function isAtBlockStart(editor: Editor): NodeEntry<TextBlockElement> | null {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return null;
  const entry = Editor.above<TextBlockElement>(editor, { match: isTextBlock });
  if (!entry) return null;
  return Editor.isStart(editor, selection.anchor, entry[1]) ? entry : null;
}

/**
 * The rich-text rules on a Slate editor: links are inline, dividers and pictures void; a soft break
 * (Shift+Enter) is a line break in the block; Enter in an empty list item or quote, and Backspace at
 * the start of a list item, quote, subheading, code block or indented paragraph, step out of it;
 * Enter after a subheading starts a paragraph, and in a code block a new line; Markdown typed at the
 * start of a paragraph or around words takes effect (markdown-shortcuts.ts); pastes are read into
 * the editor's own structure (paste-content.ts); and the document is normalized into the shapes the
 * HTML writer supports.
 */
export function withRichText<T extends RichTextEditor>(editor: T): T {
  const {
    isInline,
    isVoid,
    normalizeNode,
    insertBreak,
    deleteBackward,
    deleteForward,
    deleteFragment,
    insertData,
    insertText,
  } = editor;

  editor.isInline = (element) => isLink(element) || isInline(element);
  editor.isVoid = (element) => isDivider(element) || isPicture(element) || isVoid(element);

  editor.insertText = (text) => {
    // "## " makes a subheading, "**bold**" bold...: Markdown as it is typed (markdown-shortcuts.ts).
    if (applyMarkdownBlockShortcut(editor, text) || applyMarkdownInlineShortcut(editor, text)) return;
    insertText(text);
  };

  editor.insertSoftBreak = () => {
    editor.insertText('\n');
  };

  editor.insertBreak = () => {
    if (breakInTable(editor)) return;
    const code = activeCodeBlock(editor);
    if (code && editor.selection && Range.isCollapsed(editor.selection)) {
      const atEnd = Editor.isEnd(editor, editor.selection.anchor, code[1]);
      if (atEnd && Node.string(code[0]).endsWith('\n')) {
        // Enter on an empty last line leaves the code block: the line goes, a paragraph follows.
        editor.deleteBackward('character');
        const after = Path.next(code[1]);
        Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: after, select: true });
      } else {
        // In code, Enter is a new line of the same block.
        editor.insertText('\n');
      }
      return;
    }
    if (applyMarkdownBreakShortcut(editor)) return;
    const heading = Editor.above(editor, { match: isHeading });
    if (heading && editor.selection && Editor.isEnd(editor, editor.selection.anchor, heading[1])) {
      // After a subheading comes text, not another subheading.
      Transforms.insertNodes(
        editor,
        { type: 'paragraph', children: [{ text: '' }] },
        { at: Path.next(heading[1]), select: true },
      );
      return;
    }
    const entry = isAtBlockStart(editor);
    if (entry && Node.string(entry[0]) === '' && entry[0].type !== 'paragraph') {
      // Enter on an empty item or quote line ends the list or quote there.
      if (entry[0].type === 'list-item') outdent(editor);
      else Transforms.setNodes(editor, { type: 'paragraph' }, { at: entry[1] });
      return;
    }
    insertBreak();
  };

  editor.deleteBackward = (unit) => {
    if (deleteAtTableEdge(editor, 'backward')) return;
    const entry = unit === 'character' ? isAtBlockStart(editor) : null;
    if (entry) {
      const [block, path] = entry;
      if (block.type === 'list-item') return outdent(editor);
      if (block.type === 'block-quote' || isHeading(block)) {
        return Transforms.setNodes(editor, { type: 'paragraph' }, { at: path });
      }
      if (block.indent) return outdent(editor);
    }
    const code = unit === 'character' ? activeCodeBlock(editor) : null;
    if (code && editor.selection && Editor.isStart(editor, editor.selection.anchor, code[1])) {
      // Backspace at the start of a code block makes it a paragraph again, as in a quote.
      Transforms.unsetNodes(editor, 'language', { at: code[1] });
      Transforms.setNodes(editor, { type: 'paragraph' }, { at: code[1] });
      return;
    }
    deleteBackward(unit);
  };

  editor.deleteForward = (unit) => {
    if (deleteAtTableEdge(editor, 'forward')) return;
    deleteForward(unit);
  };

  editor.deleteFragment = (direction) => {
    if (deleteSelectionInTables(editor)) return;
    deleteFragment(direction);
  };

  editor.insertData = (data) => {
    // Slate's own fragments (a copy inside the editor) keep their exact nodes.
    const pasted = data.types.includes('application/x-slate-fragment') ? null : pastedContent(data);
    if (pasted) {
      const fragment = pasted.nodes;
      if (activeCodeBlock(editor)) {
        // Into code, only text goes.
        editor.insertText(fragment.map((node) => Node.string(node)).join('\n'));
        return;
      }
      reportTableNotice(editor, pasted.splitCells ? SPLIT_CELLS_NOTICE : null);
      if (activeTableCell(editor) && (fragment.length > 1 || !isTextBlock(fragment[0]))) {
        // Into a cell, blocks go as its lines (a table's rows as lines of their cells' text).
        Transforms.insertFragment(editor, [{ type: 'paragraph', children: inlineLines(fragment) }]);
        return;
      }
      const block = Editor.above(editor, { match: isTextBlock });
      if (fragment.some(isTable) && block && Node.string(block[0]) !== '') {
        // A table is no text to merge into the line: the line splits at the caret and the pasted
        // blocks go between its halves whole (into an empty line, insertFragment replaces it).
        Transforms.insertNodes(editor, fragment);
        return;
      }
      Transforms.insertFragment(editor, fragment);
      return;
    }
    insertData(data);
  };

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if ((isTable(node) || isTableRow(node) || isTableCell(node)) && normalizeTableNode(editor, node, path)) return;
    if ((Editor.isEditor(node) || isList(node)) && mergeAdjacentLists(editor, node.children, path)) return;
    if (isList(node)) {
      if (normalizeList(editor, node, path)) return;
    } else if (isCodeBlock(node)) {
      if (normalizeCodeBlock(editor, node, path)) return;
    } else if (isDivider(node) || isPicture(node)) {
      if (path.length > 1) {
        // A rule or a picture belongs between blocks of the post, never inside a list.
        Transforms.removeNodes(editor, { at: path });
        return;
      }
    } else if (isTextBlock(node)) {
      if (normalizeTextBlock(editor, node, path)) return;
    } else if (isLink(node)) {
      if (Node.string(node) === '' || Editor.above(editor, { at: path, match: isLink })) {
        // An empty link cannot be seen or clicked; a link inside a link cannot exist in HTML.
        Transforms.unwrapNodes(editor, { at: path });
        return;
      }
    } else if (
      Element.isElement(node) &&
      path.length > 0 &&
      !isTable(node) &&
      !isTableRow(node) &&
      !isTableCell(node)
    ) {
      // An element of no known type (from a paste of Slate data of another editor).
      Transforms.setNodes(editor, { type: 'paragraph' }, { at: path });
      return;
    }
    normalizeNode(entry, options);
  };

  return editor;
}

/**
 * Two lists of one kind side by side are one list (and a sub-list joins the one above it). Checked
 * from the parent, which every change among its children makes due for normalizing again.
 */
function mergeAdjacentLists(editor: Editor, children: readonly Descendant[], path: Path): boolean {
  for (let index = 1; index < children.length; index += 1) {
    const previous = children[index - 1];
    const child = children[index];
    if (isList(previous) && isList(child) && previous.type === child.type) {
      Transforms.mergeNodes(editor, { at: [...path, index] });
      return true;
    }
  }
  return false;
}

/** One fix per call (Slate normalizes again until nothing changes); true when it changed something. */
function normalizeList(editor: Editor, list: ListElement, path: Path): boolean {
  if (list.children.length === 0) {
    // A list without items cannot be seen or written.
    Transforms.removeNodes(editor, { at: path });
    return true;
  }
  for (const [index, child] of list.children.entries() as IterableIterator<[number, Descendant]>) {
    const childPath = [...path, index];
    if (Text.isText(child) || isLink(child)) {
      Transforms.wrapNodes(editor, { type: 'list-item', children: [] }, { at: childPath });
      return true;
    }
    if ((isTextBlock(child) && child.type !== 'list-item') || isCodeBlock(child)) {
      Transforms.unsetNodes(editor, 'language', { at: childPath });
      Transforms.setNodes(editor, { type: 'list-item' }, { at: childPath });
      return true;
    }
  }
  return false;
}

/** A code block holds plain text: no links, no marks, a language it knows or none. */
function normalizeCodeBlock(editor: Editor, block: CodeBlockElement, path: Path): boolean {
  if (path.length > 1) {
    // Pasted into a list: a code block cannot be an item.
    Transforms.unsetNodes(editor, 'language', { at: path });
    Transforms.setNodes(editor, { type: isList(Node.parent(editor, path)) ? 'list-item' : 'paragraph' }, { at: path });
    return true;
  }
  if (block.language !== undefined && !isCodeLanguage(block.language)) {
    Transforms.unsetNodes(editor, 'language', { at: path });
    return true;
  }
  for (const [index, child] of (block.children as Descendant[]).entries()) {
    if (Element.isElement(child)) {
      Transforms.unwrapNodes(editor, { at: [...path, index] });
      return true;
    }
    if (MARKS.some((mark) => child[mark])) {
      Transforms.unsetNodes(editor, [...MARKS], { at: [...path, index] });
      return true;
    }
  }
  return false;
}

function normalizeTextBlock(editor: Editor, block: TextBlockElement, path: Path): boolean {
  const parent = Node.parent(editor, path) as Ancestor;
  if (block.type === 'list-item' && !isList(parent)) {
    Transforms.setNodes(editor, { type: 'paragraph' }, { at: path });
    return true;
  }
  if (block.indent !== undefined && indentLevel(block.indent) !== block.indent) {
    const level = Math.round(Number(block.indent));
    if (level >= 1) Transforms.setNodes(editor, { indent: Math.min(MAX_INDENT, level) }, { at: path });
    else Transforms.unsetNodes(editor, 'indent', { at: path });
    return true;
  }
  // Text blocks hold only inline content: a block inside one (from a paste) gives up its wrapper.
  for (const [index, child] of block.children.entries()) {
    if (Element.isElement(child) && !editor.isInline(child)) {
      Transforms.unwrapNodes(editor, { at: [...path, index] });
      return true;
    }
  }
  return false;
}
