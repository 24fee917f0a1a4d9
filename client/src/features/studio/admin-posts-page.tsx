// The author's posts, at /admin/posts, for admins: every post with its status, date and category,
// the last edited first; a search and filters by status and category (kept in the address, so a
// filtered list can be reloaded or shared between the author's tabs); pages of 15 with the blog's
// paginator; and per post Edit, Preview (or View once public), Publish or Unpublish, and Delete
// (after 'Are you sure?', as everywhere in the app).
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  CATEGORY_LABELS,
  fromApiCategory,
  isCategory,
  isPostStatus,
  toApiCategory,
  type PostStatusValue,
} from '#kernel/post-rules.ts';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { BACKUP_PATH, editPostPath, MARKDOWN_EXPORT_PATH, postPath } from '#kernel/route-paths.ts';
import { keywordError } from '#kernel/search-rules.ts';
// The site's field styles for the search and the filters (the form screens load them with their fields).
import '../../components/form/form.css';
import { PageMeta } from '../../components/page-meta';
import { Paginator } from '../../components/paginator';
import { apiError, showApiError } from '../../lib/api-errors';
import { formatDate, formatSiteDateTime } from '../../lib/format-date';
import { useSite } from '../../lib/site';
import { toast } from '../../lib/toast';
import { DeletePostMutation, evictAfterPostDeleted, evictAfterPostWritten } from '../../lib/post-writes';
import { AdminPostsQuery, SetPostStatusMutation } from './admin-posts-query';
import { ListFilter, listState, RowActions, StudioTable, useListFilters } from './studio-table';
import './admin-posts-page.css';

const ADMIN_POSTS_PATH = '/admin/posts';

const STATUS_LABELS: Record<PostStatusValue, string> = {
  DRAFT: 'Draft',
  SCHEDULED: 'Scheduled',
  PUBLISHED: 'Published',
};

/** The table's columns before the actions, with the class that sizes each. */
const COLUMNS = [
  ['Title', 'studio-col-title'],
  ['Status', 'studio-col-short'],
  ['Date', 'studio-col-date'],
  ['Category', 'studio-col-short'],
] as const;

/** A row's status buttons: each offered unless the post has that status already (a scheduled post has both). */
const STATUS_ACTIONS = [
  { to: 'PUBLISHED', text: 'Publish', className: 'button button-small' },
  { to: 'DRAFT', text: 'Unpublish', className: 'button button-small button-secondary' },
] as const;

