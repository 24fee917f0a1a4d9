// The author's tags, at /admin/tags (issue 36): every tag with its posts counted, and per tag Rename,
// Merge into another tag, and Delete (after 'Are you sure?', as everywhere in the app). A renamed or
// merged tag's old address keeps leading to it (the server redirects). One card per tag, so the
// screen reads the same on a phone.
import { useMutation, useQuery } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { tagPath } from '#kernel/route-paths.ts';
import { normalizeTagName, tagNameError } from '#kernel/tag-rules.ts';
import { ErrorMessage } from '../../components/error-message';
import '../../components/form/form.css';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { apiError, showApiError } from '../../lib/api-errors';
import { evictRootField } from '../../lib/cache-updates';
import { toast } from '../../lib/toast';
import './admin-tags-page.css';

const ADMIN_TAGS_PATH = '/admin/tags';

export const AdminTagsQuery = graphql(`
  query AdminTags {
    tags {
      id
      name
      slug
      postCount
      publishedCount
    }
  }
`);

const RenameTagMutation = graphql(`
  mutation RenameTag($id: ID!, $name: String!) {
    renameTag(id: $id, name: $name) {
      id
      name
      slug
    }
  }
`);

const MergeTagMutation = graphql(`
  mutation MergeTag($id: ID!, $into: ID!) {
    mergeTag(id: $id, into: $into) {
      id
    }
  }
`);

const DeleteTagMutation = graphql(`
  mutation DeleteTag($id: ID!) {
    deleteTag(id: $id)
  }
`);

/** A tag's change shows on every post page and list that names it: they are read again. */
function evictAfterTagChanged(cache: ApolloCache): void {
  for (const field of ['tags', 'tag', 'posts', 'post', 'latestPosts', 'adminPosts']) evictRootField(cache, field);
  cache.gc();
}

type Tag = { id: string; name: string; slug: string; postCount: number; publishedCount: number };

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function TagCard({
  tag,
  others,
  busy,
  onBusy,
}: {
  tag: Tag;
  others: Tag[];
  busy: boolean;
  onBusy: (id: string | null) => void;
}) {
  const [name, setName] = useState(tag.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [into, setInto] = useState('');
  const [intoError, setIntoError] = useState<string | null>(null);
  const update = { update: evictAfterTagChanged };
  const [renameTag] = useMutation(RenameTagMutation, update);
  const [mergeTag] = useMutation(MergeTagMutation, update);
  const [deleteTag] = useMutation(DeleteTagMutation, update);
  const key = `tag-${tag.id}`;

  async function run(write: () => Promise<unknown>, done: string, showField: (message: string | null) => void) {
    onBusy(tag.id);
    try {
      await write();
      toast.success(done);
    } catch (failure) {
      const refused = apiError(failure);
      const field = Object.values(refused.fieldErrors)[0];
      if (field) showField(field);
      else showApiError(failure);
    } finally {
      onBusy(null);
    }
  }

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = tagNameError(normalizeTagName(name));
    setNameError(problem);
    if (problem || busy) return;
    void run(
      () => renameTag({ variables: { id: tag.id, name } }),
      `“${tag.name}” is now “${normalizeTagName(name)}”`,
      setNameError,
    );
  }

  function merge(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = others.find((other) => other.id === into);
    setIntoError(target ? null : 'Choose a tag to merge it into');
    if (!target || busy || !window.confirm('Are you sure?')) return;
    void run(
      () => mergeTag({ variables: { id: tag.id, into: target.id } }),
      `“${tag.name}” is merged into “${target.name}”`,
      setIntoError,
    );
  }

  function remove() {
    if (busy || !window.confirm('Are you sure?')) return;
    void run(
      () => deleteTag({ variables: { id: tag.id } }),
      `“${tag.name}” is deleted`,
      (message) => toast.error(message ?? ''),
    );
  }

  return (
    <li className="tag-card" aria-busy={busy}>
      <h2 className="tag-card-name">
        <Link to={tagPath(tag.slug)}>{tag.name}</Link>
      </h2>
      <p className="tag-card-count">
        {count(tag.postCount, 'post')}, {tag.publishedCount} published
      </p>
      <form className="tag-card-form" noValidate onSubmit={rename}>
        <label className="form-label" htmlFor={`${key}-name`}>
          Name
        </label>
        <input
          id={`${key}-name`}
          className="form-input"
          value={name}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${key}-name-error` : undefined}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <button className="button button-small" type="submit" disabled={busy}>
          Rename<span className="visually-hidden"> {tag.name}</span>
        </button>
        {nameError && (
          <p id={`${key}-name-error`} className="form-field-error">
            {nameError}
          </p>
        )}
      </form>
      {others.length > 0 && (
        <form className="tag-card-form" noValidate onSubmit={merge}>
          <label className="form-label" htmlFor={`${key}-into`}>
            Merge into
          </label>
          <select
            id={`${key}-into`}
            className="form-input"
            value={into}
            aria-invalid={intoError ? true : undefined}
            aria-describedby={intoError ? `${key}-into-error` : undefined}
            onChange={(event) => setInto(event.currentTarget.value)}
          >
            <option value="">Choose a tag</option>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </select>
          <button className="button button-small button-secondary" type="submit" disabled={busy}>
            Merge<span className="visually-hidden"> {tag.name}</span>
          </button>
          {intoError && (
            <p id={`${key}-into-error`} className="form-field-error">
              {intoError}
            </p>
          )}
        </form>
      )}
      <button
        className="button button-small button-danger tag-card-delete"
        type="button"
        disabled={busy}
        onClick={remove}
      >
        Delete<span className="visually-hidden"> {tag.name}</span>
      </button>
    </li>
  );
}

export function AdminTagsPage() {
  const { data, error } = useQuery(AdminTagsQuery, { fetchPolicy: 'cache-and-network' });
  const [busyId, setBusyId] = useState<string | null>(null);
  const tags = data?.tags;
  let content;
  if (error && !tags) content = <ErrorMessage error={error} />;
  else if (!tags) content = <Spinner label="Loading the tags" />;
  else if (tags.length === 0) {
    content = <p className="studio-empty">No tags yet: give a post tags in the editor.</p>;
  } else {
    content = (
      <ul className="tag-cards">
        {tags.map((tag) => (
          <TagCard
            // A rename starts the card again from the stored name.
            key={`${tag.id}:${tag.name}`}
            tag={tag}
            others={tags.filter((other) => other.id !== tag.id)}
            busy={busyId !== null}
            onBusy={setBusyId}
          />
        ))}
      </ul>
    );
  }
  return (
    <div className="container studio">
      <PageMeta {...SCREEN_TEXTS.adminTags} path={ADMIN_TAGS_PATH} noindex />
      <header className="page-header">
        <h1>Tags</h1>
      </header>
      {tags && (
        <p className="studio-count" role="status">
          {count(tags.length, 'tag')}
        </p>
      )}
      {content}
    </div>
  );
}
