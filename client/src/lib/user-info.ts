// The signed-in user as the spec keeps it: in localStorage under 'userInfo', shared by every tab.
// Display only: the server decides what a request may do; the client's guards just shape the screens.
import { useSyncExternalStore } from 'react';

export interface UserInfo {
  name: string;
  email: string;
  isAdmin: boolean;
}

const STORAGE_KEY = 'userInfo';
const listeners = new Set<() => void>();

// useSyncExternalStore needs the same object back while the stored text is unchanged.
let cachedRaw: string | null = null;
let cachedInfo: UserInfo | null = null;

function readUserInfo(): UserInfo | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled: treat as signed out
  }
  if (raw === cachedRaw) return cachedInfo;
  cachedRaw = raw;
  cachedInfo = parseUserInfo(raw);
  return cachedInfo;
}

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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user, or null; re-renders when it changes in this tab or another. */
export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(subscribe, readUserInfo, () => null);
}

export function saveUserInfo(info: UserInfo): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(info));
  listeners.forEach((listener) => listener());
}

export function clearUserInfo(): void {
  window.localStorage.removeItem(STORAGE_KEY);
  listeners.forEach((listener) => listener());
}
