// The Move up and Move down buttons of an ordered studio list (the Currently cards, a menu's
// entries): one place up or down, each off at its end of the list, named with the row for screen
// readers. `data-row` and `data-control` let the list give the focus back to a button after a move.

/** A row's two moves. */
const MOVES = [
  { control: 'up', by: -1, text: 'Move up' },
  { control: 'down', by: 1, text: 'Move down' },
] as const;

export type MoveBy = (typeof MOVES)[number]['by'];

interface MoveButtonsProps {
  /** The row's id, as data-row. */
  row: string;
  index: number;
  count: number;
  /** What the row is called, said after the button's text. */
  name: string;
  busy?: boolean;
  onMove: (by: MoveBy) => void;
}

export function MoveButtons({ row, index, count, name, busy = false, onMove }: MoveButtonsProps) {
  return MOVES.map(({ control, by, text }) => (
    <button
      key={control}
      className="button button-secondary button-small"
      type="button"
      data-row={row}
      data-control={control}
      disabled={busy || index + by < 0 || index + by >= count}
      onClick={() => onMove(by)}
    >
      {text}
      <span className="visually-hidden"> {name}</span>
    </button>
  ));
}

/** The selector of a row's control (a move, or any button given the same data attributes). */
export const rowControl = (row: string, control: string) => `[data-row="${row}"][data-control="${control}"]`;
