// Wall-clock time in a named time zone and the instant it names: the post editor's "Publish at" is
// read and shown in the site's time zone (its settings, issue 36), not the browser's, so an author
// abroad, or a browser set to another zone, still schedules at the site's 09:00. The API takes and
// gives instants (ISO 8601 with its offset); only this translation knows about zones.
//
// The zone's offsets come from @date-fns/tz's tzOffset (the runtime's own zone data through Intl,
// a few hundred bytes). Around a change of the clocks a wall time can name no instant or two:
// - a time the clocks skip (02:30 on the night summer time starts in Europe) is REFUSED with
//   skippedTimeMessage(), not moved to 03:30: a post out at another time than the one the author
//   typed, unseen, is worse than being asked to choose again;
// - a time the clocks show twice (02:30 on the night summer time ends) is the EARLIER instant, the
//   first time the clock reads it (as Temporal's 'compatible' choice and a Date read in its own zone
//   do). The editor then shows the time with the zone's short name (…, 02:30 GMT+2), so which of the
//   two it is can be seen.
import { tzOffset } from '@date-fns/tz/tzOffset';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A datetime-local input's value: 2026-11-29T09:00 (seconds, if a browser adds them, are kept). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** What a wall time names in a zone: the instant, or why there is none. */
export type ZonedInstant = { date: Date; problem?: never } | { date: null; problem: 'unreadable' | 'skipped' };

/** The message for a wall time the zone's clocks skip (see the top of this file). */
export const skippedTimeMessage = (timeZone: string): string =>
  `There is no such time in ${timeZone}: the clocks skip it. Choose another time`;

/** The zone's offset from UTC at this instant, in minutes (Paris in winter: 60); NaN for a zone this runtime lacks. */
const offsetAt = (timeZone: string, time: number): number => tzOffset(timeZone, new Date(time));

/**
 * The zone itself when this runtime knows it, else UTC: the server checked the site's zone, but a
 * browser may lack one (older zone data); then the editor reads, shows and names UTC throughout,
 * never a mix.
 */
export function knownTimeZone(timeZone: string | null | undefined): string {
  return timeZone && Number.isFinite(offsetAt(timeZone, Date.now())) ? timeZone : 'UTC';
}

/** The wall time (as a datetime-local input holds it, to the minute) an instant shows in the zone; '' for none. */
export function wallTimeOf(instant: Date | string | null | undefined, timeZone: string): string {
  if (!instant) return '';
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) return '';
  const offset = offsetAt(timeZone, time);
  return Number.isFinite(offset) ? new Date(time + offset * MINUTE_MS).toISOString().slice(0, 16) : '';
}

/** The instant a wall time (a datetime-local value) names in the zone, by the rules at the top of this file. */
export function instantOfWallTime(wallTime: string, timeZone: string): ZonedInstant {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return { date: null, problem: 'unreadable' };
  const [year, month, day, hour, minute, second] = match.slice(1).map((figure) => Number(figure ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // The wall time's figures read as if in UTC; the instant is this less the zone's offset then.
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  // 2026-02-31 or 25:00: no such wall time anywhere.
  if (
    [check.getUTCMonth() + 1, check.getUTCDate(), check.getUTCHours(), check.getUTCMinutes()].join() !==
    [month, day, hour, minute].join()
  )
    return { date: null, problem: 'unreadable' };
  // The offsets in force within a day either side: a zone's offset is never more than a day from
  // UTC and changes at most once in such a span, so the instant is asUtc less one of these. Each
  // candidate counts only if the zone's clock really shows the wall time then.
  const offsets = new Set([asUtc - DAY_MS, asUtc, asUtc + DAY_MS].map((time) => offsetAt(timeZone, time)));
  if ([...offsets].some((offset) => !Number.isFinite(offset))) return { date: null, problem: 'unreadable' };
  const instants = [...offsets]
    .map((offset) => asUtc - offset * MINUTE_MS)
    .filter((time) => time + offsetAt(timeZone, time) * MINUTE_MS === asUtc)
    .sort((a, b) => a - b);
  return instants.length > 0 ? { date: new Date(instants[0]!) } : { date: null, problem: 'skipped' };
}
