// The date a rendered page shows until it is hydrated: written out by hand, it must read exactly
// as US English in UTC would in its medium style ("Nov 21, 2026": no numeric date to misread).
import { describe, expect, it } from 'vitest';
import { formatServerDate } from '../../client/src/lib/format-date.ts';

describe('formatServerDate', () => {
  it.each([
    '2026-11-25T09:26:00.000Z',
    '2026-01-05T00:00:00.000Z',
    '2025-12-31T23:59:59.999Z',
    '2024-02-29T12:00:00+14:00',
    '1999-07-04T18:30:00-07:00',
  ])('writes %s as US English in UTC does', (iso) => {
    expect(formatServerDate(iso)).toBe(
      new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'medium' }),
    );
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatServerDate('not a date')).toBe('');
  });
});
