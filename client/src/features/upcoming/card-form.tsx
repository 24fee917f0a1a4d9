// The one form of a 'Currently' card, for a new card and for editing one: the spec's image, title
// and subtitle, then the alt text, the link and the picture's focal point (cut to the carousel's
// 4:5). Checked with the server's own rules (kernel/upcoming-rules.ts); what to do with valid values
// is the page's.
import { useEffect, type ReactNode } from 'react';
import { focusOfValue } from '#kernel/focal-point.ts';
import { validateUpcomingFields, type UpcomingFieldErrors } from '#kernel/upcoming-rules.ts';
import type { FieldErrors } from '#kernel/api-errors.ts';
import { FocalPointField, usePickedImageUrl, type Picture } from '../../components/form/focal-point-field';
import { FormActions, ImageField, SelectField, TextField } from '../../components/form/form-field';
import { useForm } from '../../components/form/use-form';
import { useUnsavedChanges } from '../../components/form/use-unsaved-changes';
import { imageFileError } from '../../lib/image-file';
import { TITLE_OPTIONS } from './upcoming-titles';

export interface CardFormValues {
  image: File | null;
  /** The label, Reading, Watching or Playing; empty until one is chosen. */
  title: string;
  subtitle: string;
  imageAlt: string;
  link: string;
  /** As focusValue() writes it; empty: the picture's middle, or as it is stored. */
  focus: string;
}

export const EMPTY_CARD_VALUES: CardFormValues = {
  image: null,
  title: '',
  subtitle: '',
  imageAlt: '',
  link: '',
  focus: '',
};

/** The fields the API takes, from valid values (the title as the API's enum has it). */
export function cardInputOf(values: CardFormValues) {
  const title = TITLE_OPTIONS.find((option) => option.label === values.title)!.value;
  return {
    title,
    subtitle: values.subtitle.trim(),
    imageAlt: values.imageAlt.trim(),
    link: values.link.trim(),
    ...focusOfValue(values.focus),
  };
}

interface CardFormProps {
  initialValues: CardFormValues;
  /** A new card needs a picture; an edited one keeps its own unless another is picked. */
  imageRequired: boolean;
  /** The stored picture, shown until another is picked. */
  currentPicture?: Picture;
  submitLabel: string;
  busyLabel: string;
  /**
   * Sends valid values; resolves to the server's field messages when it refused them. Calls
   * `allowLeaving` before going to another screen after a save (the form would ask first otherwise).
   */
  onSubmit: (values: CardFormValues, allowLeaving: () => void) => Promise<FieldErrors | undefined>;
  /** More buttons after the submit button (Cancel). */
  children?: ReactNode;
  /** Told whether the form holds changes not sent yet, so that closing it can ask first. */
  onDirtyChange?: (dirty: boolean) => void;
}

export function CardForm({
  initialValues,
  imageRequired,
  currentPicture,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
  onDirtyChange,
}: CardFormProps) {
  const form = useForm<CardFormValues, UpcomingFieldErrors>({
    initialValues,
    validate(values) {
      const errors = validateUpcomingFields({ ...values, ...focusOfValue(values.focus) });
      const image = imageFileError(values.image, { required: imageRequired });
      return image ? { image, ...errors } : errors;
    },
    send: (values) => onSubmit(values, allowLeaving),
  });
  // What the author typed or picked is not lost by a slip: leaving asks first.
  const dirty =
    form.values.image !== null ||
    (['title', 'subtitle', 'imageAlt', 'link', 'focus'] as const).some(
      (key) => form.values[key] !== initialValues[key],
    );
  const { allowLeaving } = useUnsavedChanges(dirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const pickedUrl = usePickedImageUrl(form.values.image);
  const picture = form.values.image ? (pickedUrl ? { src: pickedUrl } : undefined) : currentPicture;

  return (
    <form className="form card-form" {...form.formProps}>
      {/* A new picture starts from its middle: the point chosen on the previous one was about that one. */}
      <ImageField error={form.errorOf('image')} onFile={(image) => form.change({ image, focus: '' })} />
      <SelectField
        label="Title"
        placeholder="Choose a title"
        options={TITLE_OPTIONS.map(({ label }) => [label, label] as const)}
        {...form.field('title')}
      />
      <TextField label="Subtitle" autoComplete="off" {...form.field('subtitle')} />
      <TextField
        label="Picture alt text"
        autoComplete="off"
        placeholder="What the picture shows"
        {...form.field('imageAlt')}
      />
      <TextField
        label="Link (optional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        {...form.field('link')}
      />
      {picture && (
        <FocalPointField
          picture={picture}
          shape="tall"
          value={form.values.focus}
          onChange={(focus) => form.change({ focus })}
        />
      )}
      {form.errorOf('focus') && <p className="form-field-error">{form.errorOf('focus')}</p>}
      <FormActions submitLabel={submitLabel} busy={form.busy} busyLabel={busyLabel}>
        {children}
      </FormActions>
    </form>
  );
}
