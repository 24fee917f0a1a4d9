// The author's redirects at /admin/redirects (issue 36): add one (from, to, permanent or temporary),
// delete one, and the posts' former addresses beside them, read-only. A CSV file is checked row by
// row before anything is added (each bad row named with its line), and the table goes out as CSV.
// The rules are the server's (kernel/redirect-rules.ts); whether an address is live only it knows.
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState, type ChangeEvent } from 'react';
import { redirectFieldErrors, statusOf } from '#kernel/redirect-rules.ts';
import { redirectMessages } from '#kernel/messages.ts';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { ErrorMessage } from '../../components/error-message';
import { FormActions, SelectField, TextField } from '../../components/form/form-field';
import { useForm } from '../../components/form/use-form';
import { useUnsavedChanges } from '../../components/form/use-unsaved-changes';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { getFragmentData, graphql } from '../../gql';
import type { RedirectRowFragment } from '../../gql/graphql';
import { apiError, fieldErrorsOf, showApiError } from '../../lib/api-errors';
import { useFreshQuery } from '../../lib/query-freshness';
import { toast } from '../../lib/toast';
import '../../components/form/form.css';
import './redirects-page.css';

const REDIRECTS_PATH = '/admin/redirects';

const RedirectRow = graphql(`
  fragment RedirectRow on Redirect {
    id
    from
    to
    permanent
    formerSlug
  }
`);

const RedirectsQuery = graphql(`
  query Redirects {
    redirects {
      ...RedirectRow
    }
  }
`);

const CreateRedirectMutation = graphql(`
  mutation CreateRedirect($input: CreateRedirectInput!) {
    createRedirect(input: $input) {
      ...RedirectRow
    }
  }
`);

const DeleteRedirectMutation = graphql(`
  mutation DeleteRedirect($id: ID!) {
    deleteRedirect(id: $id)
  }
`);

const ImportRedirectsMutation = graphql(`
  mutation ImportRedirects($csv: String!, $dryRun: Boolean) {
    importRedirects(csv: $csv, dryRun: $dryRun) {
      ...RedirectRow
    }
  }
`);

const RedirectsCsvQuery = graphql(`
  query RedirectsCsv {
    redirectsCsv
  }
`);

const KINDS = [
  ['301', 'Permanent (301)'],
  ['302', 'Temporary (302)'],
] as const;

interface Values {
  from: string;
  to: string;
  status: string;
}

const EMPTY: Values = { from: '', to: '', status: '301' };

/** A CSV chosen for import: checked (the rows it would add) or refused (a message per bad row). */
type CsvCheck =
  { csv: string; name: string; rows: readonly RedirectRowFragment[] } | { name: string; problems: string[] };

