// The site's addresses that carry a value, as the client's links and navigation and the server's
// page heads, feeds and sitemap write them: one place, so a link and the page it names agree.
// (Fixed addresses such as /about or /login are written where they are used: they say themselves.)

/** A post's page. */
export const postPath = (id: string) => `/blog/${id}`;

/** The form that edits a post. */
export const editPostPath = (id: string) => `/blog/${id}/edit`;

/** A page the author wrote (about, hire-me, or one of their own such as /now): at the site's root (issue 36). */
export const pagePath = (slug: string) => `/${slug}`;

/** The list of the posts with a tag (issue 36). */
export const tagPath = (slug: string) => `/tag/${slug}`;

/** The blog's search results for a keyword. */
export const searchPath = (keyword: string) => `/blog/search/${encodeURIComponent(keyword)}`;

/** Page `page` of a list (the blog, a search, a category), as the paginator links to it. */
export const listPagePath = (listPath: string, page: number) => `${listPath}/page/${page}`;

/** The canonical address of a list's page (page heads, the sitemap): page 1 is the list's own. */
export const canonicalListPagePath = (listPath: string, page: number) =>
  page === 1 ? listPath : listPagePath(listPath, page);

/** The login form that comes back to `path` (an address of this site) once signed in. */
export const loginReturningTo = (path: string) => `/login?next=${encodeURIComponent(path)}`;

/**
 * Where the login form's `next` asks to go after signing in: only a path of this site ('/blog/1/edit'),
 * never another site ('//host', '/\host', 'https:...'), so a link cannot send a fresh sign-in away.
 */
export function returnPathOf(next: string | null): string | null {
  return next !== null && /^\/(?![/\\])/.test(next) ? next : null;
}

/** The whole site as one backup archive, for its admin: the studio's download and `npm run export`. */
export const BACKUP_PATH = '/api/backup';
/** Every post and page as Markdown with its pictures, a zip (issue 39). */
export const MARKDOWN_EXPORT_PATH = '/api/export/markdown';

/** The studio's import (issue 39): POST the files for a preview, then /{id}/start, GET /{id}, /{id}/cancel. */
export const IMPORT_PATH = '/api/import';
