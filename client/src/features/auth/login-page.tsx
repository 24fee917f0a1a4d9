// The login form, at /login (../shared/SPEC.md sections 2, 4 and 5): the server's own rules check
// the fields first; a refused sign-in shows the server's message in a toast.
import { useMutation } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { validateLogin, type UserFieldErrors } from '#kernel/user-rules.ts';
import { focusFirstInvalid, FormField } from '../../components/form-field';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { toUserInfo } from '../../lib/session';
import { toast } from '../../lib/toast';
import { saveUserInfo } from '../../lib/user-info';

const LoginMutation = graphql(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      id
      name
      email
      isAdmin
    }
  }
`);

export function LoginPage() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [login, { loading }] = useMutation(LoginMutation);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<UserFieldErrors>({});
  // Checked on submit first, then again as the fields change.
  const [submitted, setSubmitted] = useState(false);

  function change(field: keyof typeof values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setSubmitted(true);
    const problems = validateLogin(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      const { data } = await login({ variables: { email: values.email.trim(), password: values.password } });
      if (!data) return;
      saveUserInfo(toUserInfo(data.login));
      toast.success('Logged in successfully');
      navigate('/');
    } catch (error) {
      setErrors(showApiError(error).fieldErrors);
      focusFirstInvalid(formRef.current);
    }
  }

  return (
    <div className="container container-narrow">
      <PageMeta {...SCREEN_TEXTS.login} path="/login" noindex />
      <h1>Login</h1>
      <form ref={formRef} className="form" noValidate onSubmit={handleSubmit} aria-busy={loading}>
        <FormField label="Email" error={errors.email}>
          {(control) => (
            <input
              {...control}
              className="form-input"
              type="email"
              name="email"
              autoComplete="email"
              value={values.email}
              onChange={(event) => change('email', event.currentTarget.value)}
            />
          )}
        </FormField>
        <FormField label="Password" error={errors.password}>
          {(control) => (
            <input
              {...control}
              className="form-input"
              type="password"
              name="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(event) => change('password', event.currentTarget.value)}
            />
          )}
        </FormField>
        <div className="form-actions">
          <button className="button" type="submit" disabled={loading}>
            Login
          </button>
          {loading && <Spinner label="Signing in" />}
        </div>
      </form>
    </div>
  );
}
