// A checkbox of the editor saved at once, on its own, apart from the post's fields, so it never makes
// the form's save a conflict (the server leaves the post's version as it is): "Comments closed"
// (issue 38), "Send by e-mail" (issue 40).
import { useState } from 'react';
import { showApiError } from '../../lib/api-errors';
import { toast } from '../../lib/toast';

export interface PostSwitchFieldProps {
  className: string;
  label: string;
  /** The stored value; undefined while it loads (nothing is shown). */
  value: boolean | undefined;
  save: (next: boolean) => Promise<unknown>;
  /** What the toast says once saved. */
  saved: (next: boolean) => string;
}

export function PostSwitchField({ className, label, value, save, saved }: PostSwitchFieldProps) {
  // While it is being saved, the box shows what was asked (the stored value after, or again on failure).
  const [asked, setAsked] = useState<boolean | null>(null);
  const busy = asked !== null;
  const checked = asked ?? value;
  if (checked === undefined) return null;

  async function change(next: boolean) {
    setAsked(next);
    try {
      await save(next);
      toast.success(saved(next));
    } catch (failure) {
      showApiError(failure);
    } finally {
      setAsked(null);
    }
  }

  return (
    <p className={className}>
      <label>
        <input
          type="checkbox"
          checked={checked}
          disabled={busy}
          onChange={(event) => void change(event.currentTarget.checked)}
        />{' '}
        {label}
      </label>
    </p>
  );
}
