// A picture's focal point (a post's cover, a 'Currently' card's picture): the author clicks the part
// of the picture that must stay in view when it is cut to another shape (a card's 16:9 or 4:5, a
// link preview's 1.91:1), or moves it with the arrow keys, and sees at once the picture as cards will
// show it. The marker and the card are placed with the
// same classes the public pages use (kernel/focal-point.ts): what the author sees is what readers get.
import { useEffect, useId, useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import {
  CENTRE_FOCUS,
  FOCUS_STEP,
  focusClassName,
  focusOfValue,
  focusPercent,
  focusValue,
} from '#kernel/focal-point.ts';
import { hasImageExtension } from '#kernel/image-rules.ts';
import './focal-point-field.css';

export interface Picture {
  src: string;
  srcSet?: string;
}

interface FocalPointFieldProps {
  picture: Picture;
  /** The form's value (focusValue() of kernel/focal-point.ts); empty: the middle. */
  value: string;
  onChange: (value: string) => void;
  /** The shape the picture is cut to: a post card's 16:9 (wide) or a 'Currently' card's 4:5 (tall). */
  shape?: 'wide' | 'tall';
  /** What the field is called, when a form has more than one picture (the site settings'). */
  label?: string;
}

const ARROW_STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function FocalPointField({
  picture,
  value,
  onChange,
  shape = 'wide',
  label = 'Focal point',
}: FocalPointFieldProps) {
  const hintId = useId();
  const { focusX, focusY } = focusOfValue(value) ?? { focusX: CENTRE_FOCUS, focusY: CENTRE_FOCUS };
  const placed = focusClassName(focusX, focusY) ?? 'focus-x-50 focus-y-50';
  const where = `${focusPercent(focusX)}% from the left, ${focusPercent(focusY)}% from the top`;

  function pick(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    // A click by keyboard (Enter, Space) has no position: it leaves the point where it is.
    if (event.detail === 0 || box.width === 0 || box.height === 0) return;
    const x = (event.clientX - box.left) / box.width;
    const y = (event.clientY - box.top) / box.height;
    onChange(focusValue(Math.min(1, Math.max(0, x)), Math.min(1, Math.max(0, y))));
  }

  function move(event: KeyboardEvent<HTMLButtonElement>) {
    const step = ARROW_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const by = (FOCUS_STEP / 100) * (event.shiftKey ? 4 : 1);
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    onChange(focusValue(clamp(focusX + step[0] * by), clamp(focusY + step[1] * by)));
  }

  return (
    <div className="form-field focal-point-field">
      <span className="form-label">{label}</span>
      <p id={hintId} className="form-hint">
        Click the part of the picture that must stay in view when it is cut to a card&rsquo;s shape (or use the arrow
        keys).
      </p>
      <div className="focal-point-views">
        <div className="focal-point-picker">
          <img className="focal-point-picture" src={picture.src} srcSet={picture.srcSet} sizes="20rem" alt="" />
          <button
            type="button"
            className="focal-point-target"
            aria-label={`${label}: ${where}`}
            aria-describedby={hintId}
            onClick={pick}
            onKeyDown={move}
          />
          <span className={`focal-point-marker ${placed}`} aria-hidden="true" />
        </div>
        <figure className={shape === 'tall' ? 'focal-point-card focal-point-card-tall' : 'focal-point-card'}>
          <img
            className={`focal-point-card-picture ${focusClassName(focusX, focusY) ?? ''}`}
            src={picture.src}
            srcSet={picture.srcSet}
            sizes="14rem"
            alt="The picture as cards show it"
          />
          <figcaption>As cards show it</figcaption>
        </figure>
      </div>
    </div>
  );
}

/** An address for a picked picture the form shows before it is sent, when its name says it is one the server takes. */
export function usePickedImageUrl(file: File | null): string | null {
  const url = useMemo(() => (file && hasImageExtension(file.name) ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
