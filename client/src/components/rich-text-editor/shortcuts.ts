// The editor's keyboard shortcuts, and how each is written in a tooltip on this platform.
// Letters are matched by the character they type (any keyboard layout); digits and brackets by the
// physical key, since Shift changes their character.

export type ShortcutCommand =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strikethrough'
  | 'code'
  | 'heading-two'
  | 'heading-three'
  | 'code-block'
  | 'block-quote'
  | 'numbered-list'
  | 'bulleted-list'
  | 'indent'
  | 'outdent'
  | 'link'
  | 'clean';

interface Shortcut {
  command: ShortcutCommand;
  /** A letter (event.key, lower case) or a KeyboardEvent.code such as 'Digit7'. */
  key?: string;
  code?: string;
  shift?: boolean;
  /** Alt (Option on Apple keyboards) as well: the headings, as in word processors (Ctrl+Alt+2). */
  alt?: boolean;
  /** How the key is written in the tooltip. */
  label: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { command: 'bold', key: 'b', label: 'B' },
  { command: 'italic', key: 'i', label: 'I' },
  { command: 'underline', key: 'u', label: 'U' },
  { command: 'strikethrough', key: 'x', shift: true, label: 'X' },
  { command: 'code', key: 'e', label: 'E' },
  { command: 'heading-two', code: 'Digit2', alt: true, label: '2' },
  { command: 'heading-three', code: 'Digit3', alt: true, label: '3' },
  { command: 'code-block', code: 'KeyC', alt: true, label: 'C' },
  { command: 'numbered-list', code: 'Digit7', shift: true, label: '7' },
  { command: 'bulleted-list', code: 'Digit8', shift: true, label: '8' },
  { command: 'block-quote', code: 'Digit9', shift: true, label: '9' },
  { command: 'indent', code: 'BracketRight', label: ']' },
  { command: 'outdent', code: 'BracketLeft', label: '[' },
  { command: 'link', key: 'k', label: 'K' },
  { command: 'clean', code: 'Backslash', label: '\\' },
];

export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform;
  return /mac|iphone|ipad|ipod/i.test(platform);
}

interface KeyEventLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The command a key press asks for, if it is one of the shortcuts. */
export function shortcutFor(event: KeyEventLike, apple = isApplePlatform()): ShortcutCommand | null {
  const mod = apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!mod) return null;
  const found = SHORTCUTS.find(
    (shortcut) =>
      Boolean(shortcut.shift) === event.shiftKey &&
      Boolean(shortcut.alt) === event.altKey &&
      // With Alt a letter's character changes (Option+C is "ç"): keys with Alt are matched by code.
      (shortcut.key ? event.key.toLowerCase() === shortcut.key : event.code === shortcut.code),
  );
  return found?.command ?? null;
}

/** "Ctrl+Shift+X" (or "⌘⇧X" on Apple devices) for a tooltip; undefined when the command has no shortcut. */
export function shortcutLabel(command: string, apple = isApplePlatform()): string | undefined {
  const shortcut = SHORTCUTS.find((entry) => entry.command === command);
  if (!shortcut) return undefined;
  if (apple) return `⌘${shortcut.alt ? '⌥' : ''}${shortcut.shift ? '⇧' : ''}${shortcut.label}`;
  return `Ctrl+${shortcut.alt ? 'Alt+' : ''}${shortcut.shift ? 'Shift+' : ''}${shortcut.label}`;
}
