// Markdown as it is typed, the way bloggers write elsewhere: at the start of a paragraph, "## " makes
// a subheading, "### " a lower one, "- " (or "* ", "+ ") a bullet list, "1. " a numbered list, "> "
// a quote, "```" a code block (with its language: "```ts"), "---" a divider; inside a line, `code`,
// **bold**, *italic* and _italic_ take their format once the closing mark is typed; a line of a pipe
// table's header ("| Name | Price |") then its delimiter row ("|---|---|") and Enter make a table. The character
// that triggers a shortcut is typed first, and the shortcut is a step of its own in the history: an
// undo right after it gives back exactly what was typed ("## " with its space), as in other editors.
import { Editor, Node, Path, Range, Transforms, type NodeEntry } from 'slate';
import { HistoryEditor } from 'slate-history';
import { codeLanguageOf } from '#kernel/code-languages.ts';
import { activeCodeBlock, insertDivider, toggleBlockQuote, toggleHeading, toggleList } from './editor-commands';
import {
  isTextBlock,
  type FormattedText,
  type Mark,
  type TableElement,
  type TextBlockElement,
} from './rich-text-types';

/** The paragraph the (collapsed) cursor is in, and the text before the cursor in it. */
function paragraphBeforeCursor(editor: Editor): { entry: NodeEntry<TextBlockElement>; before: string } | null {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return null;
  const entry = Editor.above<TextBlockElement>(editor, { match: isTextBlock });
  if (!entry || entry[0].type !== 'paragraph') return null;
  const before = Editor.string(editor, { anchor: Editor.start(editor, entry[1]), focus: selection.anchor });
  return { entry, before };
}

function deleteBefore(editor: Editor, entry: NodeEntry<TextBlockElement>): void {
  const { selection } = editor;
  if (!selection) return;
  Transforms.delete(editor, { at: { anchor: Editor.start(editor, entry[1]), focus: selection.anchor } });
}

/** Turns the paragraph into a code block, with the language the fence named if it is one the site knows. */
function makeCodeBlock(editor: Editor, entry: NodeEntry<TextBlockElement>, fence: string): void {
  const language = codeLanguageOf(fence.slice(3));
  Transforms.setNodes(editor, { type: 'code-block', ...(language ? { language } : {}) }, { at: entry[1] });
}

/** Typing a space after a block marker; true when it changed the block (the space is not typed then). */
export function applyMarkdownBlockShortcut(editor: Editor, text: string): boolean {
  if (text !== ' ') return false;
  const found = paragraphBeforeCursor(editor);
  if (!found) return false;
  const { entry, before } = found;
  const marker = before;
  let apply: (() => void) | null = null;
  if (marker === '#' || marker === '##') apply = () => toggleHeading(editor, 'heading-two');
  else if (marker === '###') apply = () => toggleHeading(editor, 'heading-three');
  else if (marker === '-' || marker === '*' || marker === '+') apply = () => toggleList(editor, 'bulleted-list');
  else if (/^\d{1,9}[.)]$/.test(marker)) apply = () => toggleList(editor, 'numbered-list');
  else if (marker === '>') apply = () => toggleBlockQuote(editor);
  else if (marker === '---') apply = () => insertDivider(editor);
  else if (/^```[\w+#-]*$/.test(marker)) apply = () => makeCodeBlock(editor, entry, marker);
  if (!apply) return false;
  asOwnStep(editor, text, () => {
    deleteBefore(editor, entry);
    apply();
  });
  return true;
}

/**
 * Types `text` as any other character (it joins the typing's step in the history), then makes the
 * shortcut's change a new step, so that undo takes back the shortcut alone.
 */
function asOwnStep(editor: Editor, text: string, change: () => void): void {
  Transforms.insertText(editor, text);
  if (HistoryEditor.isHistoryEditor(editor)) HistoryEditor.withNewBatch(editor, change);
  else change();
}

/** Enter on a paragraph that is only "---" or a fence ("```", "```python"); true when it made the block. */
export function applyMarkdownBreakShortcut(editor: Editor): boolean {
  const found = paragraphBeforeCursor(editor);
  if (!found) return false;
  const { entry, before } = found;
  if (before !== Editor.string(editor, entry[1])) return false;
  if (before === '---') {
    deleteBefore(editor, entry);
    insertDivider(editor);
    return true;
  }
  if (/^```[\w+#-]*$/.test(before)) {
    deleteBefore(editor, entry);
    makeCodeBlock(editor, entry, before);
    return true;
  }
  return makeTypedTable(editor, entry, before);
}