/** The list's filters as the address holds them (?q=&status=&category=&page=), each checked. */
function filtersOf(params: URLSearchParams) {
  const status = (params.get('status') ?? '').toUpperCase();
  const category = (params.get('category') ?? '').toLowerCase();
  const page = Number(params.get('page') ?? '1');
  return {
    search: params.get('q')?.trim() ?? '',
    status: isPostStatus(status) ? status : null,
    category: isCategory(category) ? category : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The date a reader sees, or what stands in for it before the post is public: a scheduled time in
 * the site's zone, with its name, as the post editor's "Publish at" reads it.
 */
function dateText(status: PostStatusValue, publishedAt: string | null | undefined, timeZone?: string): string {
  if (status === 'DRAFT' || !publishedAt) return 'Draft';
  if (status === 'SCHEDULED') return `Scheduled for ${formatSiteDateTime(publishedAt, timeZone)}`;
  return formatDate(publishedAt);
}

export function AdminPostsPage() {
  const { params, withFilters, setFilters } = useListFilters();
  const filters = filtersOf(params);
  const [searchText, setSearchText] = useState(filters.search);
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const timeZone = useSite()?.timeZone;
  // The author's own list: always what the server holds now (drafts change often, from other tabs too).
  const { data, previousData, error, loading } = useQuery(AdminPostsQuery, {
    variables: {
      page: filters.page,
      status: filters.status,
      category: filters.category ? toApiCategory(filters.category) : null,
      search: filters.search || null,
    },
    fetchPolicy: 'cache-and-network',
  });
  const [setPostStatus] = useMutation(SetPostStatusMutation, { update: (cache) => evictAfterPostWritten(cache) });
  const [deletePost] = useMutation(DeletePostMutation);
  const [busyId, setBusyId] = useState<string | null>(null);

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = searchText.trim();
    // An empty box shows every post again; anything else follows the blog search's rule.
    const problem = text === '' ? null : keywordError(text);
    setSearchProblem(problem);
    if (!problem) setFilters({ q: text || null });
  }

  async function changeStatus(id: string, title: string, status: PostStatusValue) {
    if (busyId) return;
    setBusyId(id);
    try {
      await setPostStatus({ variables: { id, status } });
      toast.success(status === 'PUBLISHED' ? `“${title}” is published` : `“${title}” is a draft again`);
    } catch (failure) {
      const refused = apiError(failure);
      // A draft's missing parts, named, rather than a bare 'Image is required' out of context.
      if (refused.code === 'BAD_USER_INPUT' && status === 'PUBLISHED') {
        toast.error(`“${title}” cannot be published yet: ${refused.message}`);
      } else showApiError(failure);
    } finally {
      setBusyId(null);
    }
  }

  async function remove(id: string) {
    if (busyId || !window.confirm('Are you sure?')) return;
    setBusyId(id);
    try {
      await deletePost({ variables: { id }, update: (cache) => evictAfterPostDeleted(cache, id) });
      toast.success('Blogpost has been deleted');
    } catch (failure) {
      showApiError(failure);
    } finally {
      setBusyId(null);
    }
  }

  const list = data?.adminPosts ?? previousData?.adminPosts;
  let content = listState(error, list?.items, 'Loading the posts');
  if (list && !content) {
    content = (
      <>
        <StudioTable caption="Posts, the last edited first" columns={COLUMNS} busy={loading}>
          {list.items.map((post) => {
            const category = post.category ? fromApiCategory(post.category) : '';
            const published = post.status === 'PUBLISHED';
            const named = <span className="visually-hidden"> {post.title}</span>;
            return (
              <tr key={post.id} aria-busy={busyId === post.id}>
                <th scope="row" className="studio-title">
                  {post.title}
                </th>
                {/* data-label: each value's name on a phone's card, where the column headers are not shown. */}
                <td className="studio-col-short" data-label="Status">
                  <span className={`studio-status studio-status-${post.status.toLowerCase()}`}>
                    {STATUS_LABELS[post.status]}
                  </span>
                </td>
                <td className="studio-col-date" data-label="Date">
                  {dateText(post.status, post.publishedAt, timeZone)}
                </td>
                <td className="studio-col-short" data-label="Category">
                  {category ? CATEGORY_LABELS[category] : '—'}
                </td>
                <RowActions
                  title={post.title}
                  editTo={editPostPath(post.id)}
                  viewTo={postPath(post.slug)}
                  published={published}
                  disabled={busyId !== null}
                  onDelete={() => void remove(post.id)}
                >
                  {STATUS_ACTIONS.filter(({ to }) => post.status !== to).map(({ to, text, className }) => (
                    <button
                      key={to}
                      className={className}
                      type="button"
                      disabled={busyId !== null}
                      onClick={() => void changeStatus(post.id, post.title, to)}
                    >
                      {text}
                      {named}
                    </button>
                  ))}
                </RowActions>
              </tr>
            );
          })}
        </StudioTable>
        <Paginator
          page={list.page}
          pages={list.pages}
          pageHref={(to) => `${ADMIN_POSTS_PATH}?${withFilters({}, to).toString()}`.replace(/\?$/, '')}
          onPageChange={(to) => setFilters({}, to)}
        />
      </>
    );
  }

  return (
    <div className="container studio">
      <PageMeta {...SCREEN_TEXTS.adminPosts} path={ADMIN_POSTS_PATH} noindex />
      <header className="page-header studio-header">
        <h1>Posts</h1>
        <div className="studio-header-actions">
          <Link className="button" to="/new">
            New post
          </Link>
          {/* The whole site as `npm run import` restores it, streamed by the server (a file, not a page). */}
          <a className="button button-secondary" href={BACKUP_PATH} download>
            Download a backup
          </a>
          {/* Every post and page as Markdown, for Hugo or Astro (issue 39): a file, not a page. */}
          <a className="button button-secondary" href={MARKDOWN_EXPORT_PATH} download>
            Download as Markdown
          </a>
        </div>
      </header>
      <div className="studio-filters">
        <form className="studio-search" role="search" aria-label="Posts" noValidate onSubmit={submitSearch}>
          <label className="form-label" htmlFor="studio-search">
            Search
          </label>
          <input
            id="studio-search"
            className="form-input"
            type="search"
            value={searchText}
            aria-invalid={searchProblem ? true : undefined}
            aria-describedby={searchProblem ? 'studio-search-error' : undefined}
            onChange={(event) => setSearchText(event.currentTarget.value)}
          />
          <button className="button" type="submit">
            Search
          </button>
          {searchProblem && (
            <p id="studio-search-error" className="form-field-error">
              {searchProblem}
            </p>
          )}
        </form>
        <ListFilter
          label="Status"
          value={filters.status?.toLowerCase() ?? ''}
          options={Object.entries(STATUS_LABELS).map(([value, label]) => [value.toLowerCase(), label] as const)}
          onChange={(status) => setFilters({ status })}
        />
        <ListFilter
          label="Category"
          value={filters.category ?? ''}
          options={Object.entries(CATEGORY_LABELS)}
          onChange={(category) => setFilters({ category })}
        />
      </div>
      {list && (
        <p className="studio-count" role="status">
          {list.total === 1 ? '1 post' : `${list.total} posts`}
        </p>
      )}
      {content}
    </div>
  );
}
