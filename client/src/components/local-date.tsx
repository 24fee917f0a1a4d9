// A date as the reader reads dates: in their own locale and time zone. The server cannot know
// either, so it writes the date in UTC, US English, and the browser's first render (hydration)
// does the same; the render after it shows the reader's own format.
import { formatDate, formatServerDate } from '../lib/format-date';
import { useHydrated } from '../lib/hydration';

export function LocalDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? formatDate(iso) : formatServerDate(iso)}</time>;
}
