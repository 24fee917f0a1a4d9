// A date as the reader reads dates: in their own locale and time zone. The server cannot know
// either, so it writes the date in the site's time zone (its settings; UTC unless the author chose
// another), US English, and the browser's first render (hydration) does the same; the render after
// it shows the reader's own format.
import { formatDate, formatDateTime, formatServerDate, formatSiteDateTime } from '../lib/format-date';
import { useHydrated } from '../lib/hydration';
import { useSite } from '../lib/site';

/** withTime adds the time to the minute: for what happens several times a day (a post's saves). */
export function LocalDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const hydrated = useHydrated();
  const timeZone = useSite()?.timeZone;
  // On a page without the app, islands/local-date.ts writes the reader's format in place.
  const island = { 'data-island': 'local-date', 'data-with-time': withTime ? '' : undefined };
  if (!hydrated)
    return (
      <time dateTime={iso} {...island}>
        {withTime ? formatSiteDateTime(iso, timeZone) : formatServerDate(iso, timeZone)}
      </time>
    );
  return (
    <time dateTime={iso} {...island}>
      {withTime ? formatDateTime(iso) : formatDate(iso)}
    </time>
  );
}
