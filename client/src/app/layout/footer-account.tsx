// The account corner of the footer: a Login link for
// visitors; for a signed-in user their name, Profile, the admin links and Logout.
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../../lib/session';
import { useAuthState } from '../../lib/user-info';
import './footer-account.css';

const ADMIN_LINKS = [
  { label: 'Create blog', to: '/new' },
  { label: 'Create cards', to: '/new-upcoming' },
  { label: 'Show cards', to: '/show-upcoming' },
] as const;

export function FooterAccount() {
  const { user, confirmed } = useAuthState();
  const navigate = useNavigate();
  const { logout, loading } = useLogout();

  // A user stored by an earlier visit shows once the server confirms the session: never the admin
  // links of a session that has ended, and no Login link flashing for one that has not.
  if (!confirmed) return null;
  if (!user) {
    return (
      <Link className="site-footer-login" to="/login">
        Login
      </Link>
    );
  }
  return (
    <nav className="footer-account" aria-label="Account">
      <p className="footer-account-user">
        Signed in as <strong>{user.name}</strong>
      </p>
      <ul className="site-footer-links">
        <li>
          <Link to="/profile">Profile</Link>
        </li>
        {user.isAdmin &&
          ADMIN_LINKS.map(({ label, to }) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        <li>
          <button
            className="footer-account-logout"
            type="button"
            disabled={loading}
            onClick={() => void logout(() => navigate('/'))}
          >
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}
