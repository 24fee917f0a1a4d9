// The post form of /new and /blog/{id}/edit: image, title, subtitle, rich content, category, Submit
// (and Cancel when editing). Messages appear under their fields, as every form here runs
// (components/form/use-form.ts).
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { hasImageExtension } from '#kernel/image-rules.ts';
import type { PostFieldErrors } from '#kernel/post-rules.ts';
import type { FieldErrors } from '#kernel/api-errors.ts';
import { FormActions, ImageField, SelectField, TextField } from '../../components/form/form-field';
import { useForm } from '../../components/form/use-form';
import { LazyRichTextEditor } from '../../components/rich-text-editor/lazy-rich-text-editor';
import { CATEGORY_OPTIONS, validatePostForm, type PostFormValues } from './post-form-values';
import './post-form.css';

type Values = PostFormValues & { image: File | null };

interface PostFormProps {
  initialValues: PostFormValues;
  /** New post: an image is required. Edit: none keeps the current one. */
  imageRequired: boolean;
  /** The post's current picture (edit), shown above the file input. */
  currentImage?: ReactNode;
  /** What the spinner says while the request runs. */
  busyLabel: string;
  /** Sends the post; resolves to the server's field messages when it refused it. */
  onSubmit: (values: PostFormValues, image: File | null) => Promise<FieldErrors | undefined>;
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
  const form = useForm<Values, PostFieldErrors>({
    initialValues: { ...initialValues, image: null },
    validate: (values) => validatePostForm(values, values.image, { imageRequired }),
    send: ({ image, ...values }) => onSubmit(values, image),
  });
  const { image, title, subtitle, content, category } = form.values;
  const contentLabelId = useId();
  const contentId = useId();
  const contentErrorId = useId();
  const contentError = form.errorOf('content');

  // What was typed (the new post's draft): the text and the category, not the file.
  useEffect(() => {
    onValuesChange?.({ title, subtitle, content, category });
  }, [title, subtitle, content, category, onValuesChange]);

  return (
    <form className="form post-form" {...form.formProps}>
      {currentImage}
      <ImageField error={form.errorOf('image')} onFile={(file) => form.change({ image: file })}>
        <ImagePreview file={image} />
      </ImageField>
      <TextField label="Title" autoComplete="off" {...form.field('title')} />
      <TextField label="Subtitle" autoComplete="off" {...form.field('subtitle')} />
      {/* A contenteditable area cannot be a <label>'s control: it is named by aria-labelledby. */}
      <div className="form-field">
        <span id={contentLabelId} className="form-label" onClick={() => document.getElementById(contentId)?.focus()}>
          Content
        </span>
        <LazyRichTextEditor
          id={contentId}
          initialHtml={initialValues.content}
          onChange={(html) => form.change({ content: html })}
          labelledBy={contentLabelId}
          describedBy={contentError ? contentErrorId : undefined}
          invalid={Boolean(contentError)}
        />
        {contentError && (
          <p id={contentErrorId} className="form-field-error">
            {contentError}
          </p>
        )}
      </div>
      <SelectField
        label="Category"
        placeholder="Choose a category"
        options={CATEGORY_OPTIONS}
        {...form.field('category')}
      />
      <FormActions submitLabel="Submit" busy={form.busy} busyLabel={busyLabel}>
        {onCancel && (
          <button className="button post-form-cancel" type="button" onClick={onCancel} disabled={form.busy}>
            Cancel
          </button>
        )}
      </FormActions>
    </form>
  );
}

/** The picked picture, when its name says it is one the server takes. */
function ImagePreview({ file }: { file: File | null }) {
  const url = useMemo(() => (file && hasImageExtension(file.name) ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ? <img className="post-form-preview" src={url} alt="The picked image" /> : null;
}
