// The studio's lists (posts, pages, subscribers): the states before their rows, and the table they are
// shown in (a card per row on a phone, admin-posts-page.css), its columns' headers and an actions
// column; the filters kept in the address.
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { SelectOptions } from '../../components/form/select-options';
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

interface RowActionsProps {
  /** The row's title, read after each button's word ('Edit About'). */
  title: string;
  editTo: string;
  /** The public address: View once public, Preview before. */
  viewTo: string;
  published: boolean;
  /** While a row's request runs, no button starts another. */
  disabled: boolean;
  onDelete: () => void;
  /** More buttons before Delete (a post's Publish or Unpublish). */
  children?: ReactNode;
}

/** A row's Edit, View (or Preview), its own buttons and Delete; each named with the row's title for screen readers. */
export function RowActions({ title, editTo, viewTo, published, disabled, onDelete, children }: RowActionsProps) {
  const named = <span className="visually-hidden"> {title}</span>;
  return (
    <td className="studio-col-actions">
      <div className="studio-actions">
        <Link className="button button-small" to={editTo}>
          Edit{named}
        </Link>
        <Link className="button button-small button-secondary" to={viewTo}>
          {published ? 'View' : 'Preview'}
          {named}
        </Link>
        {children}
        <button className="button button-small button-danger" type="button" disabled={disabled} onClick={onDelete}>
          Delete{named}
        </button>
      </div>
    </td>
  );
}

/**
 * A list's filters kept in its address: the address as rendered, that address with filters changed
 * (for links), and a change of filters. A change starts from the address as it is when asked, not as
 * last rendered: a search sent and a status picked in quick succession both land (the second once
 * dropped the first, made on the address from before the first had been rendered).
 */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  return {
    params,
    withFilters: (change: Record<string, string | null>, page = 1) => withListFilters(params, change, page),
    setFilters: (change: Record<string, string | null>, page = 1) =>
      setParams(withListFilters(new URLSearchParams(window.location.search), change, page)),
  };
}

/** The list's address with these filters changed (null or '' removes one); any change of filter starts again at page 1. */
export function withListFilters(
  params: URLSearchParams,
  change: Record<string, string | null>,
  page = 1,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** One of the list's filters: a labelled select whose first choice, All, is no filter (null). */
export function ListFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string | null) => void;
}) {
  return (
    <label className="form-field studio-filter">
      <span className="form-label">{label}</span>
      <select className="form-input" value={value} onChange={(event) => onChange(event.currentTarget.value || null)}>
        <SelectOptions none="All" options={options} />
      </select>
    </label>
  );
}
