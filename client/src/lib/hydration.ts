// Whether the app is past its first render of server-rendered markup. The first render in the
// browser must produce exactly what the server sent (React hydrates it in place), so what only the
// browser knows (the reader's time zone and locale, the page's metadata tags, which React would
// hoist into the head) waits for the render after it. A page the browser renders by itself has no
// such first render: it is hydrated at once.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False on the server and during hydration; true on every render after it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
