// The picture picked in a post form, kept in this browser until the server has it: a File does not
// fit in local storage, where the form's typed draft is (unsaved-work.ts), so it goes to IndexedDB
// under the same key. A reload, a closed tab or a 401 brings it back with the words
// (docs/decisions/025-author-drafts-local-and-server.md), and so does signing in again after a
// sign-out (decision 041); a save, Discard or leaving on purpose forgets it.
//
// IndexedDB runs transactions on one store in the order they were made, so a forget followed by a
// read (Discard, then the form starting again) never reads the forgotten picture. Where IndexedDB
// is refused (some private modes), the form works as before, without the copy.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

let store: UseStore | null = null;
const images = () => (store ??= createStore('blog-unsaved-work', 'picked-images'));

/** Keeps `file` as the picture of the form at `key`; null forgets it. */
export async function keepPickedImage(key: string, file: File | null): Promise<void> {
  try {
    if (file) await set(key, file, images());
    else await del(key, images());
  } catch {
    // No IndexedDB here: nothing kept, nothing to forget.
  }
}

/** The picture kept for the form at `key`, if any. */
export async function keptPickedImage(key: string): Promise<File | null> {
  try {
    const kept: unknown = await get(key, images());
    return kept instanceof File ? kept : null;
  } catch {
    return null;
  }
}
