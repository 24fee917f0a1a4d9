// The account corner of the footer: a Login link for visitors.
// TODO(admin issue): the signed-in footer goes here — the user's name, a profile link, the admin
// links (create blog, create cards, Show cards) and the logout action.
import { Link } from 'react-router';
import { useUserInfo } from '../../lib/user-info';

export function FooterAccount() {
  const user = useUserInfo();
  if (!user) {
    return (
      <Link className="site-footer-login" to="/login">
        Login
      </Link>
    );
  }
  return <p className="site-footer-user">Signed in as {user.name}</p>;
}
