// Logo home, the main navigation, a way to search and the theme's toggle; under the wide breakpoint the links fold
// behind 'Menu'. An admin also gets the author's tools underneath.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSite } from '../../lib/site';
import { AuthorTools } from './author-tools';
import { LogoMark } from './logo-mark';
import { NAV_LINKS } from './nav-links';
import { SearchLink } from './search-link';
import { ThemeToggle } from './theme-toggle';

export function SiteHeader() {
  const site = useSite();
  const location = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  // The menu is open for the location it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape' && menuOpen) {
      setOpenOn(null);
      menuButtonRef.current?.focus();
    }
  }

  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Link className="site-logo" to="/" aria-label={site ? `${site.name}, home page` : 'Home page'}>
          <LogoMark />
          <span className="site-logo-name">{site?.name}</span>
        </Link>
        <nav className="site-nav" aria-label="Main" onKeyDown={closeOnEscape}>
          <button
            ref={menuButtonRef}
            className="menu-button"
            type="button"
            aria-expanded={menuOpen}
            aria-controls={listId}
            onClick={() => setOpenOn(menuOpen ? null : location.key)}
          >
            <span className="menu-button-icon" aria-hidden="true" />
            Menu
          </button>
          <ul id={listId} className="site-nav-list" data-open={menuOpen}>
            {NAV_LINKS.map(({ label, to }) => (
              <li key={to}>
                <NavLink className="site-nav-link" to={to}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
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
