// The new 'Currently' card form, at /new-upcoming, for admins: image, title (Reading, Watching or
// Playing) and subtitle, checked with the server's own rules;
// the image goes up in a multipart request (lib/upload-link.ts). Success goes home, where the
// carousel already shows the new card.
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { validateUpcomingFields, type UpcomingFieldErrors } from '#kernel/upcoming-rules.ts';
import { FormActions, ImageField, SelectField, TextField } from '../../components/form/form-field';
import { useForm } from '../../components/form/use-form';
import { FormScreen } from '../../components/form/form-screen';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { graphql } from '../../gql';
import { fieldErrorsOf } from '../../lib/api-errors';
import { imageFileError } from '../../lib/image-file';
import { toast } from '../../lib/toast';
import { evictUpcomingCards } from './card-cache';
import { TITLE_OPTIONS } from './upcoming-titles';

const CreateUpcomingCardMutation = graphql(`
  mutation CreateUpcomingCard($input: CreateUpcomingCardInput!) {
    createUpcomingCard(input: $input) {
      id
    }
  }
`);

interface Values {
  image: File | null;
  /** The label, Reading, Watching or Playing; empty until one is chosen. */
  title: string;
  subtitle: string;
}

function validate(values: Values): UpcomingFieldErrors {
  const errors = validateUpcomingFields(values);
  const image = imageFileError(values.image, { required: true });
  return image ? { image, ...errors } : errors;
}

export function NewUpcomingPage() {
  const navigate = useNavigate();
  const [createCard] = useMutation(CreateUpcomingCardMutation, {
    update: (cache) => evictUpcomingCards(cache),
  });
  const form = useForm<Values, UpcomingFieldErrors>({
    initialValues: { image: null, title: '', subtitle: '' },
    validate,
    async send(values) {
      const title = TITLE_OPTIONS.find((option) => option.label === values.title);
      if (!values.image || !title) return undefined; // validate has refused both
      const { image } = values;
      const refused = await fieldErrorsOf(() =>
        createCard({ variables: { input: { title: title.value, subtitle: values.subtitle.trim(), image } } }),
      );
      if (refused) return refused;
      toast.success('Card has been created');
      navigate('/');
      return undefined;
    },
  });

  return (
    <FormScreen
      meta={SCREEN_TEXTS.newUpcoming}
      path="/new-upcoming"
      heading="New upcoming card"
      formProps={form.formProps}
    >
      <ImageField error={form.errorOf('image')} onFile={(image) => form.change({ image })} />
      <SelectField
        label="Title"
        placeholder="Choose a title"
        options={TITLE_OPTIONS.map(({ label }) => [label, label] as const)}
        {...form.field('title')}
      />
      <TextField label="Subtitle" autoComplete="off" {...form.field('subtitle')} />
      <FormActions submitLabel="Submit" busy={form.busy} busyLabel="Creating the card" />
    </FormScreen>
  );
}
