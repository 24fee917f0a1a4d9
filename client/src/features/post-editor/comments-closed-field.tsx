// The editor's "Comments closed" checkbox (issue 38): saved at once, on its own (setPostCommentsClosed),
// apart from the post's fields, so it never makes the form's save a conflict (it leaves the post's
// version as it is). Closed: the post keeps its comments and takes no new ones.
import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { PostSwitchField } from './post-switch-field';

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
  return (
    <PostSwitchField
      className="comments-closed-field"
      label="Comments closed (saved at once; the post keeps its comments)"
      value={data?.post?.commentsClosed}
      saved={(next) => (next ? 'Comments are closed on this post' : 'Comments are open on this post')}
      save={(next) =>
        setClosed({
          variables: { postId, closed: next },
          update: (cache) =>
            cache.modify({
              id: cache.identify({ __typename: 'Post', id: postId }),
              fields: { commentsClosed: () => next },
            }),
        })
      }
    />
  );
}
