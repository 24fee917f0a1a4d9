// One labelled form control with its message underneath ("validation messages appear under their
// fields"). The control gets its id, aria-invalid and aria-describedby from the render prop, so a
// screen reader reads the message with the field.
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { IMAGE_INPUT_ACCEPT } from '../../lib/image-file';
import { Spinner } from '../spinner';
import './form.css';

export interface FormControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  /** The field's message, or nothing when it is fine. */
  error?: string;
  children: (control: FormControlProps) => ReactNode;
}

export function FormField({ label, error, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="form-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'> {
  label: string;
  name: string;
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
}

/** A labelled text input (text, email, password) with its message. */
export function TextField({ label, error, onValueChange, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <input
          {...control}
          className="form-input"
          type="text"
          {...input}
          onChange={(event) => onValueChange(event.currentTarget.value)}
        />
      )}
    </FormField>
  );
}

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  error?: string;
  /** The first option's text, chosen until the user picks one (its value is ''). */
  placeholder: string;
  /** Each option's value and text. */
  options: ReadonlyArray<readonly [value: string, text: string]>;
  onValueChange: (value: string) => void;
}

/** A labelled select with a "Choose a ..." first option, and its message. */
export function SelectField({ label, error, placeholder, options, onValueChange, ...select }: SelectFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <select
          {...control}
          className="form-input"
          {...select}
          onChange={(event) => onValueChange(event.currentTarget.value)}
        >
          <option value="">{placeholder}</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

interface ImageFieldProps {
  error?: string;
  /** The picked file, when the form picks one itself (a picture kept from an earlier visit). */
  file?: File | null;
  onFile: (file: File | null) => void;
  /** Shown under the input: the picked picture's preview. */
  children?: ReactNode;
}

/** The "Image" file input, offering the picture types the server takes. */
export function ImageField({ error, file, onFile, children }: ImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  // A file the form picked itself is shown by the input as if the author had chosen it.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || !file || input.files?.[0] === file) return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
  }, [file]);
  return (
    <FormField label="Image" error={error}>
      {(control) => (
        <>
          <input
            {...control}
            ref={inputRef}
            className="form-input"
            type="file"
            name="image"
            accept={IMAGE_INPUT_ACCEPT}
            onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
          />
          {children}
        </>
      )}
    </FormField>
  );
}

interface FormActionsProps {
  /** The submit button's text. */
  submitLabel: string;
  busy: boolean;
  /** What the spinner says while the request runs. */
  busyLabel: string;
  /** More buttons after the submit button (Cancel). */
  children?: ReactNode;
}

/** The submit button, disabled while the form sends, and the spinner beside it. */
export function FormActions({ submitLabel, busy, busyLabel, children }: FormActionsProps) {
  return (
    <div className="form-actions">
      <button className="button" type="submit" disabled={busy}>
        {submitLabel}
      </button>
      {children}
      {busy && <Spinner label={busyLabel} />}
    </div>
  );
}

/** Moves focus to the first control of `form` marked invalid, after the messages have rendered. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
