// The header's light/dark switch: a toggle button, pressed when the page is dark. Until the app has
// taken the page over it shows as not pressed (the server cannot know the reader's theme); without
// JavaScript it is hidden (index.html's noscript styles), since it could not work.
import { chooseTheme, useTheme } from '../../lib/theme';

export function ThemeToggle() {
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      // On a page without the app, islands/theme-toggle.ts does what this component does.
      data-island="theme-toggle"
      aria-pressed={dark}
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      onClick={() => chooseTheme(dark ? 'light' : 'dark')}
    >
      <span className="theme-toggle-icon" aria-hidden="true" />
      <span className="visually-hidden">Dark theme</span>
    </button>
  );
}
