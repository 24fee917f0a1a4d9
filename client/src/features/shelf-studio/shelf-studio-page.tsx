// The studio's shelf at /admin/shelf (issue 41), made to be kept up to date in seconds: a title, a
// kind and a status, then Enter, adds an item; each row changes its status or adds one page, episode
// or hour in one click; ticked rows get a status or tags at once. Imports are previewed before
// anything is stored; exports are plain downloads. The rules are the server's (kernel/shelf-rules.ts).
import { useMutation } from '@apollo/client/react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { CATEGORIES } from '#kernel/post-rules.ts';
import { SHELF_KIND_LABELS, SHELF_STATUS_LABELS, SHELF_STATUSES } from '#kernel/shelf-rules.ts';
import { ErrorMessage } from '../../components/error-message';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { getFragmentData } from '../../gql';
import type { Category, ImportShelfMutation as ImportResult, ShelfImportFormat, ShelfStatus } from '../../gql/graphql';
import { apiError, showApiError } from '../../lib/api-errors';
import { useFreshQuery } from '../../lib/query-freshness';
import { toast } from '../../lib/toast';
import {
  BulkUpdateShelfItemsMutation,
  CreateShelfItemMutation,
  ImportShelfMutation,
  ShelfRowFragment,
  ShelfStudioQuery,
  StepShelfItemMutation,
  UpdateShelfItemMutation,
} from './shelf-studio-queries';
import '../../components/form/form.css';
import './shelf-studio.css';

const apiStatus = (status: string) => status.toUpperCase() as ShelfStatus;
const statusLabel = (status: string) => SHELF_STATUS_LABELS[status.toLowerCase() as keyof typeof SHELF_STATUS_LABELS];

/** "title=Name" lines, as the generic CSV's mapping. */
function mappingOf(text: string) {
  return text
    .split('\n')
    .map((line) => line.split('='))
    .filter((pair) => pair.length === 2 && pair[0]!.trim() && pair[1]!.trim())
    .map(([field, column]) => ({ field: field!.trim(), column: column!.trim() }));
}

const KIND_OPTIONS = CATEGORIES.map((value) => [value, SHELF_KIND_LABELS[value]] as const);
const STATUS_OPTIONS = SHELF_STATUSES.map((value) => [value, statusLabel(value)] as const);

