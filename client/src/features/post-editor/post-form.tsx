// The post form of /new and /blog/{id}/edit (../shared/SPEC.md sections 2 and 5): image, title,
// subtitle, rich content, category, Submit (and Cancel when editing). Messages appear under their
// fields: the client's own check on submit, then on every change; the server's (its fieldErrors)
// after a refused request, until the field they are about changes.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { hasImageExtension } from '#kernel/image-rules.ts';
import type { PostFieldErrors } from '#kernel/post-rules.ts';
import { focusFirstInvalid, FormField } from '../../components/form-field';
import { LazyRichTextEditor } from '../../components/rich-text-editor/lazy-rich-text-editor';
import { Spinner } from '../../components/spinner';
import { IMAGE_INPUT_ACCEPT } from '../../lib/image-file';
import { CATEGORY_OPTIONS, validatePostForm, type PostFormValues } from './post-form-values';
import './post-form.css';

type Field = keyof PostFieldErrors;

interface PostFormProps {
  initialValues: PostFormValues;
  /** New post: an image is required. Edit: none keeps the current one. */
  imageRequired: boolean;
  /** The post's current picture (edit), shown above the file input. */
  currentImage?: ReactNode;
  /** What the spinner says while the request runs. */
  busyLabel: string;
  /** Sends the post; resolves to the server's field messages when it refused it. */
  onSubmit: (values: PostFormValues, image: File | null) => Promise<PostFieldErrors | undefined>;
  /** Every change of the values (the new post's draft). */
  onValuesChange?: (values: PostFormValues) => void;
  onCancel?: () => void;
}

export function PostForm({
  initialValues,
  imageRequired,
  currentImage,
  busyLabel,
  onSubmit,
  onValuesChange,
  onCancel,
}: PostFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [image, setImage] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverErrors, setServerErrors] = useState<PostFieldErrors>({});
  const contentLabelId = useId();
  const contentId = useId();
  const contentErrorId = useId();

  // Checked on submit first, then on every change, like the other forms.
  const clientErrors = submitted ? validatePostForm(values, image, { imageRequired }) : {};
  const errorOf = (field: Field) => clientErrors[field] ?? serverErrors[field];

  useEffect(() => {
    onValuesChange?.(values);
  }, [values, onValuesChange]);

  const forgetServerError = (field: Field) =>
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });

  const change = (field: Exclude<Field, 'image'>, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    forgetServerError(field);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    if (Object.keys(validatePostForm(values, image, { imageRequired })).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSubmitting(true);
    const refused = await onSubmit(values, image);
    // On success the page has moved on; what follows only matters when the server refused.
    setSubmitting(false);
    setServerErrors(refused ?? {});
    if (refused) focusFirstInvalid(formRef.current);
  }

  return (
    <form ref={formRef} className="form post-form" noValidate onSubmit={handleSubmit} aria-busy={submitting}>
      {currentImage}
      <FormField label="Image" error={errorOf('image')}>
        {(control) => (
          <>
            <input
              {...control}
              className="form-input"
              type="file"
              name="image"
              accept={IMAGE_INPUT_ACCEPT}
              onChange={(event) => {
                setImage(event.currentTarget.files?.[0] ?? null);
                forgetServerError('image');
              }}
            />
            <ImagePreview file={image} />
          </>
        )}
      </FormField>
      <FormField label="Title" error={errorOf('title')}>
        {(control) => (
          <input
            {...control}
            className="form-input"
            type="text"
            name="title"
            autoComplete="off"
            value={values.title}
            onChange={(event) => change('title', event.currentTarget.value)}
          />
        )}
      </FormField>
      <FormField label="Subtitle" error={errorOf('subtitle')}>
        {(control) => (
          <input
            {...control}
            className="form-input"
            type="text"
            name="subtitle"
            autoComplete="off"
            value={values.subtitle}
            onChange={(event) => change('subtitle', event.currentTarget.value)}
          />
        )}
      </FormField>
      {/* A contenteditable area cannot be a <label>'s control: it is named by aria-labelledby. */}
      <div className="form-field">
        <span id={contentLabelId} className="form-label" onClick={() => document.getElementById(contentId)?.focus()}>
          Content
        </span>
        <LazyRichTextEditor
          id={contentId}
          initialHtml={initialValues.content}
          onChange={(html) => change('content', html)}
          labelledBy={contentLabelId}
          describedBy={errorOf('content') ? contentErrorId : undefined}
          invalid={Boolean(errorOf('content'))}
        />
        {errorOf('content') && (
          <p id={contentErrorId} className="form-field-error">
            {errorOf('content')}
          </p>
        )}
      </div>
      <FormField label="Category" error={errorOf('category')}>
        {(control) => (
          <select
            {...control}
            className="form-input"
            name="category"
            value={values.category}
            onChange={(event) => change('category', event.currentTarget.value)}
          >
            <option value="">Choose a category</option>
            {CATEGORY_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="form-actions">
        <button className="button" type="submit" disabled={submitting}>
          Submit
        </button>
        {onCancel && (
          <button className="button post-form-cancel" type="button" onClick={onCancel} disabled={submitting}>
            Cancel
          </button>
        )}
        {submitting && <Spinner label={busyLabel} />}
      </div>
    </form>
  );
}

/** The picked picture, when its name says it is one the server takes. */
function ImagePreview({ file }: { file: File | null }) {
  const url = useMemo(() => (file && hasImageExtension(file.name) ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ? <img className="post-form-preview" src={url} alt="The picked image" /> : null;
}
