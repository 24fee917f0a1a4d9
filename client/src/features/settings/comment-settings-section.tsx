// The comments' settings (issue 38), a form of their own under the site's settings at /admin/settings:
// comments on or off for the site, the blocked words and addresses, and whether a commenter whose
// earlier comment was approved is approved once they confirm by an e-mailed link. Says when e-mail
// cannot be sent (SMTP_URL unset).
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { toast } from '../../lib/toast';

const CommentSettingsQuery = graphql(`
  query CommentSettings {
    commentSettings {
      enabled
      blockedWords
      blockedAddresses
      approveKnown
      mailConfigured
    }
  }
`);

const UpdateCommentSettingsMutation = graphql(`
  mutation UpdateCommentSettings($input: CommentSettingsInput!) {
    updateCommentSettings(input: $input) {
      enabled
      blockedWords
      blockedAddresses
      approveKnown
      mailConfigured
    }
  }
`);

type Values = { enabled: boolean; blockedWords: string; blockedAddresses: string; approveKnown: boolean };

function CommentSettingsForm({ saved, mailConfigured }: { saved: Values; mailConfigured: boolean }) {
  const [values, setValues] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [update] = useMutation(UpdateCommentSettingsMutation);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const result = await update({ variables: { input: values } });
      if (result.data) setValues(result.data.updateCommentSettings);
      toast.success('Comment settings saved');
    } catch (failure) {
      // What was typed stays in the form.
      showApiError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" aria-labelledby="comment-settings-heading" onSubmit={(event) => void save(event)}>
      <h2 id="comment-settings-heading">Comments</h2>
      {!mailConfigured && (
        <p className="form-hint">
          E-mail is not set up: set SMTP_URL (such as smtp://user:password@mail.example.com:587) to be told of new
          comments and to tell readers of your replies.
        </p>
      )}
      <label className="comment-settings-check">
        <input
          type="checkbox"
          checked={values.enabled}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
        />{' '}
        Readers may comment on posts
      </label>
      <label className="comment-settings-check">
        <input
          type="checkbox"
          checked={values.approveKnown}
          onChange={(event) => set('approveKnown', event.currentTarget.checked)}
        />{' '}
        Approve commenters whose earlier comment was approved (they confirm by a link sent by e-mail)
      </label>
      <div className="form-field">
        <label className="form-label" htmlFor="comment-blocked-words">
          Blocked words (one a line)
        </label>
        <textarea
          id="comment-blocked-words"
          className="form-input"
          rows={4}
          value={values.blockedWords}
          onChange={(event) => set('blockedWords', event.currentTarget.value)}
        />
      </div>
      <div className="form-field">
        <label className="form-label" htmlFor="comment-blocked-addresses">
          Blocked e-mail and IP addresses (one a line)
        </label>
        <textarea
          id="comment-blocked-addresses"
          className="form-input"
          rows={4}
          value={values.blockedAddresses}
          onChange={(event) => set('blockedAddresses', event.currentTarget.value)}
        />
      </div>
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
          Save comment settings
        </button>
      </div>
    </form>
  );
}

export function CommentSettingsSection() {
  const { data } = useQuery(CommentSettingsQuery, { fetchPolicy: 'network-only' });
  if (!data) return null;
  const { mailConfigured, ...saved } = data.commentSettings;
  return (
    <div className="container container-narrow">
      <CommentSettingsForm saved={saved} mailConfigured={mailConfigured} />
    </div>
  );
}
