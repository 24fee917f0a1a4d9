// The profile form, at /profile, for signed-in users: name, email and password, each optional; an
// empty password keeps the current one. Success replaces the stored user info ("Your profile is
// updated"). A new email or password shows a "Current password" field: the server asks for it unless
// the sign-in is a few minutes old at most (docs/decisions/017), and its refusal lands there.
import { useMutation } from '@apollo/client/react';
import { changesCredentials, validateProfile } from '#kernel/user-rules.ts';
import { FormActions, TextField } from '../../components/form/form-field';
import { useForm } from '../../components/form/use-form';
import { FormScreen } from '../../components/form/form-screen';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { toUserInfo } from '../../lib/session';
import { toast } from '../../lib/toast';
import { saveUserInfo, useUserInfo } from '../../lib/user-info';

const UpdateProfileMutation = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      ...Session_StoredUser
    }
  }
`);

export function ProfilePage() {
  const user = useUserInfo();
  const [updateProfile] = useMutation(UpdateProfileMutation);
  const asksCurrentPassword = (values: { email: string; password: string }) =>
    user !== null && changesCredentials(user.email, values);
  const form = useForm({
    // RequireUser lets only a signed-in user here; the fields start from what is stored.
    initialValues: { name: user?.name ?? '', email: user?.email ?? '', password: '', currentPassword: '' },
    validate: validateProfile,
    async send(values) {
      try {
        const { data } = await updateProfile({
          variables: {
            input: {
              name: values.name.trim(),
              email: values.email.trim(),
              password: values.password,
              currentPassword: asksCurrentPassword(values) ? values.currentPassword : null,
            },
          },
        });
        if (!data) return undefined;
        const updated = toUserInfo(data.updateProfile);
        saveUserInfo(updated);
        form.reset({ name: updated.name, email: updated.email, password: '', currentPassword: '' });
      } catch (error) {
        const { code, message, fieldErrors } = showApiError(error);
        // FORBIDDEN here means the server wants the current password: say so beside that field.
        return code === 'FORBIDDEN' ? { ...fieldErrors, currentPassword: message } : fieldErrors;
      }
      toast.success('Your profile is updated');
      return undefined;
    },
  });

  return (
    <FormScreen meta={SCREEN_TEXTS.profile} path="/profile" heading="Profile" formProps={form.formProps}>
      <TextField label="Name" autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Leave empty to keep the current one"
        {...form.field('password')}
      />
      {asksCurrentPassword(form.values) && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
      )}
      <FormActions submitLabel="Update" busy={form.busy} busyLabel="Updating your profile" />
    </FormScreen>
  );
}
