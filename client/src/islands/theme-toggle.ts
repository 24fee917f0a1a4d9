// The header's light/dark switch on a page the app does not run (the app's is theme-toggle.tsx):
// hidden without script (index.html's noscript styles), it shows whether the page is dark, and a
// press shows the other theme and remembers it in this browser (lib/theme-choice.ts, shared with the app).
import { chooseTheme, currentTheme, watchTheme } from '../lib/theme-choice';
import type { Island } from './island';

const themeToggleIsland: Island = (element) => {
  const show = () => {
    const dark = currentTheme() === 'dark';
    element.setAttribute('aria-pressed', String(dark));
    element.title = dark ? 'Switch to the light theme' : 'Switch to the dark theme';
  };
  const toggle = () => chooseTheme(currentTheme() === 'dark' ? 'light' : 'dark');
  show();
  element.addEventListener('click', toggle);
  const unwatch = watchTheme(show);
  return () => {
    element.removeEventListener('click', toggle);
    unwatch();
  };
};

export default themeToggleIsland;
