// The author's pages, at /admin/pages: every page (drafts too) with its address, status and last
// edit, the last edited first; New page, and per page Edit, View (or Preview) and Delete (after
// 'Are you sure?', as everywhere in the app). The same table as the posts' list: a card per page on a phone.
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { pagePath } from '#kernel/route-paths.ts';
import { PageMeta } from '../../components/page-meta';
import { showApiError } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import {
  ADMIN_PAGES_PATH,
  AdminPagesQuery,
  DeletePageMutation,
  editPagePath,
  evictAfterPageWritten,
  NEW_PAGE_PATH,
} from '../../lib/page-writes';
import { listState, RowActions, StudioTable } from './studio-table';

/** The table's columns before the actions, with the class that sizes each (the posts' table's). */
const COLUMNS = [
  ['Title', 'studio-col-title'],
  ['Address', 'studio-col-short'],
  ['Status', 'studio-col-short'],
  ['Updated', 'studio-col-date'],
] as const;

export function AdminPagesPage() {
  const { data, error } = useQuery(AdminPagesQuery, { fetchPolicy: 'cache-and-network' });
  const [deletePage] = useMutation(DeletePageMutation);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function remove(id: string, title: string) {
    if (busyId || !window.confirm('Are you sure?')) return;
    setBusyId(id);
    try {
      await deletePage({ variables: { id }, update: evictAfterPageWritten });
      toast.success(`“${title}” has been deleted`);
    } catch (failure) {
      showApiError(failure);
    } finally {
      setBusyId(null);
    }
  }

  let content = listState(error, data?.pages, 'Loading the pages');
  if (data && !content) {
    content = (
      <StudioTable caption="Pages, the last edited first" columns={COLUMNS}>
        {data.pages.map((page) => {
          const published = page.status === 'PUBLISHED';
          return (
            <tr key={page.id} aria-busy={busyId === page.id}>
              <th scope="row" className="studio-title">
                {page.title}
              </th>
              <td className="studio-col-short" data-label="Address">
                {pagePath(page.slug)}
              </td>
              <td className="studio-col-short" data-label="Status">
                <span className={`studio-status studio-status-${page.status.toLowerCase()}`}>
                  {published ? 'Published' : 'Draft'}
                </span>
              </td>
              <td className="studio-col-date" data-label="Updated">
                {formatDateTime(page.updatedAt)}
              </td>
              <RowActions
                title={page.title}
                editTo={editPagePath(page.id)}
                viewTo={pagePath(page.slug)}
                published={published}
                disabled={busyId !== null}
                onDelete={() => void remove(page.id, page.title)}
              />
            </tr>
          );
        })}
      </StudioTable>
    );
  }

  return (
    <div className="container studio">
      <PageMeta {...SCREEN_TEXTS.adminPages} path={ADMIN_PAGES_PATH} noindex />
      <header className="page-header studio-header">
        <h1>Pages</h1>
        <div className="studio-header-actions">
          <Link className="button" to={NEW_PAGE_PATH}>
            New page
          </Link>
        </div>
      </header>
      {content}
    </div>
  );
}
