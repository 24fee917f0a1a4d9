// The author's tools in the header, for a signed-in admin: write a new post, the list of posts, the
// Currently cards, the pages. (The footer keeps the spec's admin links too.)
import { NavLink } from 'react-router';
import { useAuthState } from '../../lib/user-info';
import { CommentsToolLink } from '../../features/studio/comments-tool-link';
import './author-tools.css';

const AUTHOR_LINKS = [
  { label: 'New post', to: '/new' },
  { label: 'Posts', to: '/admin/posts' },
  { label: 'Currently', to: '/show-upcoming' },
  { label: 'Settings', to: '/admin/settings' },
  { label: 'Pages', to: '/admin/pages' },
  { label: 'Tags', to: '/admin/tags' },
  { label: 'Redirects', to: '/admin/redirects' },
  { label: 'Navigation', to: '/admin/navigation' },
  { label: 'Shelf', to: '/admin/shelf' },
  { label: 'Import', to: '/admin/import' },
] as const;

export function AuthorTools() {
  const { user, confirmed } = useAuthState();
  // Shown once the server has confirmed the session, as the footer's links are.
  if (!confirmed || !user?.isAdmin) return null;
  return (
    <nav className="author-tools" aria-label="Author tools">
      <ul className="author-tools-list">
        {AUTHOR_LINKS.map(({ label, to }) => (
          <li key={to}>
            <NavLink className="author-tools-link" to={to} end>
              {label}
            </NavLink>
          </li>
        ))}
        <li>
          <CommentsToolLink className="author-tools-link" />
        </li>
        <li>
          <NavLink className="author-tools-link" to="/admin/subscribers" end>
            Subscribers
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
