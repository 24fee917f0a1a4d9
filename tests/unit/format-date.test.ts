// The date a rendered page shows until it is hydrated: written out by hand, it must read exactly
// as US English in UTC would in its medium style ("Nov 21, 2026": no numeric date to misread).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatServerDate,
  formatServerTime,
  formatSiteDateTime,
  prepareReaderDates,
} from '../../client/src/lib/format-date.ts';

const DATES = [
  '2026-11-25T09:26:00.000Z',
  '2026-01-05T00:00:00.000Z',
  '2025-12-31T23:59:59.999Z',
  '2024-02-29T12:00:00+14:00',
  '1999-07-04T18:30:00-07:00',
];

describe('formatServerDate', () => {
  it.each(DATES)('writes %s as US English in UTC does', (iso) => {
    expect(formatServerDate(iso)).toBe(
      new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'medium' }),
    );
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatServerDate('not a date')).toBe('');
  });

  // The site's time zone (its settings, issue 36): a late evening in UTC is the next day in Tokyo.
  it("writes the date in the site's own time zone, with the time and the zone's name", () => {
    expect(formatServerDate('2026-11-25T20:30:00.000Z', 'Asia/Tokyo')).toBe('Nov 26, 2026');
    expect(formatServerTime('2026-11-25T20:30:00.000Z', 'Asia/Tokyo')).toBe('05:30 GMT+9');
    expect(formatServerTime('2026-11-25T20:30:00.000Z')).toBe('20:30 UTC');
    expect(formatSiteDateTime('2026-11-25T20:30:00.000Z', 'Asia/Tokyo')).toBe('Nov 26, 2026, 05:30 GMT+9');
  });
});

// A reader of US English gets the date written out in their own time zone, without the browser's
// date format (60 to 70 ms of a page's main thread to make): it must read exactly as that format.
describe('formatDate for a reader of US English', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    vi.unstubAllGlobals();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata', 'UTC'])(
    'writes each date as US English does in %s',
    (timeZone) => {
      vi.stubGlobal('navigator', { language: 'en-US' });
      process.env.TZ = timeZone;
      for (const iso of DATES) {
        expect(formatDate(iso), iso).toBe(new Date(iso).toLocaleDateString('en-US', { timeZone, dateStyle: 'medium' }));
      }
    },
  );

  it('asks the browser for its format only for another language', () => {
    vi.stubGlobal('navigator', { language: 'en' });
    expect(prepareReaderDates()).toBeUndefined();
    vi.stubGlobal('navigator', { language: 'en-GB' });
    expect(prepareReaderDates()).toBeInstanceOf(Intl.DateTimeFormat);
    expect(prepareReaderDates()?.resolvedOptions().dateStyle).toBe('medium');
  });
});
