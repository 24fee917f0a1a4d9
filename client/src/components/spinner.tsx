// The shared loading indicator: a dark grey oval spinner, 80 by 80, wherever a screen waits.
import './spinner.css';

interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
}

export function Spinner({ label = 'Loading' }: SpinnerProps) {
  return (
    <div className="spinner" role="status" aria-label={label}>
      <svg width="80" height="80" viewBox="0 0 80 80" aria-hidden="true" focusable="false">
        <ellipse className="spinner-track" cx="40" cy="40" rx="34" ry="34" />
        <path className="spinner-arc" d="M40 6a34 34 0 0 1 34 34" />
      </svg>
    </div>
  );
}
