import { useEffect } from 'react';
import { useMenu } from '../../lib/menus';
import { useSite } from '../../lib/site';
import { MenuLink } from './menu-link';
import { FooterAccount } from './footer-account';

export function SiteFooter() {
  const site = useSite();
  // The server wrote the site's language into <html lang> (its settings); a change saved in this
  // tab reaches it here, without a reload.
  const language = site?.language;
  useEffect(() => {
    if (language) document.documentElement.lang = language;
  }, [language]);
  const menu = useMenu('footer');
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <div className="site-footer-account">
          <FooterAccount />
        </div>
        <nav aria-label="Legal">
          <ul className="site-footer-links">
            {menu.map((entry, index) => (
              <li key={index}>
                <MenuLink entry={entry} />
              </li>
            ))}
          </ul>
        </nav>
        {/* A plain link: the feed is a file the browser (or a feed reader) opens, not a screen. */}
        <p className="site-footer-feed">
          <a href="/rss.xml" type="application/rss+xml">
            RSS feed
          </a>
        </p>
        {site?.footerText && <p className="site-footer-text">{site.footerText}</p>}
        <p className="site-footer-credit">
          © {new Date().getFullYear()} {site?.name} · Designed and built by{' '}
          <a href={site?.owner.portfolioUrl} rel="author">
            {site?.owner.name ?? 'the author'}
          </a>
        </p>
      </div>
    </footer>
  );
}
