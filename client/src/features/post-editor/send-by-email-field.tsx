// The editor's "Send by e-mail" checkbox (issue 40): on, the post is e-mailed to the confirmed
// subscribers when it goes public (once, ever). Saved at once (setPostSendByEmail), as "Comments closed".
import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { PostSwitchField } from './post-switch-field';

const PostSendByEmailQuery = graphql(`
  query PostSendByEmail($id: ID!) {
    post(id: $id) {
      id
      sendByEmail
    }
  }
`);

const SetPostSendByEmailMutation = graphql(`
  mutation SetPostSendByEmail($postId: ID!, $send: Boolean!) {
    setPostSendByEmail(postId: $postId, send: $send)
  }
`);

export function SendByEmailField({ postId }: { postId: string }) {
  const { data } = useQuery(PostSendByEmailQuery, { variables: { id: postId }, fetchPolicy: 'network-only' });
  const [setSend] = useMutation(SetPostSendByEmailMutation);
  return (
    <PostSwitchField
      className="send-by-email-field"
      label="Send by e-mail to the subscribers when it is published (saved at once)"
      value={data?.post?.sendByEmail}
      saved={(next) => (next ? 'It will be e-mailed when published' : 'It will not be e-mailed')}
      save={(send) =>
        setSend({
          variables: { postId, send },
          update: (cache) =>
            cache.modify({
              id: cache.identify({ __typename: 'Post', id: postId }),
              fields: { sendByEmail: () => send },
            }),
        })
      }
    />
  );
}
