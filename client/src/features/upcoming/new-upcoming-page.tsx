// The new 'Currently' card form, at /new-upcoming, for admins (../shared/SPEC.md sections 2, 4 and
// 5): image, title (Reading, Watching or Playing) and subtitle, checked with the server's own rules;
// the image goes up in a multipart request (lib/upload-link.ts). Success goes home, where the
// carousel already shows the new card.
import { useMutation } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { validateUpcomingFields, type UpcomingFieldErrors } from '#kernel/upcoming-rules.ts';
import { focusFirstInvalid, FormField } from '../../components/form-field';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { evictUpcomingCards } from '../../lib/cache-updates';
import { IMAGE_INPUT_ACCEPT, imageFileError } from '../../lib/image-file';
import { toast } from '../../lib/toast';
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
  const formRef = useRef<HTMLFormElement>(null);
  const [createCard, { loading }] = useMutation(CreateUpcomingCardMutation, {
    update: (cache) => evictUpcomingCards(cache),
  });
  const [values, setValues] = useState<Values>({ image: null, title: '', subtitle: '' });
  const [errors, setErrors] = useState<UpcomingFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  function change(next: Partial<Values>) {
    const updated = { ...values, ...next };
    setValues(updated);
    if (submitted) setErrors(validate(updated));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setSubmitted(true);
    const problems = validate(values);
    setErrors(problems);
    const title = TITLE_OPTIONS.find((option) => option.label === values.title);
    if (Object.keys(problems).length > 0 || !values.image || !title) {
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      await createCard({
        variables: { input: { title: title.value, subtitle: values.subtitle.trim(), image: values.image } },
      });
      toast.success('Card has been created');
      navigate('/');
    } catch (error) {
      setErrors(showApiError(error).fieldErrors);
      focusFirstInvalid(formRef.current);
    }
  }

  return (
    <div className="container container-narrow">
      <PageMeta {...SCREEN_TEXTS.newUpcoming} path="/new-upcoming" noindex />
      <h1>New upcoming card</h1>
      <form ref={formRef} className="form" noValidate onSubmit={handleSubmit} aria-busy={loading}>
        <FormField label="Image" error={errors.image}>
          {(control) => (
            <input
              {...control}
              className="form-input"
              type="file"
              name="image"
              accept={IMAGE_INPUT_ACCEPT}
              onChange={(event) => change({ image: event.currentTarget.files?.[0] ?? null })}
            />
          )}
        </FormField>
        <FormField label="Title" error={errors.title}>
          {(control) => (
            <select
              {...control}
              className="form-input"
              name="title"
              value={values.title}
              onChange={(event) => change({ title: event.currentTarget.value })}
            >
              <option value="">Choose a title</option>
              {TITLE_OPTIONS.map(({ label }) => (
                <option key={label} value={label}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Subtitle" error={errors.subtitle}>
          {(control) => (
            <input
              {...control}
              className="form-input"
              type="text"
              name="subtitle"
              autoComplete="off"
              value={values.subtitle}
              onChange={(event) => change({ subtitle: event.currentTarget.value })}
            />
          )}
        </FormField>
        <div className="form-actions">
          <button className="button" type="submit" disabled={loading}>
            Submit
          </button>
          {loading && <Spinner label="Creating the card" />}
        </div>
      </form>
    </div>
  );
}
