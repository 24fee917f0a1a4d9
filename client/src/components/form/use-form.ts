// The one way a form runs here: its values; the rules the server applies too, checked on submit and
// then on every change; the server's own field messages after a refused request, each kept until
// its field changes; focus on the first field with a message; a busy state; and one request at a
// time, however fast the button is pressed.
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import type { FieldErrors } from '#kernel/api-errors.ts';
import { focusFirstInvalid } from './form-field';

type Messages = Partial<Record<string, string>>;

/** The fields of V that hold text. */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface FormOptions<V extends object, E extends Messages> {
  initialValues: V | (() => V);
  /** Every message for these values (the kernel's rules), by field; empty when they are fine. */
  validate: (values: V) => E;
  /** Sends valid values; resolves to the server's field messages when it refused them. */
  send: (values: V) => Promise<FieldErrors | undefined>;
}

export interface Form<V extends object, E extends Messages> {
  values: V;
  /** Replaces some values (and forgets the server's messages about them). */
  change: (next: Partial<V>) => void;
  /** Replaces every value, as after a save that the server normalized. */
  reset: (values: V) => void;
  /** The field's message: the client's rule first, else what the server said. */
  errorOf: (field: Extract<keyof E, string>) => string | undefined;
  /** Spread on a TextField: the text value `name` holds, its message and its change. */
  field: (name: TextField<V> & Extract<keyof E, string>) => {
    name: string;
    value: string;
    error: string | undefined;
    onValueChange: (value: string) => void;
  };
  busy: boolean;
  /** Spread on the <form>. */
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
    'aria-busy': boolean;
  };
}

export function useForm<V extends object, E extends Messages>({
  initialValues,
  validate,
  send,
}: FormOptions<V, E>): Form<V, E> {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // A second press before React re-renders the disabled button must not send twice.
  const sending = useRef(false);

  const clientErrors: Messages = submitted ? validate(values) : {};

  function change(next: Partial<V>) {
    setValues((current) => ({ ...current, ...next }));
    setServerErrors((current) => {
      const stale = Object.keys(next).filter((field) => field in current);
      if (stale.length === 0) return current;
      const rest = { ...current };
      for (const field of stale) delete rest[field];
      return rest;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setSubmitted(true);
    if (Object.keys(validate(values)).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    sending.current = true;
    setBusy(true);
    let refused: FieldErrors | undefined;
    try {
      refused = await send(values);
    } finally {
      sending.current = false;
      setBusy(false);
    }
    setServerErrors(refused ?? {});
    if (refused) focusFirstInvalid(formRef.current);
  }

  const errorOf = (field: string) => clientErrors[field] ?? serverErrors[field];
  return {
    values,
    change,
    reset: setValues,
    errorOf,
    field: (name) => ({
      name,
      value: values[name] as string,
      error: errorOf(name),
      onValueChange: (value) => change({ [name]: value } as Partial<V>),
    }),
    busy,
    formProps: { ref: formRef, noValidate: true, onSubmit, 'aria-busy': busy },
  };
}
