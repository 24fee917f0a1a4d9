// A Vite plugin that writes the theme's inline script (kernel/theme-rules.ts) at the top of
// index.html's head, before the stylesheets: every page, rendered on the server or not, then paints
// in the reader's remembered theme from the first frame.
import type { Plugin } from 'vite';
import { THEME_SCRIPT } from '#kernel/theme-rules.ts';

export function themeScript(): Plugin {
  return {
    name: 'theme-script',
    transformIndexHtml: () => [{ tag: 'script', children: THEME_SCRIPT, injectTo: 'head-prepend' }],
  };
}
