// A post's comments (issue 38), rendered by the server with the post's page: the approved ones,
// oldest first, replies one level under their comment, the author's marked; the commenter's own
// held comments (the page's address carries them after the form's 303: ?pending=…) marked as
// awaiting approval; and the form, a plain POST to /comments that works without JavaScript. With
// JavaScript, the comment-form island (client/src/islands/comment-form.ts) sends it without a reload.
import { useEffect, useRef, type ComponentProps } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LocalDate } from '../../components/local-date';
import { graphql, type FragmentType, getFragmentData } from '../../gql';
import type { PostComments_CommentFragment } from '../../gql/graphql';
import { useFreshQuery } from '../../lib/query-freshness';
import {
  COMMENT_HONEYPOT_FIELD,
  COMMENT_NAME_MAX,
  COMMENT_TEXT_MAX,
  COMMENT_WEBSITE_MAX,
  commentMessages,
  commentParagraphs,
  COMMENTS_ANCHOR,
} from '#kernel/comment-rules.ts';
import enhanceCommentForm from '../../islands/comment-form';
import '../../components/form/form.css';
import './post-comments.css';

export const PostCommentsFragment = graphql(`
  fragment PostComments_Post on Post {
    id
    slug
    commentCount
    commentsOpen
    commentsClosed
    commentFormToken
    comments {
      ...PostComments_Comment
    }
  }
`);

const CommentFragment = graphql(`
  fragment PostComments_Comment on Comment {
    id
    parentId
    name
    website
    text
    isAuthor
    pending
    createdAt
  }
`);

const PendingCommentsQuery = graphql(`
  query PostPendingComments($slug: String!, $token: String!) {
    post(slug: $slug) {
      id
      pendingComments(token: $token) {
        ...PostComments_Comment
      }
    }
  }
`);

type CommentData = PostComments_CommentFragment;

function CommentText({ text }: { text: string }) {
  return commentParagraphs(text).map((pieces, index) => (
    <p key={index} className="comment-text">
      {pieces.map((piece, at) =>
        'href' in piece ? (
          <a key={at} href={piece.href} rel="nofollow ugc noopener">
            {piece.href}
          </a>
        ) : (
          piece.text
        ),
      )}
    </p>
  ));
}

function CommentItem({ comment, replyLink }: { comment: CommentData; replyLink: boolean }) {
  const classes = ['comment', comment.isAuthor && 'comment-by-author', comment.pending && 'comment-pending']
    .filter(Boolean)
    .join(' ');
  return (
    <article className={classes} id={`comment-${comment.id}`}>
      <p className="comment-meta">
        <span className="comment-name">
          {comment.website ? (
            <a href={comment.website} rel="nofollow ugc noopener">
              {comment.name}
            </a>
          ) : (
            comment.name
          )}
        </span>
        {comment.isAuthor && <span className="comment-author-mark">Author</span>}
        <span className="comment-date">
          <LocalDate iso={comment.createdAt} />
        </span>
      </p>
      <CommentText text={comment.text} />
      {comment.pending && <p className="comment-pending-mark">{commentMessages.heldMark}</p>}
      {replyLink && !comment.pending && (
        <p className="comment-reply-link">
          <Link to={`?reply=${comment.id}#comment-form`} preventScrollReset>
            Reply<span className="visually-hidden"> to {comment.name}</span>
          </Link>
        </p>
      )}
    </article>
  );
}

