// "Publish at" is wall-clock time in the site's zone (kernel/zoned-time.ts): the instant it names,
// the wall time an instant shows, and the nights the clocks change, whatever zone this process is in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instantOfWallTime, knownTimeZone, skippedTimeMessage, wallTimeOf } from '../../kernel/zoned-time.ts';

const iso = (wallTime: string, timeZone: string) => instantOfWallTime(wallTime, timeZone).date?.toISOString();

describe('wall-clock time in a zone', () => {
  // The browser's own zone must not matter: this process is put far from every zone read below.
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'Pacific/Kiritimati';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('reads a wall time in the zone given, and shows an instant there', () => {
    expect(iso('2026-11-29T09:00', 'Europe/Paris')).toBe('2026-11-29T08:00:00.000Z');
    expect(iso('2026-07-01T09:00', 'Europe/Paris')).toBe('2026-07-01T07:00:00.000Z');
    expect(iso('2026-11-29T09:00', 'UTC')).toBe('2026-11-29T09:00:00.000Z');
    expect(iso('2026-11-29T09:00', 'Asia/Kolkata')).toBe('2026-11-29T03:30:00.000Z');
    expect(iso('2026-11-29T09:00', 'America/Los_Angeles')).toBe('2026-11-29T17:00:00.000Z');
    expect(wallTimeOf('2026-11-29T08:00:00.000Z', 'Europe/Paris')).toBe('2026-11-29T09:00');
    expect(wallTimeOf(new Date('2026-11-29T03:30:00.000Z'), 'Asia/Kolkata')).toBe('2026-11-29T09:00');
    expect(wallTimeOf('2026-11-29T09:00:00.000Z', 'UTC')).toBe('2026-11-29T09:00');
    expect(wallTimeOf(null, 'UTC')).toBe('');
  });

  it('refuses a time the clocks skip, and takes the earlier of a time they show twice', () => {
    // Europe/Paris, 29 March 2026: 02:00 becomes 03:00.
    expect(instantOfWallTime('2026-03-29T02:30', 'Europe/Paris')).toEqual({ date: null, problem: 'skipped' });
    expect(iso('2026-03-29T01:59', 'Europe/Paris')).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('2026-03-29T03:00', 'Europe/Paris')).toBe('2026-03-29T01:00:00.000Z');
    expect(instantOfWallTime('2026-03-08T02:30', 'America/New_York').problem).toBe('skipped');
    expect(skippedTimeMessage('Europe/Paris')).toBe(
      'There is no such time in Europe/Paris: the clocks skip it. Choose another time',
    );
    // Europe/Paris, 25 October 2026: 03:00 becomes 02:00 again; 02:30 is first at 00:30 UTC.
    expect(iso('2026-10-25T02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
    expect(wallTimeOf('2026-10-25T01:30:00.000Z', 'Europe/Paris')).toBe('2026-10-25T02:30');
    expect(iso('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('refuses what names no time anywhere, and falls back to UTC for a zone this runtime lacks', () => {
    for (const wallTime of ['', 'tomorrow', '2026-02-31T09:00', '2026-11-29T24:30', '2026-11-29T09:60']) {
      expect(instantOfWallTime(wallTime, 'Europe/Paris'), wallTime).toEqual({ date: null, problem: 'unreadable' });
    }
    expect(instantOfWallTime('2026-11-29T09:00', 'Mars/Olympus_Mons').problem).toBe('unreadable');
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(knownTimeZone(undefined)).toBe('UTC');
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});
