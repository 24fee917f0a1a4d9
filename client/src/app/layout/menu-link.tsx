// One entry of the header's or footer's menu: the app's link for an address of this site, a plain
// link for another site's.
import { NavLink } from 'react-router';
import { isExternalHref } from '#kernel/menu-rules.ts';
import type { MenuLink as Entry } from '../../lib/menus';

export function MenuLink({ entry, className }: { entry: Entry; className?: string }) {
  if (isExternalHref(entry.href)) {
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