/** A field of the comment form, named comment-{name}, with its label and an optional hint. */
function CommentField({
  name,
  label,
  hint,
  ...input
}: ComponentProps<'input'> & { name: string; label: string; hint?: string }) {
  const id = `comment-${name}`;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input className="form-input" id={id} name={name} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p className="form-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** Top-level comments with their replies, oldest first (the list comes so). */
function threadsOf(comments: CommentData[]) {
  const top = comments.filter((comment) => !comment.parentId);
  const ids = new Set(top.map((comment) => comment.id));
  return top.map((comment) => ({
    comment,
    // A reply whose parent is not shown (not approved) is not shown either.
    replies: comments.filter((reply) => reply.parentId === comment.id && ids.has(comment.id)),
  }));
}

export function PostComments({ post }: { post: FragmentType<typeof PostCommentsFragment> }) {
  const data = getFragmentData(PostCommentsFragment, post);
  const [params] = useSearchParams();
  const pendingToken = params.get('pending');
  const replyTo = params.get('reply');
  const pending = useFreshQuery(
    PendingCommentsQuery,
    { slug: data.slug, token: pendingToken ?? '' },
    {
      skip: !pendingToken,
    },
  );
  const formRef = useRef<HTMLFormElement>(null);
  // Until the islands' loader lands, the island is started here (it leaves React's elements alone).
  useEffect(() => (formRef.current ? enhanceCommentForm(formRef.current) : undefined), []);

  const approved = data.comments.map((comment) => getFragmentData(CommentFragment, comment));
  const held = (getFragmentData(CommentFragment, pending.data?.post?.pendingComments) ?? []).filter(
    (comment) => !approved.some((shown) => shown.id === comment.id),
  );
  const threads = threadsOf([...approved, ...held.filter((comment) => !comment.parentId)]);
  const heldReplies = held.filter((comment) => comment.parentId);
  const replyingTo = replyTo ? approved.find((comment) => comment.id === replyTo && !comment.parentId) : undefined;
  const count = data.commentCount;

  return (
    <section className="post-comments" id={COMMENTS_ANCHOR} aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="post-comments-heading">
        {count === 0 ? 'Comments' : `${count} ${count === 1 ? 'comment' : 'comments'}`}
      </h2>
      {pendingToken && held.length > 0 && (
        <p className="comment-form-status" role="status">
          {commentMessages.held}
        </p>
      )}
      {threads.length === 0 && <p className="post-comments-none">No comments yet.</p>}
      <ol className="comment-list">
        {threads.map(({ comment, replies }) => (
          <li key={comment.id} className="comment-thread" data-comment-id={comment.id}>
            <CommentItem comment={comment} replyLink={data.commentsOpen} />
            {(replies.length > 0 || heldReplies.some((reply) => reply.parentId === comment.id)) && (
              <ol className="comment-replies">
                {[...replies, ...heldReplies.filter((reply) => reply.parentId === comment.id)].map((reply) => (
                  <li key={reply.id} data-comment-id={reply.id}>
                    <CommentItem comment={reply} replyLink={false} />
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
      {/* The island adds the commenter's held comments here; React renders it empty and leaves it. */}
      <ol className="comment-list" data-comment-pending="" data-mark={commentMessages.heldMark} hidden />
      {data.commentsOpen ? (
        <form
          ref={formRef}
          className="form comment-form"
          id="comment-form"
          method="post"
          action="/comments"
          data-island="comment-form"
          aria-labelledby="comment-form-heading"
        >
          <h3 id="comment-form-heading" className="comment-form-heading">
            {replyingTo ? `Reply to ${replyingTo.name}` : 'Leave a comment'}
          </h3>
          {replyingTo && (
            <p className="form-hint">
              <Link to="?#comment-form" preventScrollReset>
                Cancel the reply
              </Link>
            </p>
          )}
          <input type="hidden" name="postId" value={data.id} />
          <input type="hidden" name="parentId" value={replyingTo?.id ?? ''} />
          <input type="hidden" name="formToken" defaultValue={data.commentFormToken} />
          <CommentField name="name" label="Name" maxLength={COMMENT_NAME_MAX} autoComplete="name" required />
          <CommentField name="email" label="E-mail" type="email" autoComplete="email" required hint="Never shown." />
          <CommentField
            name="website"
            label="Website (optional)"
            type="url"
            maxLength={COMMENT_WEBSITE_MAX}
            autoComplete="url"
          />
          {/* For robots that fill in every field: hidden from people and from the keyboard. */}
          <div className="comment-form-trap" aria-hidden="true">
            <label htmlFor="comment-homepage">Leave empty</label>
            <input id="comment-homepage" name={COMMENT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </div>
          <div className="form-field">
            <label className="form-label" htmlFor="comment-text">
              Comment
            </label>
            <textarea
              className="form-input comment-form-text"
              id="comment-text"
              name="text"
              required
              rows={6}
              maxLength={COMMENT_TEXT_MAX}
              aria-describedby="comment-text-hint"
            />
            <p className="form-hint" id="comment-text-hint">
              Plain text: a blank line starts a paragraph, and addresses become links. Comments are read before they are
              published.
            </p>
          </div>
          <label className="comment-form-check">
            <input type="checkbox" name="notifyReplies" value="on" /> Notify me of replies by e-mail
          </label>
          <div className="form-actions">
            <button className="button" type="submit">
              Send the comment
            </button>
          </div>
          <p className="comment-form-status" role="status" data-comment-status="" />
        </form>
      ) : (
        <p className="post-comments-closed">{data.commentsClosed ? commentMessages.closed : commentMessages.off}</p>
      )}
    </section>
  );
}
