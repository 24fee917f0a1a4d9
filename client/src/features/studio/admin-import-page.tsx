// The studio's import at /admin/import (issue 39, docs/decisions/053-import-and-export.md): the author
// chooses another blog's export (WordPress .xml, Ghost .json, a zip of Markdown) and a zip of its
// pictures, sees what it holds, maps each of its categories (one of the four, a tag, or nothing),
// imports, and follows the progress. The job's id is in the address (?job=…) and the job is the
// server's (server/modules/import/import-jobs.ts): a reload, or another tab, shows where it stands.
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { ImportJobState, ImportPreview as Preview, ImportReport } from '#kernel/import-rules.ts';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { CATEGORIES, CATEGORY_LABELS } from '#kernel/post-rules.ts';
import { IMPORT_PATH } from '#kernel/route-paths.ts';
import { ErrorMessage } from '../../components/error-message';
import '../../components/form/form.css';
import { PageMeta } from '../../components/page-meta';
import './admin-import-page.css';

const ADMIN_IMPORT_PATH = '/admin/import';
/** How often a running import's progress is asked for. */
const POLL_MS = 600;

interface Job {
  id: string;
  state: ImportJobState;
  done: number;
  total: number;
  fileName: string;
  preview: Preview;
  report: ImportReport | null;
  error: string | null;
}

const TARGETS = [
  ...CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category] })),
  { value: 'tag', label: 'A tag' },
  { value: 'skip', label: 'Nothing' },
];

const FORMATS: Record<Preview['format'], string> = {
  wordpress: 'a WordPress export',
  ghost: 'a Ghost export',
  markdown: 'Markdown files',
};

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** A request to the import's API: its JSON, or an Error with the server's message. */
async function call(path: string, init?: RequestInit): Promise<Job> {
  let response: Response;
  try {
    response = await fetch(`${IMPORT_PATH}${path}`, { credentials: 'same-origin', ...init });
  } catch {
    throw new Error('The server cannot be reached: check the connection and try again');
  }
  const body = (await response.json().catch(() => null)) as (Job & { message?: string }) | null;
  if (!response.ok) throw new Error(body?.message ?? `The server answered ${response.status}`);
  return body!;
}

/** The author's choices for a job: each category's target, and the category of posts given none. */
interface Choices {
  mapping: Record<string, string>;
  /** '' leaves such posts as drafts. */
  fallback: string;
}

const NO_CHOICES: Choices = { mapping: {}, fallback: '' };

/** The author's choices of a job, kept for the tab's life so a reload loses no choice made. */
function storedChoices(id: string): Choices {
  if (typeof sessionStorage === 'undefined') return NO_CHOICES;
  try {
    return { ...NO_CHOICES, ...(JSON.parse(sessionStorage.getItem(`import-choices:${id}`) ?? '{}') as Choices) };
  } catch {
    return NO_CHOICES;
  }
}

