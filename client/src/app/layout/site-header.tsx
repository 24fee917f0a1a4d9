// Logo home, the main navigation, a way to search and the theme's toggle; under the wide breakpoint the links fold
// behind 'Menu'. An admin also gets the author's tools underneath.
//
// The Menu is the browser's own disclosure (<details> and <summary>), so it opens and closes, from the mouse and
// the keyboard, without JavaScript; on a wide screen global.css shows the links and hides the summary. The app adds
// what HTML alone cannot: Escape closes it (islands/menu.ts, also run on pages without the app), and so does
// any navigation.
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useSite } from '../../lib/site';
import menuIsland from '../../islands/menu';
import { useIsland } from '../../components/use-island';
import { AuthorTools } from './author-tools';
import { LogoMark } from './logo-mark';
import { useMenu } from '../../lib/menus';
import { MenuLink } from './menu-link';
import { SearchLink } from './search-link';
import { ThemeToggle } from './theme-toggle';

export function SiteHeader() {
  const site = useSite();
  const menu = useMenu('header');
  const { key: locationKey } = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);
  // The location the app started on: a menu opened before the app took the page over stays open.
  const shownOn = useRef(locationKey);

  useEffect(() => {
    if (locationKey === shownOn.current) return;
    shownOn.current = locationKey;
    if (menuRef.current) menuRef.current.open = false;
  }, [locationKey]);

  // Escape closes it: the same island a page without the app runs (islands/menu.ts).
  const navRef = useRef<HTMLElement>(null);
  useIsland(navRef, menuIsland);

  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link className="site-logo" to="/" aria-label={site ? `${site.name}, home page` : 'Home page'}>
          <LogoMark />
          <span className="site-logo-name">{site?.name}</span>
        </Link>
        <nav ref={navRef} className="site-nav" aria-label="Main" data-island="menu">
          {/* Its open state is the element's own: React never renders `open`, and a reader may have opened the
              menu before the app took the page over, which is no mismatch. */}
          <details ref={menuRef} className="site-nav-menu" suppressHydrationWarning>
            <summary className="menu-button">
              <span className="menu-button-icon" aria-hidden="true" />
              Menu
            </summary>
            <ul className="site-nav-list">
              {menu.map((entry, index) => (
                <li key={index}>
                  <MenuLink className="site-nav-link" entry={entry} />
                </li>
              ))}
            </ul>
          </details>
        </nav>
        <SearchLink />
        <ThemeToggle />
      </div>
      <div className="container">
        <AuthorTools />
      </div>
    </header>
  );
}
