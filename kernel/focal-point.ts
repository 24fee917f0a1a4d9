// A picture's focal point: the spot (0 to 1 from the left, 0 to 1 from the top) that stays in view
// when the picture is cut to a box of another shape: a card's 16:9, a 'Currently' card's 4:5, a
// link preview's 1.91:1. The server checks it, the editor's picker sets it, and both the pages the
// server renders and the client name it with the same classes.
//
// The content security policy refuses style attributes in the HTML, so a page cannot say
// `object-position: 30% 70%` inline: it names one class per axis, in steps of FOCUS_STEP percent,
// and the stylesheet (client/src/app/focal-point.css) maps each class to the position.

/** The picture's middle: where a browser puts a cut when nothing else is said. */
export const CENTRE_FOCUS = 0.5;

/** The classes' step, in percent: finer than a reader can tell on a card, 21 classes per axis. */
export const FOCUS_STEP = 5;

/** The field error of a focal point outside the picture (posts' and cards' alike). */
export const FOCUS_OUTSIDE_MESSAGE = 'The focal point must be inside the picture';

/** True for a focal point coordinate: a number from 0 to 1. */
export function isFocusCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
}

/**
 * A write's focal point, checked: null when neither coordinate is sent (the stored one, or the middle
 * of a new picture, stays), the point when both are coordinates, and otherwise the field error.
 */
export function checkFocus(
  focusX: number | null | undefined,
  focusY: number | null | undefined,
): { focus: { focusX: number; focusY: number } | null; error?: string } {
  if ((focusX === null || focusX === undefined) && (focusY === null || focusY === undefined)) return { focus: null };
  if (!isFocusCoordinate(focusX) || !isFocusCoordinate(focusY)) return { focus: null, error: FOCUS_OUTSIDE_MESSAGE };
  return { focus: { focusX, focusY } };
}

/** A focal point as a form holds it: "x,y", each 0 to 1 on the classes' scale. */
export function focusValue(focusX: number, focusY: number): string {
  return `${focusPercent(focusX) / 100},${focusPercent(focusY) / 100}`;
}

/** The focal point a form value names, or null when it names none (or is not one). */
export function focusOfValue(value: string): { focusX: number; focusY: number } | null {
  const [x, y, ...rest] = value.split(',').map(Number);
  return rest.length === 0 && isFocusCoordinate(x) && isFocusCoordinate(y) ? { focusX: x, focusY: y } : null;
}

/** A coordinate as a whole percent on the classes' scale (0, 5, ... 100). */
export function focusPercent(value: number): number {
  const clamped = Math.min(1, Math.max(0, value));
  return Math.round((clamped * 100) / FOCUS_STEP) * FOCUS_STEP;
}

/**
 * The classes that move a cut picture's visible part to its focal point (`focus-x-30 focus-y-70`),
 * or undefined for the middle, where the cut already is.
 */
export function focusClassName(focusX: number, focusY: number): string | undefined {
  const x = focusPercent(focusX);
  const y = focusPercent(focusY);
  if (x === 50 && y === 50) return undefined;
  return `focus-x-${x} focus-y-${y}`;
}

/**
 * Whether a picture is shown whole (scaled down to fit its box) rather than cut to fill it: a portrait
 * picture (a book's or an anime's cover) whose author set no focal point. Cut blindly to a card's
 * 16:9 box, it would keep a strip of a third of its height, often not enough to recognise it.
 */
export function keepsWhole(image: { width: number; height: number; focusX: number; focusY: number }): boolean {
  return image.height > image.width && focusClassName(image.focusX, image.focusY) === undefined;
}

/**
 * Where to cut a box of `box` pixels out of a picture scaled to cover it (`scaled` pixels, at least
 * as large as the box on both axes) so that the focal point is as near the box's middle as the
 * picture's edges allow: the left or top offset, in pixels, on one axis.
 */
export function focusOffset(scaled: number, box: number, focus: number): number {
  const wanted = Math.round(scaled * focus - box / 2);
  return Math.min(Math.max(0, wanted), Math.max(0, scaled - box));
}
