// The zone the post editor's "Publish at" is read and shown in: the site's (its settings, issue 36),
// not the browser's, so every author schedules by the same clock (kernel/zoned-time.ts).
import { knownTimeZone } from '#kernel/zoned-time.ts';
import { useSite } from '../../lib/site';

/** The site's time zone (UTC if this browser lacks it), or undefined until the site's settings are known. */
export function useSiteTimeZone(): string | undefined {
  const site = useSite();
  return site ? knownTimeZone(site.timeZone) : undefined;
}
