// "Send a test e-mail" beside "Send by e-mail" (issue 40, item 5): the post as last saved, as the
// subscribers will get it ("[Test] " before its subject), to the signed-in author alone. The server
// refuses it, with a message that says so, when e-mail is not set up (SMTP_URL).
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { toast } from '../../lib/toast';

const SendTestEmailMutation = graphql(`
  mutation SendTestEmail($postId: ID!) {
    sendTestEmail(postId: $postId)
  }
`);

export function TestEmailButton({ postId }: { postId: string }) {
  const [sendTestEmail] = useMutation(SendTestEmailMutation);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    try {
      const { data } = await sendTestEmail({ variables: { postId } });
      if (data) toast.success(data.sendTestEmail);
    } catch (failure) {
      showApiError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <p className="test-email">
      <button className="button button-secondary" type="button" disabled={busy} onClick={() => void send()}>
        Send a test e-mail
      </button>{' '}
      <span className="form-hint">The post as last saved, to you alone.</span>
    </p>
  );
}
