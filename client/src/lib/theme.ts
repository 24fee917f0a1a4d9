// The theme in the app: a hook over lib/theme-choice.ts (the reader's pick or the system's setting).
import { useSyncExternalStore } from 'react';
import type { Theme } from '#kernel/theme-rules.ts';
import { currentTheme, watchTheme } from './theme-choice';

export { chooseTheme } from './theme-choice';

/** The theme the page shows; null on the server and during hydration, which cannot know it. */
export function useTheme(): Theme | null {
  return useSyncExternalStore(watchTheme, currentTheme, () => null);
}
