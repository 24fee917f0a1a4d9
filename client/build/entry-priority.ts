// A Vite plugin that asks for the app's entry script at low priority. The public pages come
// rendered from the server, so the reader sees them before any script has run: the stylesheet and
// the pictures in view go first, and the script that makes the page interactive comes behind them
// instead of sharing the first round trips with them (it still starts at once, and runs once the
// page is parsed, as every module script does).
import type { Plugin } from 'vite';

export function entryPriority(): Plugin {
  return {
    name: 'entry-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"'),
    },
  };
}
