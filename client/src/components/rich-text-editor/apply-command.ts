// The editor's commands by name, as the toolbar and the keyboard shortcuts (shortcuts.ts) give them,
// and the edit each one makes (editor-commands.ts, table-commands.ts). The link and the picture
// commands open a form or a file picker first: the editor itself handles those two.
import {
  clearFormatting,
  indent,
  insertDivider,
  outdent,
  setAlign,
  toggleBlockQuote,
  toggleCodeBlock,
  toggleHeading,
  toggleList,
  toggleMark,
} from './editor-commands';
import type { Align, RichTextEditor as RichEditor } from './rich-text-types';
import type { ShortcutCommand } from './shortcuts';
import { insertTable } from './table-commands';

export type Command = ShortcutCommand | 'divider' | 'picture' | 'table' | `align-${Align}`;

export function applyCommand(editor: RichEditor, command: Exclude<Command, 'link' | 'picture'>): void {
  switch (command) {
    case 'bold':
    case 'italic':
    case 'underline':
    case 'strikethrough':
    case 'code':
      toggleMark(editor, command);
      return;
    case 'heading-two':
    case 'heading-three':
      toggleHeading(editor, command);
      return;
    case 'code-block':
      toggleCodeBlock(editor);
      return;
    case 'divider':
      insertDivider(editor);
      return;
    case 'table':
      insertTable(editor);
      return;
    case 'block-quote':
      toggleBlockQuote(editor);
      return;
    case 'numbered-list':
    case 'bulleted-list':
      toggleList(editor, command);
      return;
    case 'indent':
      indent(editor);
      return;
    case 'outdent':
      outdent(editor);
      return;
    case 'clean':
      clearFormatting(editor);
      return;
    default:
      setAlign(editor, command.slice('align-'.length) as Align);
  }
}
