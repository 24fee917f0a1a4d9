// What the toolbar and the shortcuts do to the document, and the editor plugin that keeps the
// document in the shape html-serialize.ts writes (rich-text-types.ts). Only slate: the commands run
// in tests without a browser.
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
  type PathRef,
} from 'slate';
import { htmlToSlate } from './html-deserialize';
import {
  ALIGNMENTS,
  MARKS,
  MAX_INDENT,
  indentLevel,
  isLink,
  isList,
  isTextBlock,
  type Align,
  type LinkElement,
  type ListElement,
  type ListType,
  type Mark,
  type RichTextEditor,
  type TextBlockElement,
} from './rich-text-types';

/** Deepest nesting of lists the indent command makes (the content rules allow 8 levels of indent). */
export const MAX_LIST_DEPTH = MAX_INDENT;

// ---------------------------------------------------------------------------------------------
// Marks

export function isMarkActive(editor: Editor, mark: Mark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

// ---------------------------------------------------------------------------------------------
// Text blocks in the selection

/** The text blocks (paragraphs, quotes, list items) the selection touches, in document order. */
export function selectedTextBlocks(editor: Editor): Array<NodeEntry<TextBlockElement>> {
  if (!editor.selection) return [];
  return Array.from(
    Editor.nodes<TextBlockElement>(editor, { at: Editor.unhangRange(editor, editor.selection), match: isTextBlock }),
  );
}

function parentList(editor: Editor, path: Path): NodeEntry<ListElement> | null {
  if (path.length < 2) return null;
  const parentPath = Path.parent(path);
  const parent = Node.get(editor, parentPath);
  return isList(parent) ? [parent, parentPath] : null;
}

function listDepth(editor: Editor, path: Path): number {
  let depth = 0;
  for (let length = path.length - 1; length > 0; length -= 1) {
    if (isList(Node.get(editor, path.slice(0, length)))) depth += 1;
  }
  return depth;
}

/** 'block-quote', 'bulleted-list' or 'numbered-list' when every selected block is one; else null. */
export function activeBlockFormat(editor: Editor): 'block-quote' | ListType | null {
  const blocks = selectedTextBlocks(editor);
  if (blocks.length === 0) return null;
  const formats = new Set(
    blocks.map(([block, path]) =>
      block.type === 'list-item' ? (parentList(editor, path)?.[0].type ?? null) : block.type,
    ),
  );
  const [format] = formats;
  return formats.size === 1 && format !== 'paragraph' && format !== undefined ? format : null;
}

function refsOf(editor: Editor, entries: ReadonlyArray<NodeEntry>): PathRef[] {
  return entries.map(([, path]) => Editor.pathRef(editor, path));
}

function eachRef(refs: PathRef[], action: (path: Path) => void): void {
  for (const ref of refs) {
    const path = ref.current;
    if (path) action(path);
  }
  refs.forEach((ref) => ref.unref());
}

/** Moves a list item out of every list around it (the lists split around it). */
function liftOutOfLists(editor: Editor, ref: PathRef): void {
  let path = ref.current;
  while (path && parentList(editor, path)) {
    Transforms.liftNodes(editor, { at: path });
    path = ref.current;
  }
}

export function toggleBlockQuote(editor: Editor): void {
  const blocks = selectedTextBlocks(editor);
  const allQuotes = blocks.length > 0 && blocks.every(([block]) => block.type === 'block-quote');
  Editor.withoutNormalizing(editor, () => {
    const refs = refsOf(editor, blocks);
    for (const ref of refs) liftOutOfLists(editor, ref);
    eachRef(refs, (path) =>
      Transforms.setNodes(editor, { type: allQuotes ? 'paragraph' : 'block-quote' }, { at: path }),
    );
  });
}

export function toggleList(editor: Editor, type: ListType): void {
  const blocks = selectedTextBlocks(editor);
  if (blocks.length === 0) return;
  const off = activeBlockFormat(editor) === type;
  Editor.withoutNormalizing(editor, () => {
    const refs = refsOf(editor, blocks);
    if (off) {
      for (const ref of refs) liftOutOfLists(editor, ref);
      eachRef(refs, (path) => Transforms.setNodes(editor, { type: 'paragraph' }, { at: path }));
      return;
    }
    eachRef(refs, (path) => {
      const list = parentList(editor, path);
      if (list) {
        // Already an item of the other kind of list: that list changes kind.
        if (list[0].type !== type) Transforms.setNodes(editor, { type }, { at: list[1] });
        return;
      }
      Transforms.setNodes(editor, { type: 'list-item' }, { at: path });
      Transforms.wrapNodes(editor, { type, children: [] }, { at: path });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Alignment and indentation

/** The alignment of the first selected block ('left' when it has none). */
export function activeAlign(editor: Editor): Align {
  const [first] = selectedTextBlocks(editor);
  return first?.[0].align ?? 'left';
}

export function setAlign(editor: Editor, align: Align): void {
  if (!(ALIGNMENTS as readonly string[]).includes(align)) return;
  Editor.withoutNormalizing(editor, () => {
    for (const [, path] of selectedTextBlocks(editor)) {
      // Left is where text starts anyway: no class for it.
      if (align === 'left') Transforms.unsetNodes(editor, 'align', { at: path });
      else Transforms.setNodes(editor, { align }, { at: path });
    }
  });
}

/** Deeper: a list item becomes an item of a sub-list of the item above it; other blocks indent by one step. */
export function indent(editor: Editor): void {
  eachSelectedBlock(editor, (block, path, list) => {
    if (list) {
      // The first item of a list has no item above it to belong to.
      if (path[path.length - 1] === 0 || listDepth(editor, path) >= MAX_LIST_DEPTH) return;
      Transforms.wrapNodes(editor, { type: list[0].type, children: [] }, { at: path });
      // Adjacent lists of one kind merge (normalizeNode): the item joins the sub-list above.
      return;
    }
    const level = Math.min(MAX_INDENT, (block.indent ?? 0) + 1);
    Transforms.setNodes(editor, { indent: level }, { at: path });
  });
}

/** Shallower: a list item moves up one list level (out of the list at the top); other blocks by one step. */
export function outdent(editor: Editor): void {
  eachSelectedBlock(editor, (block, path, list) => {
    if (list) {
      const inNestedList = parentList(editor, list[1]) !== null;
      const lifted = Editor.pathRef(editor, path);
      Transforms.liftNodes(editor, { at: path });
      // Out of a top-level list, the item is a paragraph again.
      if (!inNestedList && lifted.current) Transforms.setNodes(editor, { type: 'paragraph' }, { at: lifted.current });
      lifted.unref();
      return;
    }
    const level = (block.indent ?? 0) - 1;
    if (level >= 1) Transforms.setNodes(editor, { indent: level }, { at: path });
    else Transforms.unsetNodes(editor, 'indent', { at: path });
  });
}

/**
 * Runs `step` on each selected text block, with the list it is an item of (if any), as one change.
 * The blocks are followed by reference: a step may move the blocks after it.
 */
function eachSelectedBlock(
  editor: Editor,
  step: (block: TextBlockElement, path: Path, list: ReturnType<typeof parentList>) => void,
): void {
  const blocks = selectedTextBlocks(editor);
  Editor.withoutNormalizing(editor, () => {
    eachRef(refsOf(editor, blocks), (path) => {
      step(Node.get(editor, path) as TextBlockElement, path, parentList(editor, path));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Links

/** The link at the selection (or at `at`), if any. */
export function activeLink(editor: Editor, at: Range | null = editor.selection): NodeEntry<LinkElement> | null {
  if (!at) return null;
  const [entry] = Editor.nodes<LinkElement>(editor, { at, match: isLink });
  return entry ?? null;
}

/** Links the selection to `url`; with nothing selected, changes the link at the cursor or inserts the address as a link. */
export function applyLink(editor: Editor, url: string): void {
  const { selection } = editor;
  if (!selection) return;
  if (Range.isCollapsed(selection)) {
    const link = activeLink(editor);
    if (link) {
      Transforms.setNodes(editor, { url }, { at: link[1] });
      return;
    }
    const text = url.replace(/^mailto:/, '');
    Transforms.insertNodes(editor, { type: 'link', url, children: [{ text }] });
    // The cursor goes after the link, so what is typed next is not part of it.
    Transforms.move(editor, { unit: 'offset' });
    return;
  }
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isLink, split: true });
    Transforms.wrapNodes(editor, { type: 'link', url, children: [] }, { split: true });
  });
  Transforms.collapse(editor, { edge: 'end' });
}

export function removeLink(editor: Editor): void {
  const { selection } = editor;
  if (!selection) return;
  if (Range.isCollapsed(selection)) {
    const link = activeLink(editor);
    if (link) Transforms.unwrapNodes(editor, { at: link[1] });
    return;
  }
  Transforms.unwrapNodes(editor, { match: isLink, split: true });
}

// ---------------------------------------------------------------------------------------------
// Clean

/** Removes marks and links from the selection, and alignment and indentation from its blocks. */
export function clearFormatting(editor: Editor): void {
  const { selection } = editor;
  if (!selection) return;
  Editor.withoutNormalizing(editor, () => {
    if (Range.isExpanded(selection)) {
      Transforms.unsetNodes(editor, [...MARKS], { match: Text.isText, split: true });
      Transforms.unwrapNodes(editor, { match: isLink, split: true });
    } else {
      for (const mark of MARKS) Editor.removeMark(editor, mark);
    }
    for (const [, path] of selectedTextBlocks(editor)) Transforms.unsetNodes(editor, ['align', 'indent'], { at: path });
  });
}

// ---------------------------------------------------------------------------------------------
// The plugin

function isAtBlockStart(editor: Editor): NodeEntry<TextBlockElement> | null {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return null;
  const entry = Editor.above<TextBlockElement>(editor, { match: isTextBlock });
  if (!entry) return null;
  return Editor.isStart(editor, selection.anchor, entry[1]) ? entry : null;
}

/**
 * The rich-text rules on a Slate editor: links are inline; a soft break (Shift+Enter) is a line
 * break in the block; Enter in an empty list item or quote, and Backspace at the start of a list
 * item, quote or indented paragraph, step out of it; pasted HTML goes through the HTML reader; and
 * the document is normalized into the shapes the HTML writer supports.
 */
export function withRichText<T extends RichTextEditor>(editor: T): T {
  const { isInline, normalizeNode, insertBreak, deleteBackward, insertData } = editor;

  editor.isInline = (element) => isLink(element) || isInline(element);

  editor.insertSoftBreak = () => {
    editor.insertText('\n');
  };

  editor.insertBreak = () => {
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
    const entry = unit === 'character' ? isAtBlockStart(editor) : null;
    if (entry) {
      const [block, path] = entry;
      if (block.type === 'list-item') return outdent(editor);
      if (block.type === 'block-quote') return Transforms.setNodes(editor, { type: 'paragraph' }, { at: path });
      if (block.indent) return outdent(editor);
    }
    deleteBackward(unit);
  };

  editor.insertData = (data) => {
    const html = data.getData('text/html');
    if (html && !data.types.includes('application/x-slate-fragment')) {
      const fragment = htmlToSlate(html);
      Transforms.insertFragment(editor, fragment);
      return;
    }
    insertData(data);
  };

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if ((Editor.isEditor(node) || isList(node)) && mergeAdjacentLists(editor, node.children, path)) return;
    if (isList(node)) {
      if (normalizeList(editor, node, path)) return;
    } else if (isTextBlock(node)) {
      if (normalizeTextBlock(editor, node, path)) return;
    } else if (isLink(node)) {
      if (Node.string(node) === '' || Editor.above(editor, { at: path, match: isLink })) {
        // An empty link cannot be seen or clicked; a link inside a link cannot exist in HTML.
        Transforms.unwrapNodes(editor, { at: path });
        return;
      }
    } else if (Element.isElement(node) && path.length > 0) {
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
    if (isTextBlock(child) && child.type !== 'list-item') {
      Transforms.setNodes(editor, { type: 'list-item' }, { at: childPath });
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
