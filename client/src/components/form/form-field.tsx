// One labelled form control with its message underneath ("validation messages appear under their
// fields"). The control gets its id, aria-invalid and aria-describedby from the render prop, so a
// screen reader reads the message with the field.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
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

/** Moves focus to the first control of `form` marked invalid, after the messages have rendered. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
