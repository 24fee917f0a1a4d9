// A post form whose session ended while it was open (signed out in another tab, expired: a 401)
// stays open with what was typed (also kept in this browser, lib/unsaved-work.ts) and says, held at
// the bottom of the window wherever the author is in the form, that saving needs a sign-in again.
// The link comes back to this form, where the kept words are restored; a sign-in in another tab
// lets this one save at once.
import type { Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { loginReturningTo } from '#kernel/route-paths.ts';
import { useAuthState } from '../../lib/user-info';
import './session-ended-notice.css';

/** True when no admin is signed in here any more (the screen stays open only for its typed work). */
export function useSessionEnded(): boolean {
  const { user, confirmed } = useAuthState();
  return confirmed && !user?.isAdmin;
}

export function SessionEndedNotice({ ref }: { ref?: Ref<HTMLDivElement> }) {
  const { pathname } = useLocation();
  return (
    <div ref={ref} className="session-ended-notice" role="alert" tabIndex={-1}>
      <p>
        You are signed out, so this post cannot be saved. What you typed stays here and in this browser.{' '}
        <Link to={loginReturningTo(pathname)}>Sign in again to save</Link>
      </p>
    </div>
  );
}
