// The editor's toolbar: its buttons in groups (marks, headings, blocks, inserts, indentation,
// alignment, link and clean), each pressed while its format is on at the cursor, following the
// WAI-ARIA toolbar pattern. A click runs the button's command (apply-command.ts) through the editor.
import { useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useSlate } from 'slate-react';
import type { Command } from './apply-command';
import {
  activeAlign,
  activeBlockFormat,
  activeCodeBlock,
  activeHeading,
  activeLink,
  isMarkActive,
} from './editor-commands';
import type { Align, Mark } from './rich-text-types';
import { shortcutLabel } from './shortcuts';
import { ToolbarIcon, type IconName } from './toolbar-icons';

interface ToolbarButton {
  command: Command;
  label: string;
  icon: IconName;
  /** For a format that is on or off: whether it is on. */
  pressed?: boolean;
}

const MARK_BUTTONS: ReadonlyArray<[Mark, string]> = [
  ['bold', 'Bold'],
  ['italic', 'Italic'],
  ['underline', 'Underline'],
  ['strikethrough', 'Strikethrough'],
  ['code', 'Inline code'],
];

const ALIGN_BUTTONS: ReadonlyArray<[Align, string]> = [
  ['left', 'Align left'],
  ['center', 'Align center'],
  ['right', 'Align right'],
  ['justify', 'Justify'],
];

/** The WAI-ARIA toolbar pattern: one Tab stop, arrow keys move between the buttons. */
export function Toolbar({
  onCommand,
  linkOpen,
  pictures,
}: {
  onCommand: (command: Command) => void;
  linkOpen: boolean;
  pictures: boolean;
}) {
  // useSlate: re-rendered on every change, the selection included, so the pressed states follow the cursor.
  const editor = useSlate();
  const [current, setCurrent] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const blockFormat = activeBlockFormat(editor);
  const heading = activeHeading(editor);
  const inCode = activeCodeBlock(editor) !== null;
  const align = activeAlign(editor);
  const inLink = activeLink(editor) !== null;
  const groups: ToolbarButton[][] = [
    MARK_BUTTONS.map(([mark, label]) => ({ command: mark, label, icon: mark, pressed: isMarkActive(editor, mark) })),
    [
      { command: 'heading-two', label: 'Heading', icon: 'heading-two', pressed: heading === 'heading-two' },
      { command: 'heading-three', label: 'Subheading', icon: 'heading-three', pressed: heading === 'heading-three' },
    ],
    [
      { command: 'block-quote', label: 'Blockquote', icon: 'block-quote', pressed: blockFormat === 'block-quote' },
      {
        command: 'numbered-list',
        label: 'Numbered list',
        icon: 'numbered-list',
        pressed: blockFormat === 'numbered-list',
      },
      {
        command: 'bulleted-list',
        label: 'Bulleted list',
        icon: 'bulleted-list',
        pressed: blockFormat === 'bulleted-list',
      },
      { command: 'code-block', label: 'Code block', icon: 'code-block', pressed: inCode },
    ],
    // Smaller groups than one of eight, so that on a narrow phone they wrap between groups.
    [
      { command: 'divider', label: 'Divider', icon: 'divider' },
      ...(pictures ? [{ command: 'picture' as const, label: 'Picture', icon: 'picture' as const }] : []),
      { command: 'table', label: 'Table', icon: 'table' },
    ],
    [
      { command: 'outdent', label: 'Decrease indent', icon: 'outdent' },
      { command: 'indent', label: 'Increase indent', icon: 'indent' },
    ],
    ALIGN_BUTTONS.map(([value, label]) => ({
      command: `align-${value}` as const,
      label,
      icon: `align-${value}` as const,
      pressed: align === value,
    })),
    [
      { command: 'link', label: inLink ? 'Edit link' : 'Link', icon: 'link' },
      { command: 'clean', label: 'Clear formatting', icon: 'clean' },
    ],
  ];
  const flat = groups.flat();

  const moveFocus = (index: number) => {
    const next = (index + flat.length) % flat.length;
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  const handleKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: -1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveFocus(target);
  };

  let index = -1;
  return (
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting" onKeyDown={handleKeyDown}>
      {groups.map((group, groupIndex) => (
        <div className="rte-toolbar-group" key={groupIndex}>
          {group.map((button) => {
            index += 1;
            const position = index;
            const shortcut = shortcutLabel(button.command);
            return (
              <button
                key={button.command}
                ref={(element) => {
                  buttons.current[position] = element;
                }}
                type="button"
                className="rte-button"
                tabIndex={position === current ? 0 : -1}
                aria-label={button.label}
                aria-pressed={button.pressed}
                aria-haspopup={button.command === 'link' ? 'dialog' : undefined}
                aria-expanded={button.command === 'link' ? linkOpen : undefined}
                title={shortcut ? `${button.label} (${shortcut})` : button.label}
                // Keeps the focus, and so the selection, in the text while clicking.
                onMouseDown={(event) => event.preventDefault()}
                onFocus={() => setCurrent(position)}
                onClick={() => onCommand(button.command)}
              >
                <ToolbarIcon name={button.icon} />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
