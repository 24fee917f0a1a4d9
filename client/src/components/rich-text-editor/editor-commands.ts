// What the toolbar and the shortcuts do to the document (the plugin that keeps the document in
// shape is rich-text-plugin.ts). Only slate: the commands run in tests without a browser.
import { Editor, Node, Path, Range, Text, Transforms, type Descendant, type NodeEntry, type PathRef } from 'slate';
import { isCodeLanguage } from '#kernel/code-languages.ts';
import type { PictureImage } from '#kernel/content-pictures.ts';
import {
  ALIGNMENTS,
  MARKS,
  MAX_INDENT,
  isCodeBlock,
  isHeading,
  isLink,
  isList,
  isTextBlock,
  type Align,
  type CodeBlockElement,
  type DividerElement,
  type HeadingType,
  type LinkElement,
  type ListElement,
  type ListType,
  type Mark,
  type PictureElement,
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
  return formats.size === 1 && (format === 'block-quote' || format === 'bulleted-list' || format === 'numbered-list')
    ? format
    : null;
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
// Subheadings, code blocks and dividers

/** The subheading level the selection is in, when every selected block is one of that level. */
export function activeHeading(editor: Editor): HeadingType | null {
  const blocks = selectedTextBlocks(editor);
  const types = new Set(blocks.map(([block]) => block.type));
  const [type] = types;
  return types.size === 1 && isHeading({ type }) ? (type as HeadingType) : null;
}

/** Makes the selected blocks subheadings of this level (out of any list), or paragraphs again when they all are. */
export function toggleHeading(editor: Editor, type: HeadingType): void {
  const blocks = selectedTextBlocks(editor);
  const off = activeHeading(editor) === type;
  Editor.withoutNormalizing(editor, () => {
    const refs = refsOf(editor, blocks);
    for (const ref of refs) liftOutOfLists(editor, ref);
    eachRef(refs, (path) => Transforms.setNodes(editor, { type: off ? 'paragraph' : type }, { at: path }));
  });
}

/** The code block the selection starts in, if any. */
export function activeCodeBlock(editor: Editor): NodeEntry<CodeBlockElement> | null {
  if (!editor.selection) return null;
  return Editor.above<CodeBlockElement>(editor, { at: editor.selection.anchor, match: isCodeBlock }) ?? null;
}

/**
 * The selected blocks become one code block (their texts its lines, formatting dropped); in a code
 * block, the button turns it back into a paragraph, its lines kept as line breaks.
 */
export function toggleCodeBlock(editor: Editor): void {
  const code = activeCodeBlock(editor);
  if (code) {
    Editor.withoutNormalizing(editor, () => {
      Transforms.unsetNodes(editor, 'language', { at: code[1] });
      Transforms.setNodes(editor, { type: 'paragraph' }, { at: code[1] });
    });
    return;
  }
  const blocks = selectedTextBlocks(editor);
  if (blocks.length === 0) return;
  const text = blocks.map(([block]) => Node.string(block)).join('\n');
  Editor.withoutNormalizing(editor, () => {
    const refs = refsOf(editor, blocks);
    for (const ref of refs) liftOutOfLists(editor, ref);
    const paths = refs.map((ref) => ref.unref()).filter((path): path is Path => path !== null);
    const first = paths[0];
    if (!first) return;
    // Later blocks first, so the paths before them stay right.
    for (const path of paths.slice().reverse()) Transforms.removeNodes(editor, { at: path });
    Transforms.insertNodes(editor, { type: 'code-block', children: [{ text }] }, { at: first, select: true });
  });
}

export function setCodeLanguage(editor: Editor, path: Path, language: string): void {
  if (isCodeLanguage(language)) Transforms.setNodes(editor, { language }, { at: path });
  else Transforms.unsetNodes(editor, 'language', { at: path });
}

/** A horizontal rule after the block at the cursor (in place of it, when it is an empty paragraph), the cursor after it. */
export function insertDivider(editor: Editor): void {
  insertVoidBlock(editor, { type: 'divider', children: [{ text: '' }] });
}

/** A picture, placed as a divider is: after the block at the cursor, the cursor after it. */
export function insertPicture(editor: Editor, picture: PictureImage): void {
  insertVoidBlock(editor, { type: 'picture', ...picture, alt: '', caption: '', children: [{ text: '' }] });
}

function insertVoidBlock(editor: Editor, element: DividerElement | PictureElement): void {
  insertTopBlock(editor, element, (at) => {
    const after = Path.next(at);
    if (!Node.has(editor, after))
      Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: after });
    Transforms.select(editor, Editor.start(editor, after));
  });
}

/**
 * Puts a block after the top-level block at the cursor, or in place of it when that is an empty
 * paragraph, then `placeCaret` at the path it went to: a divider, a picture, a table.
 */
export function insertTopBlock(editor: Editor, element: Descendant, placeCaret: (at: Path) => void): void {
  const { selection } = editor;
  if (!selection) return;
  const top = selection.anchor.path.slice(0, 1);
  const block = Node.get(editor, top);
  Editor.withoutNormalizing(editor, () => {
    let at = Path.next(top);
    if (isTextBlock(block) && block.type === 'paragraph' && Node.string(block) === '') {
      Transforms.removeNodes(editor, { at: top });
      at = top;
    }
    Transforms.insertNodes(editor, element, { at });
    placeCaret(at);
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
