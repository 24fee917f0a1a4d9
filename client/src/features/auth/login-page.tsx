// The login form, at /login: the server's own rules check the fields first; a refused sign-in shows
// the server's message in a toast ("Logged in successfully" on success, then home).
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { validateLogin } from '#kernel/user-rules.ts';
import { FormActions, TextField } from '../../components/form/form-field';
import { useForm } from '../../components/form/use-form';
import { FormScreen } from '../../components/form/form-screen';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { graphql } from '../../gql';
import { fieldErrorsOf } from '../../lib/api-errors';
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
  const [login] = useMutation(LoginMutation);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: validateLogin,
    async send(values) {
      const refused = await fieldErrorsOf(async () => {
        const { data } = await login({ variables: { email: values.email.trim(), password: values.password } });
        if (data) saveUserInfo(toUserInfo(data.login));
      });
      if (refused) return refused;
      toast.success('Logged in successfully');
      navigate('/');
      return undefined;
    },
  });

  return (
    <FormScreen meta={SCREEN_TEXTS.login} path="/login" heading="Login" formProps={form.formProps}>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <FormActions submitLabel="Login" busy={form.busy} busyLabel="Signing in" />
    </FormScreen>
  );
}
