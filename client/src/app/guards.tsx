// Route guards (signed-in users only, admins only, visitors only): they only shape what is shown; the server refuses
// whatever the signed-in user may not do. A user stored by an earlier visit is first confirmed
// with the server (lib/session.ts): until then the spinner, so a dead session never shows a screen.
import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../components/spinner';
import { useAuthState, type UserInfo } from '../lib/user-info';

interface GuardProps {
  allows: (user: UserInfo) => boolean;
  /**
   * Once shown, the screen stays when the session ends (signed out in another tab, a 401): it holds
   * typed work, which it keeps and offers to save after signing in again (the post editors).
   */
  keepsWork?: boolean;
}

function Guard({ allows, keepsWork = false }: GuardProps) {
  const { user, confirmed } = useAuthState();
  const allowed = confirmed && user !== null && allows(user);
  const [shown, setShown] = useState(false);
  if (allowed && !shown) setShown(true);
  if (!confirmed) return <Spinner label="Checking your session" />;
  return allowed || (keepsWork && shown) ? <Outlet /> : <Navigate to="/" replace />;
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

/** The post editors: admins only, and once open they stay open when the session ends (the work is kept). */
export function RequireAdminKeepingWork() {
  return <Guard allows={(user) => user.isAdmin} keepsWork />;
}
