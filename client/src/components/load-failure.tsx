// A list that could not be loaded: what happened, in plain words (lib/error-message.ts), announced as
// it appears, and a Try again button that asks the server again in place, without reloading the page.
import { useState } from 'react';
import { loadFailureWords } from '../lib/error-message';
import './load-failure.css';

interface LoadFailureProps {
  error: unknown;
  /** What was being loaded, as it reads in a sentence: 'the posts'. */
  what: string;
  /** Asks again; the screen shows the new answer (or this again) when it arrives. */
  onRetry: () => Promise<unknown>;
}

export function LoadFailure({ error, what, onRetry }: LoadFailureProps) {
  const [retrying, setRetrying] = useState(false);

  function retry() {
    setRetrying(true);
    // A failed retry shows as the screen's error again, from the query's own state.
    onRetry()
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  }

  return (
    <div className="load-failure">
      <p className="error-message" role="alert">
        {loadFailureWords(error, what)}
      </p>
      <button className="button" type="button" onClick={retry} disabled={retrying} aria-busy={retrying}>
        Try again
      </button>
    </div>
  );
}
