// The reader's theme: light or dark, following the system's setting until the reader picks one with
// the header's toggle; the pick is remembered in this browser. Pure: no DOM or Node imports.

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Where the reader's pick is kept (localStorage). */
export const THEME_STORAGE_KEY = 'theme';

/** The attribute on <html> that overrides the system's setting: data-theme="dark". */
export const THEME_ATTRIBUTE = 'data-theme';

export function isTheme(value: unknown): value is Theme {
  return (THEMES as readonly unknown[]).includes(value);
}

/**
 * Runs in <head>, before anything is painted: puts the remembered pick on <html>, so a reader who
 * chose dark never sees a light flash. It must stay inline (a file would wait on the network), so
 * the content security policy allows exactly this text by its hash (server/http/security-headers.ts).
 */
export const THEME_SCRIPT =
  `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `if(t==="light"||t==="dark")document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},t)}catch(e){}`;