/** A labelled select of the screen's forms. */
function Choice(props: {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className="form-input"
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ShelfStudioPage() {
  const [page, setPage] = useState(1);
  const { data, error } = useFreshQuery(ShelfStudioQuery, { page });
  const refetch = { refetchQueries: [ShelfStudioQuery], awaitRefetchQueries: true };
  const [createItem] = useMutation(CreateShelfItemMutation, refetch);
  const [updateItem] = useMutation(UpdateShelfItemMutation);
  const [stepItem] = useMutation(StepShelfItemMutation);
  const [bulkUpdate] = useMutation(BulkUpdateShelfItemsMutation, refetch);
  const [importShelf] = useMutation(ImportShelfMutation, refetch);

  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<string>('book');
  const [status, setStatus] = useState<string>('planned');
  const [addErrors, setAddErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkStatus, setBulkStatus] = useState('');
  const [bulkTags, setBulkTags] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);

  const [format, setFormat] = useState<ShelfImportFormat>('GOODREADS' as ShelfImportFormat);
  const [fileText, setFileText] = useState<string | null>(null);
  const [mapping, setMapping] = useState('title=Title\nkind=Kind\nstatus=Status');
  const [preview, setPreview] = useState<ImportResult['importShelf'] | null>(null);
  const [importProblem, setImportProblem] = useState<string | null>(null);

  const items = getFragmentData(ShelfRowFragment, data?.shelfItems.items ?? []);

  async function handleAdd(event: FormEvent) {
    event.preventDefault();
    if (adding) return;
    setAdding(true);
    try {
      await createItem({
        variables: { input: { title, kind: kind.toUpperCase() as Category, status: apiStatus(status) } },
      });
      toast.success(`${title.trim()} is on the shelf`);
      setTitle('');
      setAddErrors({});
    } catch (failure) {
      const { fieldErrors, message } = apiError(failure);
      setAddErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { title: message });
    } finally {
      setAdding(false);
    }
  }

  async function act(id: string, run: () => Promise<unknown>) {
    setBusyId(id);
    try {
      await run();
    } catch (failure) {
      showApiError(failure);
    } finally {
      setBusyId(null);
    }
  }

  async function handleBulk(event: FormEvent) {
    event.preventDefault();
    const tags = bulkTags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    if (selected.size === 0 || (!bulkStatus && tags.length === 0)) return;
    try {
      await bulkUpdate({
        variables: { ids: [...selected], status: bulkStatus ? apiStatus(bulkStatus) : null, addTags: tags },
      });
      toast.success(`${selected.size} ${selected.size === 1 ? 'item' : 'items'} updated`);
      setSelected(new Set());
      setBulkTags('');
    } catch (failure) {
      showApiError(failure);
    }
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    setImportProblem(null);
    setFileText(file ? await file.text() : null);
  }

  async function runImport(dryRun: boolean) {
    if (fileText === null) return;
    setImportProblem(null);
    try {
      const result = await importShelf({
        variables: {
          format,
          text: fileText,
          dryRun,
          mapping: format === ('CSV' as ShelfImportFormat) ? mappingOf(mapping) : null,
        },
        ...(dryRun ? { refetchQueries: [] } : {}),
      });
      const outcome = result.data?.importShelf ?? null;
      setPreview(dryRun ? outcome : null);
      if (!dryRun && outcome) {
        toast.success(`${outcome.created} added, ${outcome.updated} updated, ${outcome.skipped} skipped`);
        setFileText(null);
      }
    } catch (failure) {
      const { fieldErrors, message } = apiError(failure);
      setImportProblem(Object.values(fieldErrors)[0] ?? message);
    }
  }

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let list;
  if (error && !data) list = <ErrorMessage error={error} />;
  else if (!data) list = <Spinner label="Loading the shelf" />;
  else if (items.length === 0) list = <p>Nothing on the shelf yet.</p>;
  else {
    list = (
      <ul className="shelf-studio-list" aria-label="Shelf items">
        {items.map((item) => (
          <li key={item.id} className="studio-row shelf-studio-row" aria-busy={busyId === item.id}>
            <input
              type="checkbox"
              className="shelf-studio-check"
              checked={selected.has(item.id)}
              onChange={() => toggle(item.id)}
              aria-label={`Select ${item.title}`}
            />
            <div className="shelf-studio-main">
              <p className="shelf-studio-title">
                <Link to={`/admin/shelf/${item.id}`}>{item.title}</Link>
              </p>
              <p className="shelf-studio-note">
                {SHELF_KIND_LABELS[item.kind.toLowerCase() as keyof typeof SHELF_KIND_LABELS]} · {item.progress}
                {item.progressTotal != null && ` / ${item.progressTotal}`} {item.progressUnit}
                {item.rating != null && ` · ${item.rating} ★`}
              </p>
            </div>
            <div className="shelf-studio-actions">
              <label className="visually-hidden" htmlFor={`status-${item.id}`}>
                Status of {item.title}
              </label>
              <select
                id={`status-${item.id}`}
                className="form-input shelf-studio-status"
                value={item.status.toLowerCase()}
                disabled={busyId !== null}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  void act(item.id, () =>
                    updateItem({ variables: { id: item.id, input: { status: apiStatus(next) } } }),
                  );
                }}
              >
                {SHELF_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {statusLabel(value)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button button-small"
                disabled={busyId !== null}
                onClick={() => void act(item.id, () => stepItem({ variables: { id: item.id } }))}
              >
                +1
                <span className="visually-hidden">
                  {' '}
                  {item.progressUnit.replace(/s$/, '')} of {item.title}
                </span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="container shelf-studio">
      <PageMeta {...SCREEN_TEXTS.adminShelf} path="/admin/shelf" noindex />
      <h1>Shelf</h1>
      <p>
        <a href="/shelf">See the public shelf</a>
      </p>
      <section aria-labelledby="shelf-add">
        <h2 id="shelf-add">Add an item</h2>
        <form className="shelf-studio-add" onSubmit={(event) => void handleAdd(event)} noValidate>
          <div className="form-field">
            <label className="form-label" htmlFor="shelf-add-title">
              Title
            </label>
            <input
              id="shelf-add-title"
              className="form-input"
              value={title}
              autoComplete="off"
              aria-invalid={Boolean(addErrors.title)}
              aria-describedby={addErrors.title ? 'shelf-add-title-error' : undefined}
              onChange={(event) => setTitle(event.currentTarget.value)}
            />
            {addErrors.title && (
              <p id="shelf-add-title-error" className="form-field-error">
                {addErrors.title}
              </p>
            )}
          </div>
          <Choice id="shelf-add-kind" label="Kind" value={kind} options={KIND_OPTIONS} onChange={setKind} />
          <Choice id="shelf-add-status" label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
          <button type="submit" className="button" disabled={adding}>
            Add to the shelf
          </button>
        </form>
      </section>
      <section aria-labelledby="shelf-items">
        <h2 id="shelf-items">Items</h2>
        <form className="shelf-studio-bulk" onSubmit={(event) => void handleBulk(event)}>
          <p>{selected.size} selected</p>
          <Choice
            id="shelf-bulk-status"
            label="Set status"
            value={bulkStatus}
            options={[['', 'Keep'], ...STATUS_OPTIONS]}
            onChange={setBulkStatus}
          />
          <div className="form-field">
            <label className="form-label" htmlFor="shelf-bulk-tags">
              Add tags (comma-separated)
            </label>
            <input
              id="shelf-bulk-tags"
              className="form-input"
              value={bulkTags}
              onChange={(event) => setBulkTags(event.currentTarget.value)}
            />
          </div>
          <button type="submit" className="button button-secondary" disabled={selected.size === 0}>
            Apply to selected
          </button>
        </form>
        {list}
        {data && data.shelfItems.pages > 1 && (
          <p className="shelf-studio-pages">
            <button
              type="button"
              className="button button-small"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous page
            </button>{' '}
            Page {page} of {data.shelfItems.pages}{' '}
            <button
              type="button"
              className="button button-small"
              disabled={page >= data.shelfItems.pages}
              onClick={() => setPage(page + 1)}
            >
              Next page
            </button>
          </p>
        )}
      </section>
      <section aria-labelledby="shelf-import">
        <h2 id="shelf-import">Import and export</h2>
        <p>
          A Goodreads library export (CSV), a MyAnimeList anime or manga export (XML), or any CSV with its columns
          mapped. You see what it would do first; importing the same file again updates what it added.
        </p>
        <Choice
          id="shelf-import-format"
          label="File from"
          value={format}
          options={[
            ['GOODREADS', 'Goodreads (CSV)'],
            ['MYANIMELIST', 'MyAnimeList (XML)'],
            ['CSV', 'Another CSV'],
          ]}
          onChange={(value) => setFormat(value as ShelfImportFormat)}
        />
        {format === ('CSV' as ShelfImportFormat) && (
          <div className="form-field">
            <label className="form-label" htmlFor="shelf-import-mapping">
              Columns (one field=Column a line: title, kind, status, creator, year, rating, progress, progressTotal,
              startedOn, finishedOn, tags, notes, id)
            </label>
            <textarea
              id="shelf-import-mapping"
              className="form-input"
              rows={4}
              value={mapping}
              onChange={(event) => setMapping(event.currentTarget.value)}
            />
          </div>
        )}
        <div className="form-field">
          <label className="form-label" htmlFor="shelf-import-file">
            File to import
          </label>
          <input
            id="shelf-import-file"
            className="form-input"
            type="file"
            accept=".csv,.xml,text/csv,text/xml,application/xml"
            onChange={(event) => void handleFile(event)}
          />
        </div>
        <p>
          <button
            type="button"
            className="button button-secondary"
            disabled={fileText === null}
            onClick={() => void runImport(true)}
          >
            Preview the import
          </button>
        </p>
        {importProblem && (
          <p className="form-field-error" role="alert">
            {importProblem}
          </p>
        )}
        {preview && (
          <div role="status" className="shelf-studio-preview">
            <p>
              {preview.created} to add, {preview.updated} to update, {preview.skipped} to skip.
            </p>
            <ul>
              {preview.rows.map((row) => (
                <li key={`${row.line}-${row.title}`}>
                  Line {row.line}: {row.title} ({row.kind}, {row.status}): {row.action}
                  {row.error && ` (${row.error})`}
                </li>
              ))}
            </ul>
            <button type="button" className="button" onClick={() => void runImport(false)}>
              Import {preview.created + preview.updated} {preview.created + preview.updated === 1 ? 'item' : 'items'}
            </button>
          </div>
        )}
        <p>
          <a href="/api/shelf/export?format=csv" download>
            Download the shelf as CSV
          </a>{' '}
          ·{' '}
          <a href="/api/shelf/export?format=json" download>
            Download the shelf as JSON
          </a>
        </p>
      </section>
    </div>
  );
}
