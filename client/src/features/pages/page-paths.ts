// The studio's addresses for the author's pages (the server matches the same: server/modules/pages/page-routes.ts).

/** The list of pages in the studio. */
export const ADMIN_PAGES_PATH = '/admin/pages';

/** The editor of a new page. */
export const NEW_PAGE_PATH = '/admin/pages/new';

/** The editor of page `id`. */
export const editPagePath = (id: string) => `/admin/pages/${id}`;
