// Readers' comments in the studio, at /admin/comments (issue 38): filtered by status (waiting first)
// and post, each a card with its post, name, e-mail (for moderation only), date and text, and its
// Approve, Reject, Spam, Delete and Reply; the selected ones approved, rejected, marked or deleted at
// once. One card per comment, so the screen reads the same on a phone.
import { useMutation, useQuery } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { COMMENT_STATUSES, COMMENT_TEXT_MAX, commentMessages, type CommentStatusName } from '#kernel/comment-rules.ts';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { postPath } from '#kernel/route-paths.ts';
import { ErrorMessage } from '../../components/error-message';
import { SelectField } from '../../components/form/form-field';
import '../../components/form/form.css';
import { LocalDate } from '../../components/local-date';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import type { CommentModeration } from '../../gql/graphql';
import { apiError, showApiError } from '../../lib/api-errors';
import { evictRootField } from '../../lib/cache-updates';
import { toast } from '../../lib/toast';
import './admin-comments-page.css';

const ADMIN_COMMENTS_PATH = '/admin/comments';

const AdminCommentsQuery = graphql(`
  query AdminComments($status: CommentStatus) {
    comments(status: $status) {
      id
      postId
      postTitle
      postSlug
      parentId
      name
      email
      website
      text
      isAuthor
      status
      createdAt
    }
    commentSettings {
      mailConfigured
    }
  }
`);

const ModerateCommentsMutation = graphql(`
  mutation ModerateComments($ids: [ID!]!, $action: CommentModeration!) {
    moderateComments(ids: $ids, action: $action)
  }
`);

const ReplyToCommentMutation = graphql(`
  mutation ReplyToComment($id: ID!, $text: String!) {
    replyToComment(id: $id, text: $text) {
      id
    }
  }
`);

const STATUS_LABELS: Record<CommentStatusName, string> = {
  held: 'Waiting',
  approved: 'Approved',
  rejected: 'Rejected',
  spam: 'Spam',
};

/** Each action: its button, what the toast says it did, and the status it leaves (none: deleted). */
const ACTIONS: ReadonlyArray<readonly [CommentModeration, string, string, CommentStatusName | null]> = [
  ['approve', 'Approve', 'approved', 'approved'],
  ['reject', 'Reject', 'rejected', 'rejected'],
  ['spam', 'Spam', 'marked as spam', 'spam'],
  ['delete', 'Delete', 'deleted', null],
];

/** Moderation changes the lists, the waiting count and the posts' comments: all read again. */
function evictAfterModeration(cache: ApolloCache): void {
  for (const field of ['comments', 'commentsWaiting', 'post', 'posts']) evictRootField(cache, field);
  cache.gc();
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

type Row = NonNullable<ReturnType<typeof useCommentsQuery>['data']>['comments'][number];

function useCommentsQuery(status: CommentStatusName | null) {
  return useQuery(AdminCommentsQuery, { variables: { status }, fetchPolicy: 'cache-and-network' });
}

/** Approve, Reject, Spam, Delete: for one comment, or for the selected ones. */
function ModerationButtons({
  actions,
  disabled,
  label,
  onAction,
}: {
  actions: typeof ACTIONS;
  disabled: boolean;
  label: (label: string) => ReactNode;
  onAction: (action: CommentModeration, done: string) => void;
}) {
  return actions.map(([action, word, done]) => (
    <button
      key={action}
      className={`button button-small${action === 'delete' ? ' button-danger' : action === 'approve' ? '' : ' button-secondary'}`}
      type="button"
      disabled={disabled}
      onClick={() => onAction(action, done)}
    >
      {label(word)}
    </button>
  ));
}

function ReplyForm({ comment, busy, onBusy }: { comment: Row; busy: boolean; onBusy: (busy: boolean) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reply] = useMutation(ReplyToCommentMutation, { update: evictAfterModeration });
  const id = `reply-${comment.id}`;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = text.trim();
    const problem =
      body === '' ? commentMessages.textRequired : body.length > COMMENT_TEXT_MAX ? commentMessages.textTooLong : null;
    setError(problem);
    if (problem || busy) return;
    onBusy(true);
    try {
      await reply({ variables: { id: comment.id, text: body } });
      setText('');
      toast.success(`Your reply to ${comment.name} is published`);
    } catch (failure) {
      const field = apiError(failure).fieldErrors.text;
      if (field) setError(field);
      else showApiError(failure);
    } finally {
      onBusy(false);
    }
  }

  return (
    <form className="comment-card-reply" noValidate onSubmit={(event) => void send(event)}>
      <label className="form-label" htmlFor={id}>
        Reply<span className="visually-hidden"> to {comment.name}</span>
      </label>
      <textarea
        id={id}
        className="form-input"
        rows={3}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {error && (
        <p id={`${id}-error`} className="form-field-error">
          {error}
        </p>
      )}
      <button className="button button-small" type="submit" disabled={busy}>
        Publish the reply<span className="visually-hidden"> to {comment.name}</span>
      </button>
    </form>
  );
}

