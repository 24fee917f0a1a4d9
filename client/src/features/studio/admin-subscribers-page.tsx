// Readers who follow by e-mail, at /admin/subscribers (issue 40, item 5): how many are confirmed,
// waiting and unsubscribed; the list (a search by address and a status filter, kept in the address;
// pages of 50, for lists of ten thousand), each with its dates and where it consented, and Remove;
// the CSV of them all; and the import of a list from Ghost, Substack or Mailchimp, previewed first.
// Design: docs/decisions/059-subscribers-in-the-studio.md.
import { useMutation, useQuery } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { useState, type FormEvent } from 'react';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import {
  ADMIN_SUBSCRIBERS_PATH,
  SUBSCRIBER_CSV_SOURCE_LABELS,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  SUBSCRIBERS_CSV_PATH,
  SUBSCRIBERS_IMPORT_PATH,
  subscriberAdminMessages,
  type SubscriberCsvSource,
  type SubscriberImportAnswer,
  type SubscriberStatusName,
} from '#kernel/subscriber-admin-rules.ts';
import '../../components/form/form.css';
import { LocalDate } from '../../components/local-date';
import { PageMeta } from '../../components/page-meta';
import { Paginator } from '../../components/paginator';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { evictRootField } from '../../lib/cache-updates';
import { toast } from '../../lib/toast';
import { ListFilter, listState, StudioTable, useListFilters } from './studio-table';
import './admin-subscribers-page.css';

const AdminSubscribersQuery = graphql(`
  query AdminSubscribers($query: String, $status: SubscriberStatus, $page: Int) {
    subscribers(query: $query, status: $status, page: $page) {
      total
      page
      pages
      items {
        id
        email
        status
        consentSource
        createdAt
        confirmedAt
      }
    }
    subscriberCounts {
      confirmed
      pending
      unsubscribed
      bounced
    }
  }
`);

const RemoveSubscriberMutation = graphql(`
  mutation RemoveSubscriber($id: ID!) {
    removeSubscriber(id: $id)
  }
`);

const COLUMNS = [
  ['Address', 'studio-col-title'],
  ['Status', 'studio-col-short'],
  ['Subscribed', 'subscriber-col-date'],
  ['Confirmed', 'subscriber-col-date'],
  ['Source', 'subscriber-col-source'],
] as const;

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The list and the counts change with a removal or an import: both read again. */
function evictSubscribers(cache: ApolloCache): void {
  for (const field of ['subscribers', 'subscriberCounts']) evictRootField(cache, field);
  cache.gc();
}

/** Where a subscriber consented, in words: "imported:ghost" reads "Ghost (imported)". */
function sourceText(source: string): string {
  const imported = /^imported:(.+)$/.exec(source)?.[1];
  if (imported) return `${SUBSCRIBER_CSV_SOURCE_LABELS[imported as SubscriberCsvSource] ?? imported} (imported)`;
  return source === 'form' ? 'The form' : source === 'graphql' ? 'The API' : source;
}

/** A CSV sent to the import: its preview, or (apply) its import; a refusal is an Error with the server's words. */
async function sendCsv(file: File, apply: boolean): Promise<SubscriberImportAnswer> {
  const body = new FormData();
  body.append('file', file);
  if (apply) body.append('apply', '1');
  let response: Response;
  try {
    response = await fetch(SUBSCRIBERS_IMPORT_PATH, { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new Error('The server cannot be reached: check the connection and try again');
  }
  const answer = (await response.json().catch(() => null)) as (SubscriberImportAnswer & { message?: string }) | null;
  if (!response.ok) throw new Error(answer?.message ?? `The server answered ${response.status}`);
  return answer!;
}

function ImportForm({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SubscriberImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(apply: boolean) {
    if (!file) {
      setError(subscriberAdminMessages.noFile);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await sendCsv(file, apply);
      if (apply) {
        toast.success(`${count(answer.added, 'subscriber')} imported`);
        setPreview(null);
        onImported();
      } else setPreview(answer);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="subscriber-import" aria-labelledby="subscriber-import-title">
      <h2 id="subscriber-import-title">Import a list</h2>
      <p>
        A CSV exported from Ghost, Substack or Mailchimp, or any CSV with an e-mail column. They consented there: they
        are subscribed at once and get no e-mail to confirm. Whoever unsubscribed, there or here, is left out.
      </p>
      <form
        className="subscriber-import-form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void run(false);
        }}
      >
        <div className="form-field">
          <label className="form-label" htmlFor="subscriber-csv">
            CSV file
          </label>
          <input
            id="subscriber-csv"
            className="form-input"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'subscriber-csv-error' : undefined}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setPreview(null);
              setError(null);
            }}
          />
          {error && (
            <p id="subscriber-csv-error" className="form-field-error">
              {error}
            </p>
          )}
        </div>
        <button className="button button-secondary" type="submit" disabled={busy}>
          Preview
        </button>
      </form>
      {preview && (
        <div className="subscriber-preview" role="status">
          <p>From {SUBSCRIBER_CSV_SOURCE_LABELS[preview.source]}:</p>
          <ul>
            <li>{count(preview.added, 'new subscriber')}</li>
            <li>{count(preview.alreadyHere, 'address', 'addresses')} already here (left as they are)</li>
            <li>{count(preview.unsubscribedInSource, 'row')} unsubscribed there (skipped)</li>
            <li>{count(preview.invalidCount, 'row')} without a valid address (skipped)</li>
          </ul>
          {preview.invalid.length > 0 && (
            <ul className="subscriber-invalid" aria-label="Rows without a valid address">
              {preview.invalid.map(({ line, value }) => (
                <li key={line}>
                  Line {line}: {value ? `“${value}”` : 'empty'}
                </li>
              ))}
            </ul>
          )}
          <button
            className="button"
            type="button"
            disabled={busy || preview.added === 0}
            onClick={() => void run(true)}
          >
            Import {count(preview.added, 'subscriber')}
          </button>
        </div>
      )}
    </section>
  );
}

