// The header's Menu, a <details> that opens and closes without script (docs/decisions/043): Escape
// closes it and gives the focus back to its summary. On a wide screen the summary is hidden and the
// links always show: nothing to close. The element is the <nav> around the <details>; the app's
// header runs this too (site-header.tsx).
import type { Island } from './island';

const menuIsland: Island = (element) => {
  function closeOnEscape(event: KeyboardEvent) {
    const menu = element.querySelector('details');
    const summary = menu?.querySelector('summary');
    if (event.key !== 'Escape' || !menu?.open || !summary?.checkVisibility()) return;
    menu.open = false;
    summary.focus();
  }
  element.addEventListener('keydown', closeOnEscape);
  return () => element.removeEventListener('keydown', closeOnEscape);
};

export default menuIsland;
