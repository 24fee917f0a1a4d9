// Route guards (signed-in users only, admins only, visitors only): they only shape what is shown; the server refuses
// whatever the signed-in user may not do. A user stored by an earlier visit is first confirmed
// with the server (lib/session.ts): until then the spinner, so a dead session never shows a screen.
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../components/spinner';
import { useAuthState, type UserInfo } from '../lib/user-info';

function Guard({ allows }: { allows: (user: UserInfo) => boolean }) {
  const { user, confirmed } = useAuthState();
  if (!confirmed) return <Spinner label="Checking your session" />;
  return user && allows(user) ? <Outlet /> : <Navigate to="/" replace />;
}

/** Signed-in users only; anyone else goes to /. */
export function RequireUser() {
  return <Guard allows={() => true} />;
}

/** Admins only; anyone else goes to /. */
export function RequireAdmin() {
  return <Guard allows={(user) => user.isAdmin} />;
}

/** /admin, the studio's own address: its posts for the admin, the login form for anyone else. */
export function StudioEntry() {
  const { user, confirmed } = useAuthState();
  if (!confirmed) return <Spinner label="Checking your session" />;
  return <Navigate to={user?.isAdmin ? '/admin/posts' : '/login'} replace />;
}
