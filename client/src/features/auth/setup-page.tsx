// The first run, at /admin/setup (issue 34): on a new site, the author names their account and the
// site, once, and is signed in. The code that proves they started the server comes in the link the
// first start printed (after #code=, which never reaches the server's logs) or is typed in. The
// server checks everything again (FirstRunService); the kernel's rules here are for comfort.
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { setupMessages, validateSetup, SETUP_PATH } from '#kernel/setup-rules.ts';
import { FormActions, TextField } from '../../components/form/form-field';
import { FormScreen } from '../../components/form/form-screen';
import { useForm } from '../../components/form/use-form';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { toUserInfo } from '../../lib/session';
import { toast } from '../../lib/toast';
import { saveUserInfo } from '../../lib/user-info';

const SetupStateQuery = graphql(`
  query SetupState {
    site {
      setupPending
    }
  }
`);

const CompleteSetupMutation = graphql(`
  mutation CompleteSetup($input: CompleteSetupInput!) {
    completeSetup(input: $input) {
      ...Session_StoredUser
    }
  }
`);

/** The code from the printed link, once; taken out of the address so it is not left in view. */
function codeFromLink(): string {
  if (typeof window === 'undefined') return '';
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code') ?? '';
  if (code) window.history.replaceState(window.history.state, '', SETUP_PATH);
  return code;
}

export function SetupPage() {
  const { data, loading } = useQuery(SetupStateQuery, { fetchPolicy: 'network-only' });
  if (loading && !data) return <Spinner label="Checking this site" />;
  if (!data?.site.setupPending) {
    return (
      <div className="container container-narrow">
        <h1>{SCREEN_TEXTS.setup.title}</h1>
        <p>{setupMessages.alreadySetUp}.</p>
        <p>
          <Link to="/login">Login</Link>
        </p>
      </div>
    );
  }
  return <SetupForm />;
}

function SetupForm() {
  const navigate = useNavigate();
  const [complete, { client }] = useMutation(CompleteSetupMutation);
  const [linkCode] = useState(codeFromLink);
  const form = useForm({
    initialValues: { code: linkCode, name: '', email: '', password: '', siteTitle: '' },
    validate: validateSetup,
    async send(values) {
      try {
        const { data } = await complete({
          variables: {
            input: {
              code: values.code.trim(),
              name: values.name.trim(),
              email: values.email.trim(),
              password: values.password,
              siteTitle: values.siteTitle.trim(),
            },
          },
        });
        if (data) saveUserInfo(toUserInfo(data.completeSetup));
      } catch (error) {
        return showApiError(error).fieldErrors;
      }
      // The header and every title show the new name: read the site's facts again.
      await client.refetchQueries({ include: 'active' });
      toast.dismissErrors();
      toast.success(setupMessages.done);
      navigate('/admin/posts');
      return undefined;
    },
  });

  return (
    <FormScreen meta={SCREEN_TEXTS.setup} path={SETUP_PATH} heading="Set up your site" formProps={form.formProps}>
      <p>Welcome! Name your site and make your account: you will sign in with this e-mail and password.</p>
      {(!linkCode || form.errorOf('code')) && (
        <TextField
          label="Setup code (printed by the server when it first started)"
          autoComplete="off"
          {...form.field('code')}
        />
      )}
      <TextField label="Site title" {...form.field('siteTitle')} />
      <TextField label="Your name" autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
      <FormActions submitLabel="Create my site" busy={form.busy} busyLabel="Setting up" />
    </FormScreen>
  );
}
