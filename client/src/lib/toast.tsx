// The one toast setup of the app. react-toastify's default entry injects its CSS from JavaScript;
// the unstyled entry plus the stylesheet keeps the CSS in a stylesheet. Its toast() only reaches a
// container from the same entry, so every toast goes through this module (lint enforces it).
//
// Most visits never show a toast (readers see none: toasts answer a sign-in or an admin's write), so
// react-toastify and its stylesheet download with the first toast, not with every page. Until then
// the container renders nothing; a toast asked for meanwhile waits in react-toastify's own queue and
// shows as soon as the container mounts.
import { useSyncExternalStore } from 'react';
import type * as ToastifyModule from 'react-toastify/unstyled';

type Toastify = typeof ToastifyModule;
type ToastType = 'default' | 'success' | 'info' | 'error' | 'warning';

let toastify: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const onLoad = new Set<() => void>();

function loadToastify(): Promise<Toastify> {
  loading ??= Promise.all([import('react-toastify/unstyled'), import('react-toastify/ReactToastify.css')]).then(
    ([module]) => {
      toastify = module;
      for (const listener of onLoad) listener();
      return module;
    },
    (error: unknown) => {
      // Offline for a moment: the next toast tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

// The error toasts on screen, so that a success can take them away (a refused login's message must
// not stay up beside 'Logged in successfully').
const errorToasts = new Set<string | number>();

function show(type: ToastType, message: string): void {
  loadToastify().then(
    (module) => {
      const id = module.toast(message, { type, onClose: () => errorToasts.delete(id) });
      if (type === 'error') errorToasts.add(id);
    },
    (error: unknown) => console.warn('Could not load the toasts:', error),
  );
}

function dismissErrors(): void {
  for (const id of errorToasts) toastify?.toast.dismiss(id);
  errorToasts.clear();
}

/** toast(message), toast.success(message), …: the toast types the screens use. */
export const toast = Object.assign((message: string) => show('default', message), {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  /** Takes away the error toasts still on screen: what they said no longer holds. */
  dismissErrors,
});

function subscribe(listener: () => void): () => void {
  onLoad.add(listener);
  return () => onLoad.delete(listener);
}

/** Top right, closes after 5 s, dismissed by dragging 80% of its width; below the header (global.css). */
export function AppToastContainer() {
  // No toast is ever shown in the HTML the server renders, nor while the browser hydrates it.
  const module = useSyncExternalStore(
    subscribe,
    () => toastify,
    () => undefined,
  );
  if (!module) return null;
  return <module.ToastContainer position="top-right" autoClose={5000} draggablePercent={80} />;
}
