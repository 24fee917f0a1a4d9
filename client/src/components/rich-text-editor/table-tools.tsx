// Tables as the editor shows them, with their controls: while the caret is in a table, a row of
// buttons above it (outside the editable text) adds and deletes rows and columns, turns the header
// row on and off and deletes the table. Plain buttons with their names as their text, wrapping on a
// narrow screen. By keyboard: Tab and Shift+Tab go from cell to cell, Shift+Tab in the first cell
// goes to the controls (inside the editable text, they come after it in the page's Tab order, so the
// browser alone would skip them), and a control, or Escape, brings the caret back. A paste that had
// to change a table says so in TableNotice.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Path, type Editor } from 'slate';
import { ReactEditor, useSlateSelection, useSlateStatic, type RenderElementProps } from 'slate-react';
import type { TableCellElement, TableElement } from './rich-text-types';
import {
  activeTableCell,
  deleteTable,
  deleteTableColumn,
  deleteTableRow,
  hasHeaderRow,
  insertTableColumn,
  insertTableRow,
  moveInTable,
  onTableNotice,
  toggleHeaderRow,
} from './table-commands';
import './table-tools.css';

/** Tab or Shift+Tab in the editor: true when it was for a table (and is handled). */
export function handleTableTab(editor: Editor, event: KeyboardEvent): boolean {
  if (moveInTable(editor, event.shiftKey ? -1 : 1)) {
    event.preventDefault();
    return true;
  }
  const position = event.shiftKey ? activeTableCell(editor) : null;
  if (!position) return false;
  // Shift+Tab in the first cell: to the table's controls, just above it.
  const controls = ReactEditor.toDOMNode(editor, position.table).querySelectorAll('.rte-table-tools button');
  const last = controls[controls.length - 1] as HTMLButtonElement | undefined;
  if (!last) return false;
  event.preventDefault();
  last.focus();
  return true;
}

/** Renders a table, a row or a cell (renderElement's cases for them). */
export function TableElementView(props: RenderElementProps) {
  const { attributes, children, element } = props;
  if (element.type === 'table') return <TableView {...props} element={element} />;
  if (element.type === 'table-row') return <tr {...attributes}>{children}</tr>;
  // Header cells look like headers but are <td>: an empty <th> has no name (axe's
  // empty-table-header), and a tag that changed with the first letter typed would be a new element
  // under the caret. Whether the first row is the header row is the Header row button's state.
  return (
    <td {...attributes} className={(element as TableCellElement).header ? 'rte-table-header' : undefined}>
      {children}
    </td>
  );
}

function TableView({ attributes, children, element }: RenderElementProps & { element: TableElement }) {
  const editor = useSlateStatic();
  const selection = useSlateSelection();
  // Found again on each render: the table's place changes as blocks before it come and go.
  const path = ReactEditor.findPath(editor, element);
  const active = selection !== null && Path.isAncestor(path, selection.anchor.path);
  return (
    <div {...attributes} className="rte-table">
      {active && <TableTools editor={editor} header={hasHeaderRow(element)} />}
      <table>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const ACTIONS: ReadonlyArray<[string, (editor: Editor) => void]> = [
  ['Add row above', (editor) => insertTableRow(editor, 'above')],
  ['Add row below', (editor) => insertTableRow(editor, 'below')],
  ['Add column left', (editor) => insertTableColumn(editor, 'left')],
  ['Add column right', (editor) => insertTableColumn(editor, 'right')],
  ['Delete row', deleteTableRow],
  ['Delete column', deleteTableColumn],
];

function TableTools({ editor, header }: { editor: Editor; header: boolean }) {
  const run = (action: (editor: Editor) => void) => () => {
    action(editor);
    ReactEditor.focus(editor);
  };
  const button = (label: string, action: (editor: Editor) => void, pressed?: boolean) => (
    <button
      key={label}
      type="button"
      className="rte-table-button"
      aria-pressed={pressed}
      // Keeps the focus, and so the caret, in the table while clicking.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run(action)}
    >
      {label}
    </button>
  );
  return (
    <div
      contentEditable={false}
      className="rte-table-tools"
      role="group"
      aria-label="Table"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        ReactEditor.focus(editor);
      }}
    >
      {ACTIONS.map(([label, action]) => button(label, action))}
      {button('Header row', toggleHeaderRow, header)}
      {button('Delete table', deleteTable)}
    </div>
  );
}

/** What a paste changed in a table (merged cells split), read out, and shown until the next paste. */
export function TableNotice() {
  const editor = useSlateStatic();
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    onTableNotice(editor, setNotice);
    return () => onTableNotice(editor, null);
  }, [editor]);
  return (
    // Always there (empty when there is nothing to say), so screen readers hear it when it changes.
    <p className="rte-table-notice" role="status">
      {notice}
    </p>
  );
}
