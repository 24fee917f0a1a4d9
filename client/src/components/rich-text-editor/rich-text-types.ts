// The editor's document model: exactly the shapes the server's content rules can store
// (kernel/content-rules.ts). Text blocks (paragraph, quote, list item) hold inline content and
// may carry an alignment and an indentation level, which become the allowed classes in HTML.
// A nested list sits in its parent list right after the item it belongs to; in HTML it goes
// inside that item (<li>text<ul>...</ul></li>).
import type { BaseEditor, Descendant } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';
import { CONTENT_ALIGNMENTS, CONTENT_MAX_INDENT } from '#kernel/content-rules.ts';

export const MARKS = ['bold', 'italic', 'underline', 'strikethrough'] as const;
export type Mark = (typeof MARKS)[number];

export type Align = (typeof CONTENT_ALIGNMENTS)[number];
export const ALIGNMENTS: readonly Align[] = CONTENT_ALIGNMENTS;
export const MAX_INDENT = CONTENT_MAX_INDENT;

export interface FormattedText {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
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

export type ListType = 'bulleted-list' | 'numbered-list';

export interface ListElement {
  type: ListType;
  children: Array<ListItemElement | ListElement>;
}

export type TextBlockElement = ParagraphElement | BlockQuoteElement | ListItemElement;
export type TopBlockElement = ParagraphElement | BlockQuoteElement | ListElement;
export type RichTextElement = TextBlockElement | ListElement | LinkElement;

export type RichTextEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  interface CustomTypes {
    Editor: RichTextEditor;
    Element: RichTextElement;
    Text: FormattedText;
  }
}

const LIST_TYPES: readonly string[] = ['bulleted-list', 'numbered-list'];
const TEXT_BLOCK_TYPES: readonly string[] = ['paragraph', 'block-quote', 'list-item'];

function typeOf(node: unknown): unknown {
  return typeof node === 'object' && node !== null ? (node as { type?: unknown }).type : undefined;
}

export function isList(node: unknown): node is ListElement {
  return LIST_TYPES.includes(typeOf(node) as string);
}

export function isTextBlock(node: unknown): node is TextBlockElement {
  return TEXT_BLOCK_TYPES.includes(typeOf(node) as string);
}

export function isLink(node: unknown): node is LinkElement {
  return typeOf(node) === 'link';
}

export function isAlign(value: unknown): value is Align {
  return (ALIGNMENTS as readonly unknown[]).includes(value);
}

/** An indentation level the content rules keep (1 to MAX_INDENT), or undefined. */
export function indentLevel(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_INDENT ? value : undefined;
}

export function emptyValue(): Descendant[] {
  return [{ type: 'paragraph', children: [{ text: '' }] }];
}
