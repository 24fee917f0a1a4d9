// The "Content" field of the post and page editors: the rich-text editor with its visible label and
// its message underneath. A contenteditable area cannot be a <label>'s control: it is named by
// aria-labelledby, and a click on the label focuses it.
import { useId, type ReactNode } from 'react';
import { LazyRichTextEditor, type RichTextEditorProps } from '../rich-text-editor/lazy-rich-text-editor';

interface RichTextFieldProps extends Pick<
  RichTextEditorProps,
  'initialHtml' | 'onChange' | 'placeholder' | 'onUploadPicture'
> {
  label: string;
  error: string | undefined;
  /** Shown between the editor and its message (the post form's list of the text's pictures). */
  children?: ReactNode;
}

export function RichTextField({ label, error, children, ...editor }: RichTextFieldProps) {
  const labelId = useId();
  const editorId = useId();
  const errorId = useId();
  return (
    <div className="form-field">
      <span id={labelId} className="form-label" onClick={() => document.getElementById(editorId)?.focus()}>
        {label}
      </span>
      <LazyRichTextEditor
        {...editor}
        id={editorId}
        labelledBy={labelId}
        describedBy={error ? errorId : undefined}
        invalid={Boolean(error)}
      />
      {children}
      {error && (
        <p id={errorId} className="form-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
