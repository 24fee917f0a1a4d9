// The focal point's scale and cut: the classes a page names for a point, and where a link preview's
// box is cut so the point stays in view as near the middle as the picture's edges allow.
import { describe, expect, it } from 'vitest';
import { focusClassName, focusOffset, focusPercent, keepsWhole } from '#kernel/focal-point.ts';
import { focusOfValue, focusValue } from '../../client/src/features/post-editor/post-form-values.ts';

describe('the focal point', () => {
  it('is named by one class per axis on a 5 % scale; the middle needs none', () => {
    expect(focusClassName(0.5, 0.5)).toBeUndefined();
    expect(focusClassName(0.52, 0.49)).toBeUndefined();
    expect(focusClassName(0.1, 0.9)).toBe('focus-x-10 focus-y-90');
    expect(focusClassName(0, 1)).toBe('focus-x-0 focus-y-100');
    expect(focusClassName(0.333, 0.876)).toBe('focus-x-35 focus-y-90');
    expect(focusPercent(-1)).toBe(0);
    expect(focusPercent(7)).toBe(100);
  });

  it("cuts a box around the point, kept inside the picture's edges", () => {
    // 2 520 px wide scaled picture, 1 200 px box.
    expect(focusOffset(2520, 1200, 0.5)).toBe(660);
    expect(focusOffset(2520, 1200, 0.1)).toBe(0);
    expect(focusOffset(2520, 1200, 0.9)).toBe(1320);
    expect(focusOffset(2520, 1200, 0.3)).toBe(156);
    // A picture exactly the box's size is not cut.
    expect(focusOffset(630, 630, 0.9)).toBe(0);
  });

  it("travels through the editor's form as text, and anything else is no point", () => {
    expect(focusValue(0.12, 0.88)).toBe('0.1,0.9');
    expect(focusOfValue('0.1,0.9')).toEqual({ focusX: 0.1, focusY: 0.9 });
    expect(focusOfValue('')).toBeNull();
    expect(focusOfValue('0.5')).toBeNull();
    expect(focusOfValue('2,0.5')).toBeNull();
    expect(focusOfValue('0.1,0.2,0.3')).toBeNull();
    expect(focusOfValue('a,b')).toBeNull();
  });

  it('shows a portrait picture whole unless its author chose a part of it', () => {
    const middle = { focusX: 0.5, focusY: 0.5 };
    expect(keepsWhole({ width: 600, height: 900, ...middle })).toBe(true);
    expect(keepsWhole({ width: 600, height: 900, focusX: 0.5, focusY: 0.2 })).toBe(false);
    expect(keepsWhole({ width: 900, height: 900, ...middle })).toBe(false);
    expect(keepsWhole({ width: 1600, height: 900, ...middle })).toBe(false);
  });
});
