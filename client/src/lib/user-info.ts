// The signed-in user as the spec keeps it: in localStorage under 'userInfo' and in app state, shared
// by every tab. Display only: the server decides what a request may do; the guards shape the screens.
//
// A module store (useSyncExternalStore), not a React context, because code outside React changes
// it too: the Apollo link that signs the user out on any 401 (lib/apollo-client.ts).
//
// What is stored at start-up may describe a session the server has since ended (expired, signed
// out elsewhere), so it is `confirmed` only once the server said so (lib/session.ts); until then
// no screen treats it as a signed-in user.
import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '#kernel/theme-rules.ts';
import { isUnsavedWorkKey } from './unsaved-work';

export interface UserInfo {
  name: string;
  email: string;
  isAdmin: boolean;
}

export interface AuthState {
  /** The user from local storage, or null. */
  user: UserInfo | null;
  /** False while a user stored before this page load is being checked with the server. */
  confirmed: boolean;
}

const STORAGE_KEY = 'userInfo';
const listeners = new Set<() => void>();

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled: treat as signed out
  }
}

// A user stored by an earlier visit waits for the server's word; nothing stored needs none.
let confirmed = typeof window === 'undefined' || readRaw() === null;

// useSyncExternalStore needs the same object back while nothing changed.
let cachedRaw: string | null = null;
let cachedConfirmed = confirmed;
let cachedState: AuthState = { user: null, confirmed };

function readAuthState(): AuthState {
  const raw = readRaw();
  if (raw === cachedRaw && confirmed === cachedConfirmed) return cachedState;
  cachedRaw = raw;
  cachedConfirmed = confirmed;
  cachedState = { user: parseUserInfo(raw), confirmed };
  return cachedState;
}

const SIGNED_OUT: AuthState = { user: null, confirmed: true };

function parseUserInfo(raw: string | null): UserInfo | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { name, email, isAdmin } = value as Record<string, unknown>;
    if (typeof name !== 'string' || typeof email !== 'string') return null;
    return { name, email, isAdmin: isAdmin === true };
  } catch {
    return null;
  }
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too. A sign-in there is a real one: confirmed.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEY) return;
    confirmed = true;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The user and whether the server has confirmed them; re-renders when either changes, in any tab. */
export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribe, readAuthState, () => SIGNED_OUT);
}

/**
 * The signed-in user, or null (also while a stored user is still being confirmed, so a dead
 * session never shows a signed-in or admin screen). Re-renders when it changes in this tab or another.
 */
export function useUserInfo(): UserInfo | null {
  const { user, confirmed: isConfirmed } = useAuthState();
  return isConfirmed ? user : null;
}

/** The user as the server just described them (login, profile update, `me`): stored and confirmed. */
export function saveUserInfo(info: UserInfo): void {
  const { name, email, isAdmin } = info;
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ name, email, isAdmin }));
  confirmed = true;
  notify();
}

/**
 * This device's settings, not anything of the user's: a sign-out (or a 401) keeps them, so a reader
 * who picked the dark theme does not get a light page for signing out.
 */
const DEVICE_KEYS: ReadonlySet<string> = new Set([THEME_STORAGE_KEY]);

/**
 * Signed out in this browser (a logout here or in another tab, any 401, a session found ended at
 * start-up): the auth state and local storage cleared, so nothing of this user stays behind; except
 * this device's settings (DEVICE_KEYS) and the author's unsent drafts (lib/unsaved-work.ts), and
 * their picked pictures in IndexedDB.
 *
 * The spec's "logout clears all local storage" is honoured for what it protects, the session and the
 * user's data (userInfo and everything else); the drafts are kept because the spec also says a
 * draft is cleared after a successful submit, and a sign-out is not one: losing the session must
 * never lose the words (docs/decisions/041-drafts-outlive-the-session.md).
 */
export function clearUserInfo(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index));
    for (const key of keys) {
      if (key !== null && !DEVICE_KEYS.has(key) && !isUnsavedWorkKey(key)) window.localStorage.removeItem(key);
    }
  } catch {
    // storage disabled: nothing was stored
  }
  confirmed = true;
  notify();
}

/** Ends the start-up check: whatever is stored now is what the server said (or all we can know). */
export function markUserInfoConfirmed(): void {
  if (confirmed) return;
  confirmed = true;
  notify();
}

/** The stored text, for checks that must notice a change made while they waited. */
export function storedUserInfoText(): string | null {
  return readRaw();
}
