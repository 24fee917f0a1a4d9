// The author's pages, at /admin/pages: every page (drafts too) with its address, status and last
// edit, the last edited first; New page, and per page Edit, View (or Preview) and Delete (after
// 'Are you sure?', as everywhere in the app). The same table as the posts' list: a card per page on a phone.
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { pagePath } from '#kernel/route-paths.ts';
import { ErrorMessage } from '../../components/error-message';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
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
import './admin-posts-page.css';

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

  let content;
  if (error && !data) {
    content = <ErrorMessage error={error} />;
  } else if (!data) {
    content = <Spinner label="Loading the pages" />;
  } else if (data.pages.length === 0) {
    content = <p className="studio-empty">NOTHING FOUND</p>;
  } else {
    content = (
      <table className="studio-table">
        <caption className="visually-hidden">Pages, the last edited first</caption>
        <thead>
          <tr>
            <th scope="col" className="studio-col-title">
              Title
            </th>
            <th scope="col" className="studio-col-short">
              Address
            </th>
            <th scope="col" className="studio-col-short">
              Status
            </th>
            <th scope="col" className="studio-col-date">
              Updated
            </th>
            <th scope="col" className="studio-col-actions">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.pages.map((page) => {
            const named = <span className="visually-hidden"> {page.title}</span>;
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
                <td className="studio-col-actions">
                  <div className="studio-actions">
                    <Link className="button button-small" to={editPagePath(page.id)}>
                      Edit{named}
                    </Link>
                    <Link className="button button-small button-secondary" to={pagePath(page.slug)}>
                      {published ? 'View' : 'Preview'}
                      {named}
                    </Link>
                    <button
                      className="button button-small button-danger"
                      type="button"
                      disabled={busyId !== null}
                      onClick={() => void remove(page.id, page.title)}
                    >
                      Delete{named}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
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
