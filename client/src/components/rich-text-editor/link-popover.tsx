// The link form under the toolbar: the address, Apply, Remove link (on a link) and Cancel. Not a
// <form>: the editor sits inside the post form, and forms cannot nest; Enter applies, Escape cancels.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { parseLinkInput } from './link-url';

interface LinkPopoverProps {
  /** The address of the link being changed; empty for a new link. */
  initialUrl: string;
  onApply: (url: string) => void;
  /** Shown only when changing an existing link. */
  onRemove?: () => void;
  onCancel: () => void;
}

export function LinkPopover({ initialUrl, onApply, onRemove, onCancel }: LinkPopoverProps) {
  const [value, setValue] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const apply = () => {
    const parsed = parseLinkInput(value);
    if ('error' in parsed) {
      setError(parsed.error);
      inputRef.current?.focus();
      return;
    }
    onApply(parsed.url);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && event.target === inputRef.current) {
      // Not the post form's submit: Enter here applies the link.
      event.preventDefault();
      apply();
    }
  };

  return (
    <div className="rte-link-popover" role="dialog" aria-labelledby={titleId} onKeyDown={handleKeyDown}>
      <p className="rte-link-title" id={titleId}>
        {initialUrl ? 'Edit link' : 'Add a link'}
      </p>
      <label className="rte-link-label" htmlFor={inputId}>
        Link address
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="rte-link-input"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com"
        value={value}
        // The dialog opens to type an address.
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hintId} ${errorId}`}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          if (error) setError(null);
        }}
      />
      <p className="rte-link-hint" id={hintId}>
        A web address (http:// or https://) or an e-mail address.
      </p>
      <p className="rte-link-error" id={errorId} role="alert">
        {error}
      </p>
      <div className="rte-link-actions">
        <button type="button" className="button" onClick={apply}>
          Apply
        </button>
        {onRemove && (
          <button type="button" className="button button-secondary" onClick={onRemove}>
            Remove link
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
