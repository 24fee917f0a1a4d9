// One entry of the header's or footer's menu: the app's link to one of its screens, a plain link to
// an address the author typed.
import { NavLink } from 'react-router';
import type { MenuLink as Entry } from '../../lib/menus';

export function MenuLink({ entry, className }: { entry: Entry; className?: string }) {
  if (entry.plain) {
    return (
      <a className={className} href={entry.href}>
        {entry.label}
      </a>
    );
  }
  return (
    <NavLink className={className} to={entry.href}>
      {entry.label}
    </NavLink>
  );
}
