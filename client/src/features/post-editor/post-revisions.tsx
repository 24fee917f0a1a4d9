// The post's revisions in the editor: a disclosure listing its saves, newest first, with their dates
// and which published it; any of them can be restored after a confirmation. Restoring is a save on
// the server (restorePostRevision: the same checks and conflict check as a save); the edit page then
// starts its form again from the post it returns. Read when opened, and again after each save while
// open: closed, it costs nothing.
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { LocalDate } from '../../components/local-date';
import { getFragmentData, graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { evictAfterPostWritten } from '../../lib/post-writes';
import { formatDateTime } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { SavedPostFragment } from './saved-post';
import { KEPT_REVISIONS } from '#kernel/post-rules.ts';
import './post-revisions.css';

const PostRevisionsQuery = graphql(`
  query PostRevisions($id: ID!) {
    post(id: $id) {
      id
      ...PostRevisions_Post
    }
  }
`);

const PostRevisionsFragment = graphql(`
  fragment PostRevisions_Post on Post {
    revisions {
      id
      createdAt
      isPublish
      title
      excerpt
    }
  }
`);

// Asks back every field the edit page's query reads, so the cached post, and the form made from it,
// is the restored one.
const RestorePostRevisionMutation = graphql(`
  mutation RestorePostRevision($id: ID!, $expectedUpdatedAt: DateTime) {
    restorePostRevision(id: $id, expectedUpdatedAt: $expectedUpdatedAt) {
      # What a save asks back: the cached post (the form's and every list's) is refreshed in place.
      ...PostEditor_SavedPost
      ...PostRevisions_Post
    }
  }
`);

export interface PostRevisionsProps {
  postId: string;
  /** The post's updatedAt as the page has it: the newest revision is that save; a new one reads them again. */
  version: string;
  /** The version the form is based on, sent so that a restore over a newer one is refused. */
  expectedUpdatedAt: () => string | null;
  /** The restored post is in Apollo's cache: the page starts its form again from it. */
  onRestored: (updatedAt: string) => void;
}

export function PostRevisions({ postId, version, expectedUpdatedAt, onRestored }: PostRevisionsProps) {
  const [open, setOpen] = useState(false);
  const { data, error, refetch } = useQuery(PostRevisionsQuery, {
    variables: { id: postId },
    skip: !open,
    fetchPolicy: 'network-only',
  });
  const [restore] = useMutation(RestorePostRevisionMutation, { update: (cache) => evictAfterPostWritten(cache) });
  const [restoringId, setRestoringId] = useState<string | null>(null);

  // A save made while the list is open adds a revision: read them again.
  useEffect(() => {
    if (open) void refetch().catch(() => undefined);
    // Only a new version asks again; opening reads them by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  const revisions = data?.post ? getFragmentData(PostRevisionsFragment, data.post).revisions : null;

  async function restoreRevision(revision: NonNullable<typeof revisions>[number]) {
    if (restoringId) return;
    const when = formatDateTime(revision.createdAt);
    const question =
      `Restore the version saved ${when}? The post is saved with its title and text, ` +
      'replacing what the form shows now; the current version stays in the revisions.';
    if (!window.confirm(question)) return;
    setRestoringId(revision.id);
    try {
      const result = await restore({ variables: { id: revision.id, expectedUpdatedAt: expectedUpdatedAt() } });
      const restored = result.data?.restorePostRevision;
      if (restored) {
        onRestored(getFragmentData(SavedPostFragment, restored).updatedAt);
        toast.success(`Restored the version saved ${when}: the form shows it, saved.`);
      }
    } catch (failure) {
      showApiError(failure);
    } finally {
      setRestoringId(null);
    }
  }

  return (
    <details className="post-revisions" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Revisions</summary>
      {error ? (
        <ErrorMessage error={error} />
      ) : !revisions ? (
        open && <p className="post-revisions-note">Loading the revisions…</p>
      ) : (
        <>
          <p className="post-revisions-note">
            The last {KEPT_REVISIONS} saves and every save that published the post. Restoring one saves it as the post
            again.
          </p>
          <ol className="post-revisions-list">
            {revisions.map((revision) => {
              const current = revision.createdAt === version && revision.id === revisions[0]?.id;
              return (
                <li key={revision.id} className="post-revisions-item">
                  <div className="post-revisions-when">
                    <LocalDate iso={revision.createdAt} withTime />
                    {revision.isPublish && <span className="post-revisions-mark">Published</span>}
                    {current && <span className="post-revisions-mark">Current</span>}
                  </div>
                  <p className="post-revisions-title">{revision.title}</p>
                  {revision.excerpt && <p className="post-revisions-excerpt">{revision.excerpt}</p>}
                  {!current && (
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={restoringId !== null}
                      onClick={() => void restoreRevision(revision)}
                    >
                      {restoringId === revision.id ? 'Restoring…' : 'Restore'}
                      <span className="visually-hidden"> the version saved {formatDateTime(revision.createdAt)}</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </details>
  );
}
