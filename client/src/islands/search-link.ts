// The header's search link (/blog#search) on a page the app does not run: on a page that has the box
// already it goes nowhere, and the cursor moves into the box with the keyword there selected, as in
// the app (app/layout/search-link.tsx). Elsewhere it is the plain link it is without script.
import type { Island } from './island';

const searchLinkIsland: Island = (element) => {
  function focusBoxInPlace(event: MouseEvent) {
    const id = new URL((element as HTMLAnchorElement).href).hash.slice(1);
    const box = document.getElementById(id);
    if (!(box instanceof HTMLInputElement)) return;
    event.preventDefault();
    box.focus();
    box.select();
  }
  element.addEventListener('click', focusBoxInPlace);
  return () => element.removeEventListener('click', focusBoxInPlace);
};

export default searchLinkIsland;
