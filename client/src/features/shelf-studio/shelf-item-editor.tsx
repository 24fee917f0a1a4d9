// One shelf item's every field at /admin/shelf/{id} (issue 41): its facts, dates, rating and
// progress, its links and tags, its cover with the focal point cards keep in view, and its notes in
// the post editor's rich text. The server checks it all and answers field by field; what the author
// typed stays in the form when a save is refused.
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { CATEGORIES } from '#kernel/post-rules.ts';
import { focusOfValue, focusValue } from '#kernel/focal-point.ts';
import { SHELF_KIND_LABELS, SHELF_STATUS_LABELS, SHELF_STATUSES, shelfPath } from '#kernel/shelf-rules.ts';
import { ErrorMessage } from '../../components/error-message';
import { FocalPointField } from '../../components/form/focal-point-field';
import { RichTextField } from '../../components/form/rich-text-field';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { getFragmentData, graphql } from '../../gql';
import type { Category, ShelfStatus, ShelfStudioItemFragment } from '../../gql/graphql';
import { apiError, showApiError } from '../../lib/api-errors';
import { useFreshQuery } from '../../lib/query-freshness';
import { toast } from '../../lib/toast';
import { DeleteShelfItemMutation, ShelfItemFieldsFragment, UpdateShelfItemMutation } from './shelf-studio-queries';
import '../../components/form/form.css';
import './shelf-studio.css';

const ShelfItemByIdQuery = graphql(`
  query ShelfItemEditor($id: ID!) {
    shelfItem(id: $id) {
      ...ShelfStudioItem
    }
  }
`);

interface Values {
  title: string;
  kind: string;
  status: string;
  creator: string;
  year: string;
  progress: string;
  progressTotal: string;
  rating: string;
  startedOn: string;
  finishedOn: string;
  tags: string;
  links: string;
  imageAlt: string;
  notes: string;
  focus: string;
}

