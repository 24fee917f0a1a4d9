// One labelled form control with its message underneath ("validation messages appear under their
// fields"). The control gets its id, aria-invalid and aria-describedby from the render prop, so a
// screen reader reads the message with the field.
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { IMAGE_INPUT_ACCEPT } from '../../lib/image-file';
import { Spinner } from '../spinner';
import './form.css';
import { SelectOptions } from './select-options';

export interface FormControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  /** The field's message, or nothing when it is fine. */
  error?: string;
  /** A line under the control that is always there (a live character count), read with it. */
  note?: ReactNode;
  children: (control: FormControlProps) => ReactNode;
}

export function FormField({ label, error, note, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const describedBy = [note ? noteId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {note && (
        <p id={noteId} className="form-hint">
          {note}
        </p>
      )}
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
  /** Shows a live "12 of 45 characters" under the field, in the error colour past the limit. */
  countTo?: { max: number; length: (value: string) => number };
  /** A line under the field that is always there, read with it (what a date-time is in). */
  hint?: ReactNode;
  onValueChange: (value: string) => void;
}

/** A labelled text input (text, email, password) with its message. */
export function TextField({ label, error, countTo, hint, onValueChange, ...input }: TextFieldProps) {
  const count = countTo ? countTo.length(input.value) : 0;
  const note = countTo ? (
    <span className={count > countTo.max ? 'form-count form-count-over' : 'form-count'}>
      {count} of {countTo.max} characters
    </span>
  ) : (
    hint
  );
  return (
    <FormField label={label} error={error} note={note}>
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
          <SelectOptions none={placeholder} options={options} />
        </select>
      )}
    </FormField>
  );
}

interface ImageFieldProps {
  /** The field's label and the input's name; "Image" and image by default. */
  label?: string;
  name?: string;
  error?: string;
  /** The picked file, when the form picks one itself (a picture kept from an earlier visit). */
  file?: File | null;
  onFile: (file: File | null) => void;
  /** Shown under the input: the picked picture's preview. */
  children?: ReactNode;
}

/** The "Image" file input, offering the picture types the server takes. */
export function ImageField({ label = 'Image', name = 'image', error, file, onFile, children }: ImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  // A file the form picked itself is shown by the input as if the author had chosen it.
  useEffect(() => {
    const input = inputRef.current;
    // Saved or removed: the input shows no file any more.
    if (input && !file && input.files?.length) input.value = '';
    if (!input || !file || input.files?.[0] === file) return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
  }, [file]);
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <>
          <input
            {...control}
            ref={inputRef}
            className="form-input"
            type="file"
            name={name}
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
