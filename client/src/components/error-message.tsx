// A screen's error, announced as it appears: a failed request's words (lib/error-message.ts: the
// server's message when it sent one, otherwise the client's text), or a message of the screen's own.
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/error-message';

type ErrorMessageProps = { error: unknown; children?: never } | { error?: never; children: ReactNode };

export function ErrorMessage({ error, children }: ErrorMessageProps) {
  return (
    <p className="error-message" role="alert">
      {children ?? errorMessage(error)}
    </p>
  );
}
