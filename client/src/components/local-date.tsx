// A date as the reader reads dates: in their own locale and time zone. The server cannot know
// either, so it writes the date in UTC, US English, and the browser's first render (hydration)
// does the same; the render after it shows the reader's own format.
import { formatDate, formatDateTime, formatServerDate } from '../lib/format-date';
import { useHydrated } from '../lib/hydration';

/** withTime adds the time to the minute: for what happens several times a day (a post's saves). */
export function LocalDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const hydrated = useHydrated();
  if (!hydrated)
    return (
      <time dateTime={iso}>
        {withTime ? `${formatServerDate(iso)}, ${iso.slice(11, 16)} UTC` : formatServerDate(iso)}
      </time>
    );
  return <time dateTime={iso}>{withTime ? formatDateTime(iso) : formatDate(iso)}</time>;
}
