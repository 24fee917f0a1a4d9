// The studio's lists (posts, pages): the states before their rows, and the table they are shown in
// (a card per row on a phone, admin-posts-page.css), its columns' headers and an actions column.
import type { ReactNode } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { Spinner } from '../../components/spinner';
import './admin-posts-page.css';

/** What a list shows instead of its rows: its error, the spinner, or NOTHING FOUND; null once it has rows. */
export function listState(error: unknown, rows: readonly unknown[] | undefined, loadingLabel: string): ReactNode {
  if (error && !rows) return <ErrorMessage error={error} />;
  if (!rows) return <Spinner label={loadingLabel} />;
  if (rows.length === 0) return <p className="studio-empty">NOTHING FOUND</p>;
  return null;
}

interface StudioTableProps {
  caption: string;
  /** The columns before the actions: each header and the class that sizes it. */
  columns: ReadonlyArray<readonly [name: string, className: string]>;
  busy?: boolean;
  /** The rows. */
  children: ReactNode;
}

export function StudioTable({ caption, columns, busy, children }: StudioTableProps) {
  return (
    <table className="studio-table" aria-busy={busy}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map(([name, className]) => (
            <th key={name} scope="col" className={className}>
              {name}
            </th>
          ))}
          <th scope="col" className="studio-col-actions">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
