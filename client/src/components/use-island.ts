// Runs an island (islands/*.ts: a framework-free enhancement of server-rendered markup) on an element
// the app renders, so the app and a page without it behave alike from one implementation.
import { useEffect, type RefObject } from 'react';
import type { Island } from '../islands/island';

export function useIsland(ref: RefObject<HTMLElement | null>, island: Island, key?: unknown): void {
  useEffect(() => {
    if (!ref.current) return;
    return island(ref.current) ?? undefined;
  }, [ref, island, key]);
}
