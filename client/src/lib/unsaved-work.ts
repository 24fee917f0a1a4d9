// The author's unsaved work in local storage: the new post form's draft (the spec's key) and the
// edits of a post or a page the server has not acknowledged yet, one key each. A 401 or a logout (here or
// in another tab) signs the browser out and clears local storage, but not these: losing the session
// must not lose the words (docs/decisions/025-author-drafts-local-and-server.md, 041).

/** Where the new post form keeps what was typed (and kept-images.ts its picked picture). */
export const NEW_POST_DRAFT_KEY = 'newPostDraft';

const EDIT_PREFIX = 'postDraft:';

/** Where the edit form of post `id` keeps what the server has not stored yet. */
export const editDraftKey = (id: string) => `${EDIT_PREFIX}${id}`;

/** Where /admin/settings keeps what the server has not stored yet (issue 36). */
export const SITE_SETTINGS_DRAFT_KEY = 'siteSettingsDraft';

const PAGE_PREFIX = 'pageDraft:';

/** Where the page editor keeps what the server has not stored yet: a page's id, or 'new'. */
export const pageDraftKey = (id: string) => `${PAGE_PREFIX}${id}`;

/** True for the keys a sign-out leaves in place. */
export function isUnsavedWorkKey(key: string): boolean {
  return (
    key === NEW_POST_DRAFT_KEY ||
    key.startsWith(EDIT_PREFIX) ||
    key.startsWith(PAGE_PREFIX) ||
    key === SITE_SETTINGS_DRAFT_KEY
  );
}

export function readStored(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    // Storage disabled, or not JSON: nothing usable.
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the form still works, only without a copy.
  }
}
