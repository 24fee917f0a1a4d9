// The header's and the footer's menus (issue 36), as the author set them at /admin/navigation: one
// query every page asks (the server renders and preloads it with the site's name), shared from
// Apollo's cache. While it has not answered, the menus the site ships with.
import { useQuery } from '@apollo/client/react';
import { DEFAULT_MENUS, menuItemHref, type MenuName } from '#kernel/menu-rules.ts';
import { graphql } from '../gql';

export const MenusQuery = graphql(`
  query Menus {
    menus {
      header {
        label
        kind
        target
        href
      }
      footer {
        label
        kind
        target
        href
      }
    }
  }
`);

export interface MenuLink {
  label: string;
  href: string;
  /**
   * An address the author typed: a plain link, which loads it from the server (it may be another
   * site, a redirect, a file), where a page, category, tag or the blog is one of the app's screens.
   */
  plain: boolean;
}

/** A menu's links, in order. */
export function useMenu(name: MenuName): MenuLink[] {
  const { data } = useQuery(MenusQuery);
  if (data) return data.menus[name].map(({ label, href, kind }) => ({ label, href, plain: kind === 'URL' }));
  return DEFAULT_MENUS[name].map((item) => ({
    label: item.label,
    href: menuItemHref(item),
    plain: item.kind === 'url',
  }));
}