export function RedirectsPage() {
  const { data, error } = useFreshQuery(RedirectsQuery, {});
  const client = useApolloClient();
  const refetch = { refetchQueries: [RedirectsQuery], awaitRefetchQueries: true };
  const [createRedirect] = useMutation(CreateRedirectMutation, refetch);
  const [deleteRedirect] = useMutation(DeleteRedirectMutation, refetch);
  const [importRedirects] = useMutation(ImportRedirectsMutation, refetch);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [check, setCheck] = useState<CsvCheck | null>(null);
  const [importing, setImporting] = useState(false);
  const rows = getFragmentData(RedirectRow, data?.redirects ?? []);
  const table = new Map(rows.filter((row) => !row.formerSlug).map((row) => [row.from, row.to]));

  const form = useForm<Values, Partial<Record<'from' | 'to', string>>>({
    initialValues: EMPTY,
    validate: (values) => redirectFieldErrors(values, table),
    send: async (values) => {
      const refused = await fieldErrorsOf(() =>
        createRedirect({
          variables: { input: { from: values.from, to: values.to, permanent: values.status === '301' } },
        }),
      );
      if (refused) return refused;
      toast.success('Redirect has been added');
      form.reset(EMPTY);
      return undefined;
    },
  });
  const dirty = form.values.from.trim() !== '' || form.values.to.trim() !== '';
  useUnsavedChanges(dirty);

  async function handleDelete(row: RedirectRowFragment) {
    if (deletingId || !window.confirm('Are you sure?')) return;
    setDeletingId(row.id);
    try {
      await deleteRedirect({ variables: { id: row.id } });
      toast.success('Redirect has been deleted');
    } catch (failure) {
      showApiError(failure);
    } finally {
      setDeletingId(null);
    }
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setCheck(null);
    if (!file) return;
    const csv = await file.text();
    try {
      const result = await importRedirects({ variables: { csv, dryRun: true }, refetchQueries: [] });
      setCheck({ csv, name: file.name, rows: [...getFragmentData(RedirectRow, result.data?.importRedirects ?? [])] });
    } catch (failure) {
      const { fieldErrors, message } = apiError(failure);
      const lines = Object.entries(fieldErrors).filter(([field]) => field !== 'csv');
      setCheck({ name: file.name, problems: lines.length > 0 ? lines.map(([, text]) => text) : [message] });
    }
  }

  async function handleImport() {
    if (!check || !('csv' in check) || importing) return;
    setImporting(true);
    try {
      const result = await importRedirects({ variables: { csv: check.csv } });
      toast.success(`${result.data?.importRedirects.length ?? 0} redirects have been imported`);
      setCheck(null);
    } catch (failure) {
      showApiError(failure);
    } finally {
      setImporting(false);
    }
  }

  async function handleExport() {
    try {
      const { data: exported } = await client.query({ query: RedirectsCsvQuery, fetchPolicy: 'network-only' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([exported?.redirectsCsv ?? ''], { type: 'text/csv' }));
      link.download = 'redirects.csv';
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (failure) {
      showApiError(failure);
    }
  }

  let content;
  if (error && !data) content = <ErrorMessage error={error} />;
  else if (!data) content = <Spinner label="Loading the redirects" />;
  else if (rows.length === 0) content = <p className="redirects-empty">No redirects yet.</p>;
  else {
    content = (
      <ul className="redirects-list" aria-label="Redirects">
        {rows.map((row) => (
          <li key={row.id} className="studio-row" aria-busy={deletingId === row.id}>
            <div className="redirects-row-body">
              <p className="redirects-path">
                <span className="visually-hidden">From </span>
                {row.from}
              </p>
              <p className="redirects-target">
                <span aria-hidden="true">→ </span>
                <span className="visually-hidden">to </span>
                {row.to}
              </p>
              <p className="redirects-note">
                {row.permanent ? 'Permanent' : 'Temporary'} ({statusOf(row.permanent)})
                {row.formerSlug && ". A post's former address"}
              </p>
            </div>
            {!row.formerSlug && (
              <button
                type="button"
                className="button button-small button-danger"
                disabled={deletingId !== null}
                onClick={() => void handleDelete(row)}
              >
                Delete<span className="visually-hidden"> the redirect from {row.from}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="container redirects-page">
      <PageMeta {...SCREEN_TEXTS.adminRedirects} path={REDIRECTS_PATH} noindex />
      <h1>Redirects</h1>
      <p className="redirects-intro">
        An old address of this site that leads to a new one or to another site. It applies only where the site has no
        page.
      </p>
      <section aria-labelledby="redirects-add">
        <h2 id="redirects-add">Add a redirect</h2>
        <form className="form redirects-form" {...form.formProps}>
          <TextField label="From" placeholder="/old-address" autoComplete="off" {...form.field('from')} />
          <TextField label="To" placeholder="/new-address or https://…" autoComplete="off" {...form.field('to')} />
          <SelectField
            label="Kind"
            name="status"
            value={form.values.status}
            placeholder="Choose a kind"
            options={KINDS}
            onValueChange={(status) => form.change({ status })}
          />
          <FormActions submitLabel="Add redirect" busy={form.busy} busyLabel="Adding the redirect" />
        </form>
      </section>
      <section aria-labelledby="redirects-table">
        <h2 id="redirects-table">Redirects</h2>
        {content}
      </section>
      <section aria-labelledby="redirects-csv" className="redirects-csv">
        <h2 id="redirects-csv">CSV</h2>
        <p className="redirects-intro">
          One redirect a line under the header <code>from,to,status</code> (status 301 or 302). Every row is checked
          first: one bad row and nothing is imported.
        </p>
        <div className="form-field">
          <label className="form-label" htmlFor="redirects-csv-file">
            CSV file to import
          </label>
          <input
            id="redirects-csv-file"
            className="form-input"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void handleFile(event)}
          />
        </div>
        {check && 'problems' in check && (
          <div className="redirects-check" role="alert">
            <p>
              {check.name}: {redirectMessages.csvRefused}
            </p>
            <ul>
              {check.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        {check && 'rows' in check && (
          <div className="redirects-check" role="status">
            <p>
              {check.name}: {check.rows.length} {check.rows.length === 1 ? 'redirect' : 'redirects'} to add.
            </p>
            <ul>
              {check.rows.map((row) => (
                <li key={row.id}>
                  {row.from} → {row.to} ({statusOf(row.permanent)})
                </li>
              ))}
            </ul>
            <button type="button" className="button" disabled={importing} onClick={() => void handleImport()}>
              Import {check.rows.length} {check.rows.length === 1 ? 'redirect' : 'redirects'}
            </button>
          </div>
        )}
        <p>
          <button type="button" className="button button-secondary" onClick={() => void handleExport()}>
            Download as CSV
          </button>
        </p>
      </section>
    </div>
  );
}
