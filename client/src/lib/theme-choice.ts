// The theme in the browser, without React: the reader's pick (on <html>, put there before the first
// paint by the inline script of kernel/theme-rules.ts) or else the system's setting, which can change
// while the page is open; a pick made in another tab applies here too. The app's hook (theme.ts) and
// the theme toggle's island (islands/theme-toggle.ts) both read and change it here.
import { isTheme, THEME_ATTRIBUTE, THEME_STORAGE_KEY, type Theme } from '#kernel/theme-rules.ts';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');

export function currentTheme(): Theme {
  const chosen = document.documentElement.getAttribute(THEME_ATTRIBUTE);
  if (isTheme(chosen)) return chosen;
  return systemDark().matches ? 'dark' : 'light';
}

function applyPick(theme: Theme): void {
  document.documentElement.setAttribute(THEME_ATTRIBUTE, theme);
  notify();
}

function followOtherTabs(event: StorageEvent): void {
  if (event.key === THEME_STORAGE_KEY && isTheme(event.newValue)) applyPick(event.newValue);
}

/** Calls `listener` whenever the page's theme may have changed; returns what stops it. */
export function watchTheme(listener: () => void): () => void {
  if (listeners.size === 0) {
    systemDark().addEventListener('change', notify);
    window.addEventListener('storage', followOtherTabs);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      systemDark().removeEventListener('change', notify);
      window.removeEventListener('storage', followOtherTabs);
    }
  };
}

/** Shows the page in this theme and remembers the pick in this browser. */
export function chooseTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage disabled: the pick holds for this page only
  }
  applyPick(theme);
}
