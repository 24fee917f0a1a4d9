// Small line icons for the toolbar (20x20, drawn in the text colour). Decorative: every button has
// its own accessible name.
import type { ReactNode } from 'react';
import type { ShortcutCommand } from './shortcuts';

/** An icon for each command that has a shortcut, one for each alignment, the divider's and the picture's. */
export type IconName =
  ShortcutCommand | 'align-left' | 'align-center' | 'align-right' | 'align-justify' | 'divider' | 'picture' | 'table';

const lines = (rows: Array<[number, number]>) =>
  rows.map(([from, to], index) => <path key={index} d={`M${from} ${4 + index * 4}H${to}`} />);

const PATHS: Record<IconName, ReactNode> = {
  bold: <path d="M6 3.5h5a3.25 3.25 0 0 1 0 6.5H6zM6 10h5.75a3.25 3.25 0 0 1 0 6.5H6z" strokeWidth="2" />,
  italic: <path d="M8.5 3.5h6M5.5 16.5h6M11.5 3.5l-3 13" />,
  underline: <path d="M6 3v6a4 4 0 0 0 8 0V3M4.5 17h11" />,
  strikethrough: (
    <path d="M14 5.5C13.2 4.2 11.9 3.5 10 3.5c-2.3 0-4 1.2-4 3 0 1.5 1 2.4 3 3M3.5 10h13M7 14.2c.8 1.5 2.2 2.3 4 2.3 2.3 0 3.8-1.1 3.8-3" />
  ),
  code: <path d="M7 5.5L2.5 10 7 14.5M13 5.5l4.5 4.5-4.5 4.5" />,
  'heading-two': (
    <>
      <path d="M2.5 4.5v11M9.5 4.5v11M2.5 10h7" />
      <path d="M12.5 8.2c.3-1.3 1.4-2 2.6-2 1.4 0 2.4.9 2.4 2.1 0 2.3-5 4-5 7.2h5" strokeWidth="1.4" />
    </>
  ),
  'heading-three': (
    <>
      <path d="M2.5 4.5v11M9.5 4.5v11M2.5 10h7" />
      <path d="M12.5 6.5h4.8l-2.6 3.3c1.5 0 2.8.9 2.8 2.4s-1.2 2.6-2.7 2.6c-1.1 0-2-.5-2.4-1.3" strokeWidth="1.4" />
    </>
  ),
  'code-block': (
    <>
      <rect x="2.5" y="3" width="15" height="14" rx="2" />
      <path d="M8 8l-2.5 2L8 12M12 8l2.5 2-2.5 2" />
    </>
  ),
  picture: (
    <>
      <rect x="2.5" y="4" width="15" height="12" rx="1.5" />
      <path d="M2.5 13.5l4.5-4.5 4 4 2-2 4.5 4.5" />
      <circle cx="13" cy="7.5" r="1.3" />
    </>
  ),
  table: (
    <>
      <rect x="2.5" y="3.5" width="15" height="13" rx="1.5" />
      <path d="M2.5 8h15M2.5 12.25h15M7.5 3.5v13M12.5 3.5v13" />
    </>
  ),
  divider: (
    <>
      <path d="M2.5 10h15" />
      <path d="M6 5.5h8M6 14.5h8" opacity="0.45" />
    </>
  ),
  'block-quote': <path d="M4 9.5c0-2.5 1.2-4.2 3.5-5M4 9.5h3.5V14H4zM11 9.5c0-2.5 1.2-4.2 3.5-5M11 9.5h3.5V14H11z" />,
  'numbered-list': (
    <>
      <path d="M8.5 5h9M8.5 10h9M8.5 15h9" />
      <path d="M3 3.5h1.2v3.5M2.8 7h2.6M2.8 11.2c.2-.9 2.6-1 2.5.3 0 .9-2.5 1.6-2.5 2.5h2.6" strokeWidth="1.2" />
    </>
  ),
  'bulleted-list': (
    <>
      <path d="M8 5h9.5M8 10h9.5M8 15h9.5" />
      <circle cx="4" cy="5" r="1.2" fill="currentColor" stroke="none" />
      <circle cx="4" cy="10" r="1.2" fill="currentColor" stroke="none" />
      <circle cx="4" cy="15" r="1.2" fill="currentColor" stroke="none" />
    </>
  ),
  outdent: (
    <>
      <path d="M3 4h14M9 8h8M9 12h8M3 16h14" />
      <path d="M6 7.5L3.5 10 6 12.5" />
    </>
  ),
  indent: (
    <>
      <path d="M3 4h14M9 8h8M9 12h8M3 16h14" />
      <path d="M3.5 7.5L6 10l-2.5 2.5" />
    </>
  ),
  'align-left': (
    <>
      {lines([
        [3, 17],
        [3, 12],
        [3, 17],
        [3, 12],
      ])}
    </>
  ),
  'align-center': (
    <>
      {lines([
        [3, 17],
        [5.5, 14.5],
        [3, 17],
        [5.5, 14.5],
      ])}
    </>
  ),
  'align-right': (
    <>
      {lines([
        [3, 17],
        [8, 17],
        [3, 17],
        [8, 17],
      ])}
    </>
  ),
  'align-justify': (
    <>
      {lines([
        [3, 17],
        [3, 17],
        [3, 17],
        [3, 17],
      ])}
    </>
  ),
  link: (
    <path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5l-1 1M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1" />
  ),
  clean: (
    <>
      <path d="M5 4h10M10 4l-2.5 12M6 16h4" />
      <path d="M12.5 11.5l4 4M16.5 11.5l-4 4" />
    </>
  ),
};

export function ToolbarIcon({ name }: { name: IconName }) {
  return (
    <svg
      className="rte-icon"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