function valuesOf(item: ShelfStudioItemFragment): Values {
  return {
    title: item.title,
    kind: item.kind.toLowerCase(),
    status: item.status.toLowerCase(),
    creator: item.creator,
    year: item.year == null ? '' : String(item.year),
    progress: String(item.progress),
    progressTotal: item.progressTotal == null ? '' : String(item.progressTotal),
    rating: item.rating == null ? '' : String(item.rating),
    startedOn: item.startedOn ?? '',
    finishedOn: item.finishedOn ?? '',
    tags: item.tags.join(', '),
    links: item.links.map((link) => `${link.label} ${link.url}`).join('\n'),
    imageAlt: item.imageAlt,
    notes: item.notes,
    focus: item.image ? focusValue(item.image.focusX, item.image.focusY) : '',
  };
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export function ShelfItemEditor() {
  const { id = '' } = useParams();
  const { data, error } = useFreshQuery(ShelfItemByIdQuery, { id });
  if (error && !data) return <ErrorMessage error={error} />;
  if (!data) return <Spinner label="Loading the item" />;
  if (!data.shelfItem) {
    return (
      <div className="container">
        <h1>Shelf item not found</h1>
        <p>
          <a href="/admin/shelf">Back to the shelf</a>
        </p>
      </div>
    );
  }
  const item = getFragmentData(ShelfItemFieldsFragment, data.shelfItem);
  return <ShelfItemForm key={item.id} item={item} />;
}

function ShelfItemForm({ item }: { item: ShelfStudioItemFragment }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(() => valuesOf(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cover, setCover] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [updateItem] = useMutation(UpdateShelfItemMutation);
  const [deleteItem] = useMutation(DeleteShelfItemMutation);
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));

  async function handleSave(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const focus = focusOfValue(values.focus);
    try {
      await updateItem({
        variables: {
          id: item.id,
          input: {
            title: values.title,
            kind: values.kind.toUpperCase() as Category,
            status: values.status.toUpperCase() as ShelfStatus,
            creator: values.creator,
            year: numberOrNull(values.year),
            progress: numberOrNull(values.progress) ?? 0,
            progressTotal: numberOrNull(values.progressTotal),
            rating: numberOrNull(values.rating),
            startedOn: values.startedOn || null,
            finishedOn: values.finishedOn || null,
            tags: values.tags
              .split(',')
              .map((tag) => tag.trim())
              .filter(Boolean),
            links: values.links
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean)
              .map((line) => {
                const at = line.lastIndexOf(' ');
                return at === -1 ? { label: line, url: '' } : { label: line.slice(0, at), url: line.slice(at + 1) };
              }),
            imageAlt: values.imageAlt,
            notes: values.notes,
            ...(cover ? { image: cover } : {}),
            ...(focus ? focus : {}),
          },
        },
      });
      setErrors({});
      setCover(null);
      toast.success('Shelf item has been saved');
    } catch (failure) {
      const { fieldErrors, message } = apiError(failure);
      setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { title: message });
    } finally {
      setSaving(false);
    }
  }

  async function handleDelete() {
    if (!window.confirm('Are you sure?')) return;
    try {
      await deleteItem({ variables: { id: item.id } });
      toast.success('Shelf item has been deleted');
      void navigate('/admin/shelf');
    } catch (failure) {
      showApiError(failure);
    }
  }

  const field = (
    name: keyof Values,
    label: string,
    input: Partial<Record<'type' | 'step' | 'min' | 'max', string>> = {},
  ) => (
    <Field name={name} label={label} error={errors[name]}>
      <input
        id={`shelf-${name}`}
        className="form-input"
        value={values[name]}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `shelf-${name}-error` : undefined}
        onChange={(event) => set({ [name]: event.currentTarget.value })}
        {...input}
      />
    </Field>
  );

  return (
    <div className="container shelf-studio">
      <PageMeta {...SCREEN_TEXTS.adminShelfItem} path={`/admin/shelf/${item.id}`} noindex />
      <p>
        <a href="/admin/shelf">Back to the shelf</a> · <a href={shelfPath(item.slug)}>See its page</a>
      </p>
      <h1>{item.title}</h1>
      <form className="form" onSubmit={(event) => void handleSave(event)} noValidate>
        {field('title', 'Title')}
        <Field name="kind" label="Kind" error={errors.kind}>
          <select
            id="shelf-kind"
            className="form-input"
            value={values.kind}
            onChange={(event) => set({ kind: event.currentTarget.value })}
          >
            {CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {SHELF_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field name="status" label="Status" error={errors.status}>
          <select
            id="shelf-status"
            className="form-input"
            value={values.status}
            onChange={(event) => set({ status: event.currentTarget.value })}
          >
            {SHELF_STATUSES.map((value) => (
              <option key={value} value={value}>
                {SHELF_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        {field('creator', 'Creator (author, studio, developer)')}
        {field('year', 'Year it came out', { type: 'number' })}
        {field('progress', `Progress (${item.progressUnit})`, { type: 'number', min: '0' })}
        {field('progressTotal', `Total (${item.progressUnit}, if known)`, { type: 'number', min: '1' })}
        {field('rating', 'Rating (0.5 to 5 stars)', { type: 'number', step: '0.5', min: '0.5', max: '5' })}
        {field('startedOn', 'Started', { type: 'date' })}
        {field('finishedOn', 'Finished', { type: 'date' })}
        {field('tags', 'Tags (comma-separated)')}
        <Field name="links" label="Links (one a line: label, a space, then the address)" error={errors.links}>
          <textarea
            id="shelf-links"
            className="form-input"
            rows={3}
            value={values.links}
            onChange={(event) => set({ links: event.currentTarget.value })}
          />
        </Field>
        <Field name="image" label="Cover" error={errors.image}>
          <input
            id="shelf-image"
            className="form-input"
            type="file"
            accept="image/*"
            onChange={(event) => setCover(event.currentTarget.files?.[0] ?? null)}
          />
        </Field>
        {item.image && !cover && (
          <FocalPointField
            picture={{ src: item.image.url, srcSet: item.image.srcset || undefined }}
            value={values.focus}
            onChange={(focus) => set({ focus })}
            shape="tall"
          />
        )}
        {field('imageAlt', "The cover's alt text")}
        <RichTextField
          label="Notes"
          error={errors.notes}
          initialHtml={item.notes}
          placeholder="What you made of it…"
          onChange={(notes) => set({ notes })}
        />
        <p>
          <button type="submit" className="button" disabled={saving}>
            Save
          </button>{' '}
          <button type="button" className="button button-danger" onClick={() => void handleDelete()}>
            Delete
          </button>
        </p>
      </form>
    </div>
  );
}

function Field({ name, label, error, children }: { name: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={`shelf-${name}`}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`shelf-${name}-error`} className="form-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