export function AdminSubscribersPage() {
  const { params, withFilters, setFilters } = useListFilters();
  const statusParam = params.get('status') ?? '';
  const status = (SUBSCRIBER_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as SubscriberStatusName)
    : null;
  const query = params.get('q')?.trim() ?? '';
  const pageParam = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const [searchText, setSearchText] = useState(query);
  const { data, previousData, error, loading, refetch } = useQuery(AdminSubscribersQuery, {
    variables: { query: query || null, status, page },
    fetchPolicy: 'cache-and-network',
  });
  const [removeSubscriber] = useMutation(RemoveSubscriberMutation, { update: evictSubscribers });
  const [busyId, setBusyId] = useState<string | null>(null);

  async function remove(id: string, email: string) {
    if (busyId || !window.confirm(`Remove ${email}? They will get no more posts.`)) return;
    setBusyId(id);
    try {
      await removeSubscriber({ variables: { id } });
      toast.success(`${email} is removed`);
    } catch (failure) {
      showApiError(failure);
    } finally {
      setBusyId(null);
    }
  }

  const shown = data ?? previousData;
  const list = shown?.subscribers;
  const counts = shown?.subscriberCounts;
  let content = listState(error, list?.items, 'Loading the subscribers');
  if (list && !content) {
    content = (
      <>
        <StudioTable caption="Subscribers, the newest first" columns={COLUMNS} busy={loading}>
          {list.items.map((row) => (
            <tr key={row.id} aria-busy={busyId === row.id}>
              <th scope="row" className="studio-title subscriber-email">
                {/* A long address wraps before its domain first. */}
                {row.email.replace(/@.*/, '')}
                <wbr />
                {row.email.replace(/^[^@]*/, '')}
              </th>
              <td className="studio-col-short" data-label="Status">
                <span className={`subscriber-status subscriber-status-${row.status}`}>
                  {SUBSCRIBER_STATUS_LABELS[row.status]}
                </span>
              </td>
              <td className="subscriber-col-date" data-label="Subscribed">
                <LocalDate iso={row.createdAt} />
              </td>
              <td className="subscriber-col-date" data-label="Confirmed">
                {row.confirmedAt ? <LocalDate iso={row.confirmedAt} /> : '—'}
              </td>
              <td className="subscriber-col-source" data-label="Source">
                {sourceText(row.consentSource)}
              </td>
              <td className="studio-col-actions">
                <div className="studio-actions subscriber-actions">
                  <button
                    className="button button-small button-danger"
                    type="button"
                    disabled={busyId !== null}
                    onClick={() => void remove(row.id, row.email)}
                  >
                    Remove<span className="visually-hidden"> {row.email}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </StudioTable>
        <Paginator
          page={list.page}
          pages={list.pages}
          pageHref={(to) => `${ADMIN_SUBSCRIBERS_PATH}?${withFilters({}, to).toString()}`.replace(/\?$/, '')}
          onPageChange={(to) => setFilters({}, to)}
        />
      </>
    );
  }

  return (
    <div className="container studio">
      <PageMeta {...SCREEN_TEXTS.adminSubscribers} path={ADMIN_SUBSCRIBERS_PATH} noindex />
      <header className="page-header studio-header">
        <h1>Subscribers</h1>
        <div className="studio-header-actions">
          {/* Every subscriber as a CSV file, streamed by the server (a file, not a page). */}
          <a className="button button-secondary" href={SUBSCRIBERS_CSV_PATH} download>
            Download as CSV
          </a>
        </div>
      </header>
      {counts && (
        <ul className="subscriber-counts" aria-label="Subscribers by status">
          {SUBSCRIBER_STATUSES.map((name) => (
            <li key={name}>
              <strong>{counts[name].toLocaleString('en')}</strong> {SUBSCRIBER_STATUS_LABELS[name].toLowerCase()}
            </li>
          ))}
        </ul>
      )}
      <div className="studio-filters">
        <form
          className="studio-search"
          role="search"
          aria-label="Subscribers"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setFilters({ q: searchText.trim() || null });
          }}
        >
          <label className="form-label" htmlFor="subscriber-search">
            Search by address
          </label>
          <input
            id="subscriber-search"
            className="form-input"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
          />
          <button className="button" type="submit">
            Search
          </button>
        </form>
        <ListFilter
          label="Status"
          value={status ?? ''}
          options={SUBSCRIBER_STATUSES.map((name) => [name, SUBSCRIBER_STATUS_LABELS[name]] as const)}
          onChange={(next) => setFilters({ status: next })}
        />
      </div>
      {list && (
        <p className="studio-count" role="status">
          {count(list.total, 'subscriber')}
          {query || status ? ' found' : ''}
        </p>
      )}
      {content}
      <ImportForm onImported={() => void refetch()} />
    </div>
  );
}