export function AdminCommentsPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: CommentStatusName | null =
    statusParam === 'all'
      ? null
      : (COMMENT_STATUSES as readonly string[]).includes(statusParam ?? '')
        ? (statusParam as CommentStatusName)
        : 'held';
  const postFilter = params.get('post') ?? '';
  const { data, error } = useCommentsQuery(status);
  const [moderate] = useMutation(ModerateCommentsMutation, { update: evictAfterModeration });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const all = data?.comments;
  const posts = useMemo(() => {
    const seen = new Map<string, string>();
    for (const row of all ?? []) seen.set(row.postId, row.postTitle);
    return [...seen];
  }, [all]);
  const rows = all?.filter((row) => !postFilter || row.postId === postFilter);
  const chosen = (rows ?? []).filter((row) => selected.has(row.id)).map((row) => row.id);

  const setFilter = (name: string, value: string) => {
    // From the address as it is now, not as last rendered (studio-table.tsx useListFilters says why).
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
    setSelected(new Set());
  };

  async function run(ids: string[], action: CommentModeration, done: string) {
    if (ids.length === 0 || busy) return;
    if (action === 'delete' && !window.confirm('Are you sure?')) return;
    setBusy(true);
    try {
      await moderate({ variables: { ids, action } });
      toast.success(`${count(ids.length, 'comment')} ${done}`);
      setSelected(new Set());
    } catch (failure) {
      showApiError(failure);
    } finally {
      setBusy(false);
    }
  }

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let content;
  if (error && !rows) content = <ErrorMessage error={error} />;
  else if (!rows) content = <Spinner label="Loading the comments" />;
  else if (rows.length === 0) content = <p className="studio-empty">No comments here.</p>;
  else {
    content = (
      <ul className="comment-cards">
        {rows.map((row) => (
          <li key={row.id} className="comment-card" aria-busy={busy}>
            <div className="comment-card-head">
              <input
                type="checkbox"
                id={`select-${row.id}`}
                checked={selected.has(row.id)}
                onChange={() => toggle(row.id)}
              />
              <label htmlFor={`select-${row.id}`} className="comment-card-name">
                {row.name}
                {row.isAuthor && ' (you)'}
              </label>
              <span className={`comment-card-status comment-card-status-${row.status}`}>
                {STATUS_LABELS[row.status as CommentStatusName]}
              </span>
            </div>
            <p className="comment-card-meta">
              {row.email}
              {row.website && (
                <>
                  {' · '}
                  <a href={row.website} rel="nofollow ugc noopener">
                    {row.website}
                  </a>
                </>
              )}
              {' · '}
              <LocalDate iso={row.createdAt} withTime />
            </p>
            <p className="comment-card-post">
              On <Link to={`${postPath(row.postSlug)}#comments`}>{row.postTitle}</Link>
              {row.parentId && ' (a reply)'}
            </p>
            <p className="comment-card-text">{row.text}</p>
            <div className="comment-card-actions">
              {/* No button for the status it already has. */}
              <ModerationButtons
                actions={ACTIONS.filter(([, , , leaves]) => leaves !== row.status)}
                disabled={busy}
                label={(label) => (
                  <>
                    {label}
                    <span className="visually-hidden"> the comment by {row.name}</span>
                  </>
                )}
                onAction={(action, done) => void run([row.id], action, done)}
              />
            </div>
            {!row.parentId && !row.isAuthor && <ReplyForm comment={row} busy={busy} onBusy={setBusy} />}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="container studio">
      <PageMeta {...SCREEN_TEXTS.adminComments} path={ADMIN_COMMENTS_PATH} noindex />
      <header className="page-header">
        <h1>Comments</h1>
      </header>
      {data && !data.commentSettings.mailConfigured && (
        <p className="comment-mail-notice">
          E-mail is not set up (SMTP_URL): you are not told of new comments, and readers are not told of your replies.
        </p>
      )}
      <div className="comment-filters">
        {/* Waiting is the first choice (value ''): what the author comes for. */}
        <SelectField
          label="Status"
          name="status"
          value={status === 'held' ? '' : (status ?? 'all')}
          placeholder={STATUS_LABELS.held}
          options={[
            ...COMMENT_STATUSES.filter((value) => value !== 'held').map(
              (value) => [value, STATUS_LABELS[value]] as const,
            ),
            ['all', 'All'],
          ]}
          onValueChange={(value) => setFilter('status', value)}
        />
        <SelectField
          label="Post"
          name="post"
          value={postFilter}
          placeholder="All posts"
          options={posts}
          onValueChange={(value) => setFilter('post', value)}
        />
      </div>
      {rows && rows.length > 0 && (
        <div className="comment-bulk" role="group" aria-label="The selected comments">
          <label className="comment-bulk-all">
            <input
              type="checkbox"
              checked={chosen.length === rows.length}
              onChange={() =>
                setSelected(chosen.length === rows.length ? new Set() : new Set(rows.map((row) => row.id)))
              }
            />{' '}
            Select all
          </label>
          <ModerationButtons
            actions={ACTIONS}
            disabled={busy || chosen.length === 0}
            label={(label) => `${label} selected`}
            onAction={(action, done) => void run(chosen, action, done)}
          />
        </div>
      )}
      {rows && (
        <p className="studio-count" role="status">
          {count(rows.length, 'comment')}
          {chosen.length > 0 && `, ${chosen.length} selected`}
        </p>
      )}
      {content}
    </div>
  );
}
