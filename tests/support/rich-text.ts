// The rich-text editor as the unit tests drive it: the client's own modules, headless, jsdom's
// DOMParser for its HTML reader, and the server's own sanitizer for what a save would store.
import { JSDOM } from 'jsdom';
import { createEditor, Editor, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { expect } from 'vitest';
import { htmlToSlate } from '../../client/src/components/rich-text-editor/html-deserialize.ts';
import { slateToHtml } from '../../client/src/components/rich-text-editor/html-serialize.ts';
import { withRichText } from '../../client/src/components/rich-text-editor/rich-text-plugin.ts';
import type {
  FormattedText,
  InlineNode,
  RichTextEditor,
  TopBlockElement,
} from '../../client/src/components/rich-text-editor/rich-text-types.ts';
import { displaySanitizer, sanitizeContent } from '../../server/modules/post/sanitize-html.ts';

export const parser = new new JSDOM('').window.DOMParser();
export const read = (html: string) => htmlToSlate(html, parser);

/** A headless editor with the editor's own plugin, holding this value, normalized as the editor would. */
export function editorWith(value: Descendant[]): RichTextEditor {
  const editor = withRichText(withHistory(createEditor()) as RichTextEditor);
  editor.children = structuredClone(value);
  Editor.normalize(editor, { force: true });
  return editor;
}

export const editorFromHtml = (html: string) => editorWith(read(html));

export const t = (text: string, marks: Partial<FormattedText> = {}): FormattedText => ({ text, ...marks });
export const p = (children: InlineNode[], extra: Partial<TopBlockElement> = {}): TopBlockElement =>
  ({ type: 'paragraph', children, ...extra }) as TopBlockElement;

/** The highlighting the server adds, taken away: what the editor reads out of stored HTML. */
export const withoutHighlighting = (html: string) => html.replace(/<span[^>]*>|<\/span>/g, '');

/**
 * Editor -> server -> editor: the server stores what the editor wrote (its code blocks highlighted),
 * the stored HTML reads back, and opens in the editor, as the same document, storing it again
 * changes nothing, and a reader's browser (and the server's render of the page) shows it as stored.
 */
export function expectRoundTrip(value: Descendant[]): { html: string; stored: string } {
  const html = slateToHtml(value);
  const stored = sanitizeContent(html);
  expect(withoutHighlighting(stored), 'the server keeps everything the editor writes').toBe(html);
  expect(slateToHtml(read(stored)), 'read back and written again').toBe(html);
  expect(slateToHtml(editorFromHtml(stored).children), 'opened in the editor and written again').toBe(html);
  expect(sanitizeContent(stored), 'stored again').toBe(stored);
  expect(displaySanitizer()(stored), 'shown').toBe(stored);
  return { html, stored };
}

/** HTML the editor wrote from what it read elsewhere (a paste, another editor): as expected, and stored as it is. */
export function expectWrittenAndKept(html: string, expected: string): void {
  expect(html).toBe(expected);
  expect(sanitizeContent(html)).toBe(html);
}
