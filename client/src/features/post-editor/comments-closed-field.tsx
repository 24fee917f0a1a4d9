// The editor's "Comments closed" checkbox (issue 38): saved at once, on its own (setPostCommentsClosed),
// apart from the post's fields, so it never makes the form's save a conflict (it leaves the post's
// version as it is). Closed: the post keeps its comments and takes no new ones.
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { toast } from '../../lib/toast';

const PostCommentsClosedQuery = graphql(`
  query PostCommentsClosed($id: ID!) {
    post(id: $id) {
      id
      commentsClosed
    }
  }
`);

const SetPostCommentsClosedMutation = graphql(`
  mutation SetPostCommentsClosed($postId: ID!, $closed: Boolean!) {
    setPostCommentsClosed(postId: $postId, closed: $closed)
  }
`);

export function CommentsClosedField({ postId }: { postId: string }) {
  const { data } = useQuery(PostCommentsClosedQuery, { variables: { id: postId }, fetchPolicy: 'network-only' });
  const [setClosed] = useMutation(SetPostCommentsClosedMutation);
  // While it is being saved, the box shows what was asked (the stored value after, or again on failure).
  const [asked, setAsked] = useState<boolean | null>(null);
  const busy = asked !== null;
  const closed = asked ?? data?.post?.commentsClosed;
  if (closed === undefined) return null;

  async function change(next: boolean) {
    setAsked(next);
    try {
      await setClosed({
        variables: { postId, closed: next },
        update: (cache) =>
          cache.modify({
            id: cache.identify({ __typename: 'Post', id: postId }),
            fields: { commentsClosed: () => next },
          }),
      });
      toast.success(next ? 'Comments are closed on this post' : 'Comments are open on this post');
    } catch (failure) {
      showApiError(failure);
    } finally {
      setAsked(null);
    }
  }

  return (
    <p className="comments-closed-field">
      <label>
        <input
          type="checkbox"
          checked={closed}
          disabled={busy}
          onChange={(event) => void change(event.currentTarget.checked)}
        />{' '}
        Comments closed (saved at once; the post keeps its comments)
      </label>
    </p>
  );
}
