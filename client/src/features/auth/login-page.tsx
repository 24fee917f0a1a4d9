// The login form, at /login: the server's own rules check the fields first; a refused sign-in shows
// the server's message in a toast and at the form, where the reader is looking (the toast goes after
// 5 s); on success, any error toast still up goes, then "Logged in successfully", then home (or back
// to the screen that sent the author here to sign in again, ?next=: an editor whose session ended).
import { useMutation } from '@apollo/client/react';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { returnPathOf } from '#kernel/route-paths.ts';
import { validateLogin } from '#kernel/user-rules.ts';
import { FormActions, TextField } from '../../components/form/form-field';
import { useForm } from '../../components/form/use-form';
import { FormScreen } from '../../components/form/form-screen';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { toUserInfo } from '../../lib/session';
import { toast } from '../../lib/toast';
import { saveUserInfo } from '../../lib/user-info';

const LoginMutation = graphql(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      ...Session_StoredUser
    }
  }
`);

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [login] = useMutation(LoginMutation);
  const [refusal, setRefusal] = useState<string>();
  const refusalId = useId();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: validateLogin,
    async send(values) {
      setRefusal(undefined);
      try {
        const { data } = await login({ variables: { email: values.email.trim(), password: values.password } });
        if (data) saveUserInfo(toUserInfo(data.login));
      } catch (error) {
        const failure = showApiError(error);
        setRefusal(failure.message);
        return failure.fieldErrors;
      }
      toast.dismissErrors();
      toast.success('Logged in successfully');
      navigate(returnPathOf(searchParams.get('next')) ?? '/');
      return undefined;
    },
  });

  return (
    <FormScreen
      meta={SCREEN_TEXTS.login}
      path="/login"
      heading="Login"
      // Not an alert: the toast already announces it; the form names it as its description.
      formProps={{ ...form.formProps, 'aria-describedby': refusal ? refusalId : undefined }}
    >
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      {refusal && (
        <p className="error-message" id={refusalId}>
          {refusal}
        </p>
      )}
      <FormActions submitLabel="Login" busy={form.busy} busyLabel="Signing in" />
    </FormScreen>
  );
}
