// Leaving a form with unsaved changes asks first: a link or Back inside the app (react-router's
// blocker, answered with the same window.confirm the app asks 'Are you sure?' with), and closing or
// reloading the tab (the browser's own beforeunload prompt, whose words browsers choose).
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

export const UNSAVED_CHANGES_QUESTION = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Asks before leaving while `dirty`; `onLeaveAnyway` runs when the author answers yes (the changes
 * are given up, so any copy kept of them can go). Call the returned `allowLeaving()` just before navigating away
 * on purpose (after a save), so that navigation goes through without a question. `keptAnyway`, asked
 * as the author leaves, says the changes stay kept elsewhere (signed out: in this browser, for after
 * the next sign-in): then leaving neither asks nor gives them up.
 */
export function useUnsavedChanges(
  dirty: boolean,
  onLeaveAnyway?: () => void,
  keptAnyway?: () => boolean,
): { allowLeaving: () => void } {
  const keptRef = useRef(keptAnyway);
  useEffect(() => {
    keptRef.current = keptAnyway;
  }, [keptAnyway]);
  const dirtyRef = useRef(dirty);
  const leavingRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  // Stable, reading refs: the router calls it for every navigation while the form is shown. A
  // change of the search part only (same screen) is not leaving.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !leavingRef.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      !keptRef.current?.(),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_QUESTION)) {
      onLeaveAnyway?.();
      blocker.proceed();
    } else blocker.reset();
  }, [blocker, onLeaveAnyway]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (leavingRef.current) return;
      event.preventDefault();
      // Older browsers still want returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const allowLeaving = useCallback(() => {
    leavingRef.current = true;
  }, []);
  return { allowLeaving };
}
