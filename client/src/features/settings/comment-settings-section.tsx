// The comments' settings (issue 38), a form of their own under the site's settings at /admin/settings:
// comments on or off for the site, the blocked words and addresses, and whether a commenter whose
// earlier comment was approved is approved once they confirm by an e-mailed link. Says when e-mail
// cannot be sent (SMTP_URL unset).
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { getFragmentData, graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { toast } from '../../lib/toast';

const CommentSettingsFragment = graphql(`
  fragment CommentSettings_Fields on CommentSettings {
    enabled
    blockedWords
    blockedAddresses
    approveKnown
    mailConfigured
  }
`);

const CommentSettingsQuery = graphql(`
  query CommentSettings {
    commentSettings {
      ...CommentSettings_Fields
    }
  }
`);

const UpdateCommentSettingsMutation = graphql(`
  mutation UpdateCommentSettings($input: CommentSettingsInput!) {
    updateCommentSettings(input: $input) {
      ...CommentSettings_Fields
    }
  }
`);

type Values = { enabled: boolean; blockedWords: string; blockedAddresses: string; approveKnown: boolean };

/** A list of the settings: one item a line. */
function ListField(props: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={props.id}>
        {props.label}
      </label>
      <textarea
        id={props.id}
        className="form-input"
        rows={4}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
    </div>
  );
}

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
      if (result.data) {
        const { mailConfigured: _mail, ...stored } = getFragmentData(
          CommentSettingsFragment,
          result.data.updateCommentSettings,
        );
        setValues(stored);
      }
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
      {(
        [
          ['enabled', 'Readers may comment on posts'],
          [
            'approveKnown',
            'Approve commenters whose earlier comment was approved (they confirm by a link sent by e-mail)',
          ],
        ] as const
      ).map(([key, label]) => (
        <label key={key} className="comment-settings-check">
          <input type="checkbox" checked={values[key]} onChange={(event) => set(key, event.currentTarget.checked)} />{' '}
          {label}
        </label>
      ))}
      <ListField
        id="comment-blocked-words"
        label="Blocked words (one a line)"
        value={values.blockedWords}
        onChange={(value) => set('blockedWords', value)}
      />
      <ListField
        id="comment-blocked-addresses"
        label="Blocked e-mail and IP addresses (one a line)"
        value={values.blockedAddresses}
        onChange={(value) => set('blockedAddresses', value)}
      />
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
  const { mailConfigured, ...saved } = getFragmentData(CommentSettingsFragment, data.commentSettings);
  return (
    <div className="container container-narrow">
      <CommentSettingsForm saved={saved} mailConfigured={mailConfigured} />
    </div>
  );
}
