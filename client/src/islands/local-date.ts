// A date on a page the app does not run (components/local-date.tsx renders it): the server wrote it
// in the site's time zone, US English; the reader reads it in their own format and time zone, as
// the app shows it after hydration.
import { formatDate, formatDateTime } from '../lib/format-date';
import type { Island } from './island';

const localDateIsland: Island = (element) => {
  const iso = element.getAttribute('datetime');
  if (!iso) return;
  element.textContent = element.dataset.withTime === undefined ? formatDate(iso) : formatDateTime(iso);
};

export default localDateIsland;
