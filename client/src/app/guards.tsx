// Route guards (../shared/SPEC.md section 2): they only shape what is shown; the server refuses
// whatever the signed-in user may not do.
import { Navigate, Outlet } from 'react-router';
import { useUserInfo } from '../lib/user-info';

export function RequireUser() {
  const user = useUserInfo();
  return user ? <Outlet /> : <Navigate to="/" replace />;
}

export function RequireAdmin() {
  const user = useUserInfo();
  return user?.isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}