/** The cells of a pipe table's row: "| a | b |" or "a | b" gives ["a", "b"] (a "\|" is a pipe of the text). */
export function pipeCells(line: string): string[] | null {
  if (!line.includes('|')) return null;
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

const DELIMITER_CELL = /^:?-+:?$/;

/**
 * Enter after a delimiter row ("|---|---|") under a row of as many cells ("| Name | Price |"): the two
 * paragraphs become a table whose header row holds those cells, with one empty row to type in.
 */
function makeTypedTable(editor: Editor, entry: NodeEntry<TextBlockElement>, line: string): boolean {
  const delimiter = pipeCells(line);
  const [, path] = entry;
  if (!delimiter || !delimiter.every((cell) => DELIMITER_CELL.test(cell)) || path.length !== 1 || path[0] === 0) {
    return false;
  }
  const headerPath = Path.previous(path);
  const header = Node.get(editor, headerPath);
  if (!isTextBlock(header) || header.type !== 'paragraph') return false;
  const names = pipeCells(Node.string(header));
  if (!names || names.length !== delimiter.length) return false;
  const table: TableElement = {
    type: 'table',
    children: [
      {
        type: 'table-row',
        children: names.map((text) => ({ type: 'table-cell', header: true, children: [{ text }] })),
      },
      { type: 'table-row', children: names.map(() => ({ type: 'table-cell', children: [{ text: '' }] })) },
    ],
  };
  Editor.withoutNormalizing(editor, () => {
    Transforms.removeNodes(editor, { at: path });
    Transforms.removeNodes(editor, { at: headerPath });
    Transforms.insertNodes(editor, table, { at: headerPath });
    Transforms.select(editor, Editor.start(editor, [...headerPath, 1, 0]));
  });
  return true;
}

// The text before the cursor, with the closing mark just typed, that makes a format: the opening
// mark starts the line or follows a space or bracket (so snake_case and 2*3*4 stay as typed), and
// the formatted text neither starts nor ends with a space.
const INLINE_RULES: ReadonlyArray<{ delimiter: string; pattern: RegExp; mark: Mark }> = [
  { delimiter: '`', pattern: /`([^`]+)`$/, mark: 'code' },
  { delimiter: '**', pattern: /\*\*([^*\s](?:[^*]*[^*\s])?)\*\*$/, mark: 'bold' },
  { delimiter: '*', pattern: /(?:^|[\s([{"'])\*([^*\s](?:[^*]*[^*\s])?)\*$/, mark: 'italic' },
  { delimiter: '_', pattern: /(?:^|[\s([{"'])_([^_\s](?:[^_]*[^_\s])?)_$/, mark: 'italic' },
];

/** Typing the closing mark of `code`, **bold** or _italic_; true when it formatted the text. */
export function applyMarkdownInlineShortcut(editor: Editor, text: string): boolean {
  const rules = INLINE_RULES.filter((rule) => rule.delimiter.endsWith(text) && text.length === 1);
  const { selection } = editor;
  if (rules.length === 0 || !selection || !Range.isCollapsed(selection) || activeCodeBlock(editor)) return false;
  const [leaf, leafPath] = Editor.leaf(editor, selection.anchor);
  if (leaf.code) return false;
  const typed = leaf.text.slice(0, selection.anchor.offset) + text;
  for (const { delimiter, pattern, mark } of rules) {
    const match = pattern.exec(typed);
    if (!match) continue;
    const inner = match[1]!;
    const { text: _text, ...marks } = leaf;
    asOwnStep(editor, text, () => {
      // The whole "**bold**" goes; the text comes back formatted.
      const end = selection.anchor.offset + text.length;
      const start = end - (inner.length + 2 * delimiter.length);
      Transforms.delete(editor, {
        at: { anchor: { path: leafPath, offset: start }, focus: { path: leafPath, offset: end } },
      });
      const formatted: FormattedText = { ...marks, text: inner, [mark]: true };
      Transforms.insertNodes(editor, formatted);
      // What is typed next is plain again.
      Editor.removeMark(editor, mark);
    });
    return true;
  }
  return false;
}
