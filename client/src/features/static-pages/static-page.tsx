// The frame of the about, hire-me, privacy and disclaimer pages: a narrow article with its head
// tags and its heading.
import type { ReactNode } from 'react';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import type { SiteOwner } from '../../lib/site';

/**
 * The owner's details before the site query has answered (a page the browser renders itself, for a
 * moment): nothing to show yet. A page the server rendered arrives with them.
 */
export const NO_OWNER_YET: SiteOwner = { name: null, bio: null, contactEmail: '', portfolioUrl: '', socialLinks: [] };

interface StaticPageProps {
  screen: 'about' | 'hireMe' | 'privacyPolicy' | 'disclaimer';
  path: string;
  heading: string;
  children: ReactNode;
}

export function StaticPage({ screen, path, heading, children }: StaticPageProps) {
  return (
    <article className="container container-narrow prose">
      <PageMeta {...SCREEN_TEXTS[screen]} path={path} />
      <h1>{heading}</h1>
      {children}
    </article>
  );
}
