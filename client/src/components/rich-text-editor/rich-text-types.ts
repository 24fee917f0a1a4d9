// The editor's document model: exactly the shapes the server's content rules can store
// (kernel/content-rules.ts). Text blocks (paragraph, subheading, quote, list item) hold inline
// content and may carry an alignment and an indentation level, which become the allowed classes in
// HTML. A nested list sits in its parent list right after the item it belongs to; in HTML it goes
// inside that item (<li>text<ul>...</ul></li>). A code block holds plain text (its lines separated
// by "\n") and maybe a language; a divider (<hr>) holds nothing, and a picture (<figure>) only its
// stored image's facts, alt text and caption. A table holds rows of cells, each cell inline content
// like a paragraph's (a pasted cell's blocks become lines of it); its first row is a header row when
// its cells are header cells (<th>, in a <thead>), and no other row's are.
import type { BaseEditor, Descendant } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';
import type { CodeLanguage } from '#kernel/code-languages.ts';
import type { ContentPicture } from '#kernel/content-pictures.ts';
import { CONTENT_ALIGNMENTS, CONTENT_MAX_INDENT, type ContentAlignment } from '#kernel/content-rules.ts';

export const MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'] as const;
export type Mark = (typeof MARKS)[number];

export type Align = ContentAlignment;
export const ALIGNMENTS: readonly Align[] = CONTENT_ALIGNMENTS;
export const MAX_INDENT = CONTENT_MAX_INDENT;

export interface FormattedText {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  /** Inline code (<code>). */
  code?: boolean;
}

export interface LinkElement {
  type: 'link';
  url: string;
  children: FormattedText[];
}

export type InlineNode = FormattedText | LinkElement;

interface TextBlockFields {
  align?: Align;
  /** 1 to MAX_INDENT; absent means not indented. */
  indent?: number;
  children: InlineNode[];
}

export interface ParagraphElement extends TextBlockFields {
  type: 'paragraph';
}

export interface BlockQuoteElement extends TextBlockFields {
  type: 'block-quote';
}

export interface ListItemElement extends TextBlockFields {
  type: 'list-item';
}

export type HeadingType = 'heading-two' | 'heading-three';

/** A subheading: h2 or h3 (the post's title is its h1). */
export interface HeadingElement extends TextBlockFields {
  type: HeadingType;
}

export interface CodeBlockElement {
  type: 'code-block';
  language?: CodeLanguage;
  /** Plain text only: the normalizer takes marks and links away. */
  children: FormattedText[];
}

/** A horizontal rule (<hr>): a void block. */
export interface DividerElement {
  type: 'divider';
  children: [FormattedText];
}

/**
 * A picture of this site's uploads with its alt text and caption (<figure>, kernel/content-pictures.ts):
 * a void block; its texts are edited in fields beside the picture, not in the editable text.
 */
export interface PictureElement extends ContentPicture {
  type: 'picture';
  children: [FormattedText];
}

export type ListType = 'bulleted-list' | 'numbered-list';

/** A cell of a table: inline content; `header` only in the first row (the header row). */
export interface TableCellElement {
  type: 'table-cell';
  header?: boolean;
  children: InlineNode[];
}

export interface TableRowElement {
  type: 'table-row';
  children: TableCellElement[];
}

/** A table: rows of equally many cells, at the top level of the post. */
export interface TableElement {
  type: 'table';
  children: TableRowElement[];
}

export interface ListElement {
  type: ListType;
  children: Array<ListItemElement | ListElement>;
}

export type TextBlockElement = ParagraphElement | HeadingElement | BlockQuoteElement | ListItemElement;
export type TopBlockElement =
  | ParagraphElement
  | HeadingElement
  | BlockQuoteElement
  | ListElement
  | CodeBlockElement
  | DividerElement
  | PictureElement
  | TableElement;
export type RichTextElement =
  | TextBlockElement
  | ListElement
  | CodeBlockElement
  | DividerElement
  | PictureElement
  | TableElement
  | TableRowElement
  | TableCellElement
  | LinkElement;

export type RichTextEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  interface CustomTypes {
    Editor: RichTextEditor;
    Element: RichTextElement;
    Text: FormattedText;
  }
}

const LIST_TYPES: readonly string[] = ['bulleted-list', 'numbered-list'];
const TEXT_BLOCK_TYPES: readonly string[] = ['paragraph', 'heading-two', 'heading-three', 'block-quote', 'list-item'];
export const HEADING_TYPES: readonly HeadingType[] = ['heading-two', 'heading-three'];

function typeOf(node: unknown): unknown {
  return typeof node === 'object' && node !== null ? (node as { type?: unknown }).type : undefined;
}

export function isList(node: unknown): node is ListElement {
  return LIST_TYPES.includes(typeOf(node) as string);
}

export function isTextBlock(node: unknown): node is TextBlockElement {
  return TEXT_BLOCK_TYPES.includes(typeOf(node) as string);
}

export function isHeading(node: unknown): node is HeadingElement {
  return HEADING_TYPES.includes(typeOf(node) as HeadingType);
}

/** The guard of one element type, by its `type`. */
function elementOfType<T extends { type: string }>(type: T['type']) {
  return (node: unknown): node is T => typeOf(node) === type;
}

export const isCodeBlock = elementOfType<CodeBlockElement>('code-block');
export const isDivider = elementOfType<DividerElement>('divider');
export const isPicture = elementOfType<PictureElement>('picture');
export const isTable = elementOfType<TableElement>('table');
export const isTableRow = elementOfType<TableRowElement>('table-row');
export const isTableCell = elementOfType<TableCellElement>('table-cell');
export const isLink = elementOfType<LinkElement>('link');

export { isContentAlignment as isAlign, contentIndent as indentLevel } from '#kernel/content-rules.ts';

export function emptyValue(): Descendant[] {
  return [{ type: 'paragraph', children: [{ text: '' }] }];
}
