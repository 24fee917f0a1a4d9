// The one script of a reading page for a reader who is not signed in (docs/decisions/051): the page
// is the server's HTML, never hydrated; this finds every element marked data-island="<name>" and runs
// ./<name>.ts on it. Adding an island is a file of that name (its default export an Island) and one
// line below. The signed-in author gets the full app instead (client-files.ts decides), which uses
// some of these functions itself (the menu, the carousel).
import type { Island } from './island';

const ISLANDS: Record<string, () => Promise<{ default: Island }>> = {
  menu: () => import('./menu'),
  'theme-toggle': () => import('./theme-toggle'),
  'search-box': () => import('./search-box'),
  'search-link': () => import('./search-link'),
  carousel: () => import('./carousel'),
  'local-date': () => import('./local-date'),
  'go-back': () => import('./go-back'),
  'comment-form': () => import('./comment-form'),
};

/** Runs the islands found under `root`; one that fails is logged and leaves its markup as it was. */
export async function startIslands(root: ParentNode = document): Promise<void> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  await Promise.all(
    elements.map(async (element) => {
      const name = element.dataset.island!;
      const load = ISLANDS[name];
      if (!load) {
        console.warn(`No island is called ${name}`);
        return;
      }
      try {
        (await load()).default(element);
      } catch (error) {
        console.warn(`The ${name} island failed; its element works as plain HTML:`, error);
      }
    }),
  );
}

/** On <html> once every island of the page has run: the page is as interactive as it gets (tests wait for it). */
export const ISLANDS_STARTED_ATTRIBUTE = 'data-islands';

void startIslands().then(() => document.documentElement.setAttribute(ISLANDS_STARTED_ATTRIBUTE, 'started'));
