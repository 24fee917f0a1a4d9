// The editor's "Send by e-mail" checkbox (issue 40): on, the post is e-mailed to the confirmed
// subscribers when it goes public (once, ever). Saved at once (setPostSendByEmail), as "Comments closed".
// Once e-mailed, a line beneath says how far its e-mails have gone, asked again every few seconds
// while some are still to send.
import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { PostStatus } from '../../gql/graphql';
import { PostSwitchField } from './post-switch-field';

const PostSendByEmailQuery = graphql(`
  query PostSendByEmail($id: ID!) {
    post(id: $id) {
      id
      sendByEmail
    }
  }
`);

const PostEmailDeliveryQuery = graphql(`
  query PostEmailDelivery($id: ID!) {
    post(id: $id) {
      id
      emailDelivery {
        total
        sent
        pending
        failed
      }
    }
  }
`);

const SetPostSendByEmailMutation = graphql(`
  mutation SetPostSendByEmail($postId: ID!, $send: Boolean!) {
    setPostSendByEmail(postId: $postId, send: $send)
  }
`);

/** How often the progress is asked again while e-mails are still to send. */
const PROGRESS_POLL_MS = 3000;

export function SendByEmailField({ postId, status }: { postId: string; status: PostStatus }) {
  const { data } = useQuery(PostSendByEmailQuery, { variables: { id: postId }, fetchPolicy: 'network-only' });
  const [setSend] = useMutation(SetPostSendByEmailMutation);
  return (
    <>
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
      <EmailDeliveryLine postId={postId} status={status} />
    </>
  );
}

function EmailDeliveryLine({ postId, status }: { postId: string; status: PostStatus }) {
  const { data, refetch, startPolling, stopPolling } = useQuery(PostEmailDeliveryQuery, {
    variables: { id: postId },
    fetchPolicy: 'network-only',
  });
  const delivery = data?.post?.emailDelivery;
  const sending = (delivery?.pending ?? 0) > 0;
  useEffect(() => {
    if (!sending) return;
    startPolling(PROGRESS_POLL_MS);
    return () => stopPolling();
  }, [sending, startPolling, stopPolling]);
  // Published from this page: its e-mails are now in the outbox.
  const shownStatus = useRef(status);
  useEffect(() => {
    if (status === shownStatus.current) return;
    shownStatus.current = status;
    if (status === 'PUBLISHED') void refetch();
  }, [status, refetch]);
  if (!delivery) return null;
  const subscribers = delivery.total === 1 ? 'subscriber' : 'subscribers';
  return (
    <p className="form-hint send-by-email-progress">
      E-mailed to {delivery.sent} of {delivery.total} {subscribers}
      {delivery.failed > 0 && ` · ${delivery.failed} failed`}
      {sending && ' · sending…'}
    </p>
  );
}
