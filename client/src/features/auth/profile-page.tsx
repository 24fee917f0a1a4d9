// The profile form, at /profile, for signed-in users (../shared/SPEC.md sections 2, 4 and 5): name,
// email and password, each optional; an empty password keeps the current one. Success replaces the
// stored user info. A new email or password shows a "Current password" field: the server asks for it
// unless the sign-in is a few minutes old at most (docs/decisions/017), and its refusal lands there.
import { useMutation } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { changesCredentials, validateProfile, type UserFieldErrors } from '#kernel/user-rules.ts';
import { focusFirstInvalid, FormField } from '../../components/form-field';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { toUserInfo } from '../../lib/session';
import { toast } from '../../lib/toast';
import { saveUserInfo, useUserInfo } from '../../lib/user-info';

const UpdateProfileMutation = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      id
      name
      email
      isAdmin
    }
  }
`);

export function ProfilePage() {
  const user = useUserInfo();
  const formRef = useRef<HTMLFormElement>(null);
  const [updateProfile, { loading }] = useMutation(UpdateProfileMutation);
  // RequireUser lets only a signed-in user here; the fields start from what is stored.
  const [values, setValues] = useState({
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    currentPassword: '',
  });
  const [errors, setErrors] = useState<UserFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const asksCurrentPassword = user !== null && changesCredentials(user.email, values);

  function change(field: keyof typeof values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateProfile(next));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setSubmitted(true);
    const problems = validateProfile(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      const { data } = await updateProfile({
        variables: {
          input: {
            name: values.name.trim(),
            email: values.email.trim(),
            password: values.password,
            currentPassword: asksCurrentPassword ? values.currentPassword : null,
          },
        },
      });
      if (!data) return;
      const updated = toUserInfo(data.updateProfile);
      saveUserInfo(updated);
      setValues({ name: updated.name, email: updated.email, password: '', currentPassword: '' });
      toast.success('Your profile is updated');
    } catch (error) {
      const { code, message, fieldErrors } = showApiError(error);
      // FORBIDDEN here means the server wants the current password: say so beside that field.
      setErrors(code === 'FORBIDDEN' ? { ...fieldErrors, currentPassword: message } : fieldErrors);
      focusFirstInvalid(formRef.current);
    }
  }

  return (
    <div className="container container-narrow">
      <PageMeta {...SCREEN_TEXTS.profile} path="/profile" noindex />
      <h1>Profile</h1>
      <form ref={formRef} className="form" noValidate onSubmit={handleSubmit} aria-busy={loading}>
        <FormField label="Name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              className="form-input"
              type="text"
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={(event) => change('name', event.currentTarget.value)}
            />
          )}
        </FormField>
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
              autoComplete="new-password"
              placeholder="Leave empty to keep the current one"
              value={values.password}
              onChange={(event) => change('password', event.currentTarget.value)}
            />
          )}
        </FormField>
        {asksCurrentPassword && (
          <FormField label="Current password" error={errors.currentPassword}>
            {(control) => (
              <input
                {...control}
                className="form-input"
                type="password"
                name="currentPassword"
                autoComplete="current-password"
                value={values.currentPassword}
                onChange={(event) => change('currentPassword', event.currentTarget.value)}
              />
            )}
          </FormField>
        )}
        <div className="form-actions">
          <button className="button" type="submit" disabled={loading}>
            Update
          </button>
          {loading && <Spinner label="Updating your profile" />}
        </div>
      </form>
    </div>
  );
}