function Notes({ preview }: { preview: Preview }) {
  return (
    <>
      {preview.existingSlugs.length > 0 && (
        <section aria-labelledby="import-slugs">
          <h3 id="import-slugs">Addresses already taken here</h3>
          <p>These items get another address: {preview.existingSlugs.join(', ')}</p>
        </section>
      )}
      {preview.warnings.length > 0 && (
        <section aria-labelledby="import-warnings">
          <h3 id="import-warnings">Warnings ({preview.warnings.length})</h3>
          <ul className="import-notes" aria-label="Warnings">
            {preview.warnings.map((item, index) => (
              <li key={`${item.kind}-${index}`}>
                <strong>{item.title}</strong> ({item.kind})
                <ul>
                  {item.messages.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.unresolved.length > 0 && (
        <section aria-labelledby="import-unresolved">
          <h3 id="import-unresolved">Pictures not found ({preview.unresolved.length} items)</h3>
          <ul className="import-notes" aria-label="Pictures not found">
            {preview.unresolved.map((item, index) => (
              <li key={index}>
                <strong>{item.title}</strong>
                <ul>
                  {item.urls.map((url) => (
                    <li key={url} className="import-url">
                      {url}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function FileField({
  id,
  label,
  accept,
  onFile,
}: {
  id: string;
  label: string;
  accept: string;
  onFile: (file: File | null) => void;
}) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form-input"
        type="file"
        accept={accept}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
    </div>
  );
}

export function AdminImportPage() {
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exportFile, setExportFile] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File | null>(null);
  const [choices, setChoices] = useState<Record<string, Choices>>({});
  const chosen = jobId ? (choices[jobId] ?? storedChoices(jobId)) : NO_CHOICES;
  const { mapping } = chosen;
  const running = job?.state === 'running';

  // The job in the address: read, then asked again while it runs.
  useEffect(() => {
    if (!jobId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const next = await call(`/${encodeURIComponent(jobId)}`);
        if (stopped) return;
        setJob(next);
        setError(null);
        if (next.state === 'running') timer = setTimeout(() => void read(), POLL_MS);
      } catch (failure) {
        if (!stopped) setError((failure as Error).message);
      }
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId, running]);

  function choose(id: string, change: Partial<Choices>) {
    const next = { ...chosen, ...change };
    setChoices({ ...choices, [id]: next });
    sessionStorage.setItem(`import-choices:${id}`, JSON.stringify(next));
  }

  async function handlePreview(event: FormEvent) {
    event.preventDefault();
    if (!exportFile) {
      setError('Choose the export file first');
      return;
    }
    const body = new FormData();
    body.append('file', exportFile);
    if (pictures) body.append('pictures', pictures);
    setBusy(true);
    setError(null);
    try {
      const next = await call('', { method: 'POST', body });
      setJob(next);
      setParams({ job: next.id });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  /** Asks the server to act on the job; its answer is the job's new state, a refusal the error shown. */
  async function act(path: string, init: RequestInit) {
    setBusy(true);
    setError(null);
    try {
      setJob(await call(path, { method: 'POST', ...init }));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function handleStart(current: Job) {
    const targets = Object.fromEntries(
      current.preview.categories.map((term) => [term.slug, mapping[term.slug] ?? term.target]),
    );
    return act(`/${current.id}/start`, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mapping: targets, fallbackCategory: chosen.fallback || null }),
    });
  }

  const handleCancel = (current: Job) => act(`/${current.id}/cancel`, {});

  function startOver() {
    setJob(null);
    setError(null);
    setParams({});
  }

  const cancelButton = (current: Job) => (
    <button
      type="button"
      className="button button-secondary"
      disabled={busy}
      onClick={() => void handleCancel(current)}
    >
      Cancel
    </button>
  );

  const files = (
    <form className="form import-files" onSubmit={(event) => void handlePreview(event)} aria-label="Files to import">
      <FileField
        id="import-export-file"
        label="Export file (WordPress .xml, Ghost .json, or a zip of Markdown)"
        accept=".xml,.json,.zip,application/xml,text/xml,application/json,application/zip"
        onFile={setExportFile}
      />
      <FileField
        id="import-pictures"
        label="Pictures (a zip, optional)"
        accept=".zip,application/zip"
        onFile={setPictures}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Reading the files…' : 'Preview'}
      </button>
    </form>
  );

  let body;
  if (!jobId) body = files;
  else if (!job) body = error ? null : <p role="status">Loading the import…</p>;
  else if (job.state === 'previewed') {
    const { preview } = job;
    body = (
      <section aria-labelledby="import-preview">
        <h2 id="import-preview">
          {job.fileName}: {FORMATS[preview.format]}
        </h2>
        <dl className="import-counts" aria-label="What the export holds">
          {(
            [
              ['Posts', preview.posts],
              ['Pages', preview.pages],
              ['Tags', preview.tags],
              ['Pictures', preview.pictures],
              ['Comments', preview.comments],
              ['Already imported', preview.alreadyImported],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {preview.categories.length > 0 && (
          <fieldset className="import-mapping">
            <legend>What each of its categories becomes here</legend>
            {preview.categories.map((term) => (
              <div className="form-field" key={term.slug}>
                <label className="form-label" htmlFor={`import-map-${term.slug}`}>
                  {term.name} ({count(term.posts, 'post')})
                </label>
                <select
                  id={`import-map-${term.slug}`}
                  className="form-input"
                  value={mapping[term.slug] ?? term.target}
                  onChange={(event) => choose(job.id, { mapping: { ...mapping, [term.slug]: event.target.value } })}
                >
                  {TARGETS.map((target) => (
                    <option key={target.value} value={target.value}>
                      {target.label}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
        )}
        <div className="form-field">
          <label className="form-label" htmlFor="import-fallback">
            Posts no category maps to one of the four
          </label>
          <select
            id="import-fallback"
            className="form-input"
            value={chosen.fallback}
            onChange={(event) => choose(job.id, { fallback: event.target.value })}
          >
            <option value="">Import them as drafts</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </div>
        <Notes preview={preview} />
        <p className="import-actions">
          <button type="button" className="button" disabled={busy} onClick={() => void handleStart(job)}>
            Import {count(preview.posts, 'post')} and {count(preview.pages, 'page')}
          </button>
          {cancelButton(job)}
        </p>
      </section>
    );
  } else if (job.state === 'running') {
    const text = job.done === 0 ? 'Storing the pictures…' : `Writing: ${job.done} of ${count(job.total, 'item')}`;
    body = (
      <section aria-labelledby="import-running">
        <h2 id="import-running">Importing {job.fileName}</h2>
        <progress
          className="import-progress"
          max={Math.max(job.total, 1)}
          value={job.done}
          aria-label="Import progress"
        >
          {text}
        </progress>
        <p role="status">{text}</p>
        {cancelButton(job)}
      </section>
    );
  } else {
    const created = job.report?.created;
    body = (
      <section aria-labelledby="import-result">
        <h2 id="import-result">
          {job.state === 'done' ? `Imported ${job.fileName}` : `${job.fileName} was not imported`}
        </h2>
        {created && (
          <p role="status">
            Imported {count(created.posts, 'post')}, {count(created.pages, 'page')}, {count(created.tags, 'new tag')},{' '}
            {count(created.pictures, 'picture')}, {count(created.comments, 'comment')} and{' '}
            {count(created.redirects, 'redirect')} from old addresses.
          </p>
        )}
        {job.error && <ErrorMessage>{job.error}</ErrorMessage>}
        {job.report && <Notes preview={job.report} />}
        <p>
          <button type="button" className="button" onClick={startOver}>
            Import another export
          </button>
        </p>
      </section>
    );
  }

  return (
    <div className="container import-page">
      <PageMeta {...SCREEN_TEXTS.adminImport} path={ADMIN_IMPORT_PATH} noindex />
      <h1>Import</h1>
      <p>
        Posts and pages from another blog: a WordPress or a Ghost export, or Markdown files, with their pictures. You
        see what it holds first; the import writes everything or nothing.
      </p>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {error && jobId && !job && (
        <p>
          <button type="button" className="button" onClick={startOver}>
            Choose the files again
          </button>
        </p>
      )}
      {body}
    </div>
  );
}
