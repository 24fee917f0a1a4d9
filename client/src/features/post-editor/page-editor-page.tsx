// The page editor, at /admin/pages/new and /admin/pages/{id}: title, address, description, status
// and the text, written with the post editor's rich-text editor (headings, pictures, links). The
// never-lose-work rules of the post editor (docs/decisions/025): what is typed and not yet saved is
// kept in this browser (a local draft, restored and said to be one when the editor opens again), and
// leaving with unsaved changes asks first. Saving goes to the page's own address.
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { PAGE_STATUSES, pageSlugOf, validatePageFields, type PageStatusValue } from '#kernel/page-rules.ts';
import { DESCRIPTION_MAX } from '#kernel/post-rules.ts';
import { pagePath } from '#kernel/route-paths.ts';
import { NotFoundPage } from '../../app/error-page';
import { FormActions, FormField, TextField } from '../../components/form/form-field';
import { useForm } from '../../components/form/use-form';
import { useUnsavedChanges } from '../../components/form/use-unsaved-changes';
import { PageMeta } from '../../components/page-meta';
import { RichTextField } from '../../components/form/rich-text-field';
import { ErrorMessage } from '../../components/error-message';
import { Spinner } from '../../components/spinner';
import { getFragmentData } from '../../gql';
import { fieldErrorsOf } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { pageDraftKey, readStored, writeStored } from '../../lib/unsaved-work';
import { useFreshQuery } from '../../lib/query-freshness';
import {
  CreatePageMutation,
  editPagePath,
  evictAfterPageWritten,
  NEW_PAGE_PATH,
  PageEditorFragment,
  PageEditorQuery,
  UpdatePageMutation,
} from '../../lib/page-writes';
import { RestoredDraftNotice } from '../../components/form/restored-draft-notice';
import { useUploadPicture } from './upload-picture';
import './post-form.css';

interface PageValues {
  title: string;
  slug: string;
  description: string;
  content: string;
  status: PageStatusValue;
}

const EMPTY: PageValues = { title: '', slug: '', description: '', content: '', status: 'DRAFT' };
const FIELDS = Object.keys(EMPTY) as (keyof PageValues)[];

const STATUS_LABELS: Record<PageStatusValue, string> = { DRAFT: 'Draft: only you can see it', PUBLISHED: 'Published' };

const differ = (a: PageValues, b: PageValues) => FIELDS.some((field) => a[field] !== b[field]);

/** A local draft as stored, if it is one: every field a string, the status one of the statuses. */
function storedDraft(key: string): PageValues | null {
  const stored = readStored(key) as Partial<Record<keyof PageValues, unknown>> | null;
  if (!stored || typeof stored !== 'object') return null;
  if (!FIELDS.every((field) => typeof stored[field] === 'string')) return null;
  if (!(PAGE_STATUSES as readonly unknown[]).includes(stored.status)) return null;
  return stored as PageValues;
}

interface PageFormProps {
  /** The page as the server holds it; null for a new page. */
  saved: (PageValues & { id: string }) | null;
}

function PageForm({ saved }: PageFormProps) {
  const navigate = useNavigate();
  const draftKey = pageDraftKey(saved?.id ?? 'new');
  const savedValues: PageValues = saved
    ? {
        title: saved.title,
        slug: saved.slug,
        description: saved.description,
        content: saved.content,
        status: saved.status,
      }
    : EMPTY;
  const [start] = useState(() => {
    const draft = storedDraft(draftKey);
    return draft && differ(draft, savedValues) ? draft : null;
  });
  const [restored, setRestored] = useState(start !== null);
  // Bumped by Discard: the form starts again from what the server holds.
  const [starts, setStarts] = useState(0);
  const [createPage] = useMutation(CreatePageMutation);
  const [updatePage] = useMutation(UpdatePageMutation);
  const uploadPicture = useUploadPicture();

  const form = useForm({
    initialValues: start ?? savedValues,
    validate: validatePageFields,
    send: (values: PageValues) =>
      fieldErrorsOf(async () => {
        const input = { ...values, slug: values.slug.trim() };
        const options = { update: evictAfterPageWritten };
        const answer = saved
          ? (await updatePage({ variables: { id: saved.id, input }, ...options })).data?.updatePage
          : (await createPage({ variables: { input }, ...options })).data?.createPage;
        if (!answer) return;
        const page = getFragmentData(PageEditorFragment, answer);
        writeStored(draftKey, null);
        allowLeaving();
        toast.success(`“${page.title}” is saved`);
        void navigate(pagePath(page.slug));
      }),
  });
  const dirty = differ(form.values, savedValues);
  const { allowLeaving } = useUnsavedChanges(dirty, () => writeStored(draftKey, null));

  function change(next: Partial<PageValues>) {
    const values = { ...form.values, ...next };
    form.change(next);
    // Kept here until the server has it; what equals the saved page needs no copy.
    writeStored(draftKey, differ(values, savedValues) ? values : null);
  }

  function discard() {
    writeStored(draftKey, null);
    form.reset(savedValues);
    setRestored(false);
    setStarts((count) => count + 1);
  }

  const field = (name: 'title' | 'slug' | 'description') => ({
    ...form.field(name),
    onValueChange: (value: string) => change({ [name]: value }),
  });
  return (
    <>
      {restored && <RestoredDraftNotice onDiscard={discard} />}
      <form className="form post-form" {...form.formProps}>
        <TextField label="Title" autoComplete="off" {...field('title')} />
        <TextField
          label="Address"
          autoComplete="off"
          // The address the title makes, used when this stays empty.
          placeholder={form.values.title.trim() ? pageSlugOf(form.values.title.trim()) : 'made-from-the-title'}
          {...field('slug')}
        />
        <TextField
          label="Description"
          autoComplete="off"
          placeholder={`For search engines and link previews, up to ${DESCRIPTION_MAX} characters`}
          {...field('description')}
        />
        <FormField label="Status" error={form.errorOf('status')}>
          {(control) => (
            <select
              {...control}
              className="form-input"
              name="status"
              value={form.values.status}
              onChange={(event) => change({ status: event.currentTarget.value as PageStatusValue })}
            >
              {PAGE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <RichTextField
          key={starts}
          label="Content"
          error={form.errorOf('content')}
          initialHtml={form.values.content}
          onChange={(html) => change({ content: html })}
          placeholder="Write the page…"
          onUploadPicture={uploadPicture}
        />
        <FormActions submitLabel="Save" busy={form.busy} busyLabel="Saving the page" />
        <p className="post-form-state" role="status">
          {dirty ? 'Unsaved changes: kept in this browser until you save' : ''}
        </p>
      </form>
    </>
  );
}

export function PageEditorPage() {
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const { data, error } = useFreshQuery(PageEditorQuery, { id }, { skip: isNew });
  let body;
  if (isNew) body = <PageForm saved={null} />;
  else if (data?.page === null) return <NotFoundPage />;
  else if (error && !data) body = <ErrorMessage error={error} />;
  else if (!data?.page) body = <Spinner label="Loading the page" />;
  else {
    const page = getFragmentData(PageEditorFragment, data.page);
    body = <PageForm key={page.id} saved={{ ...page, status: page.status as PageStatusValue }} />;
  }
  return (
    <div className="container">
      <PageMeta
        {...(isNew ? SCREEN_TEXTS.newPage : SCREEN_TEXTS.editPage)}
        path={isNew ? NEW_PAGE_PATH : editPagePath(id)}
        noindex
      />
      <h1>{isNew ? 'New page' : 'Edit page'}</h1>
      {body}
    </div>
  );
}
