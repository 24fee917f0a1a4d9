// A screen's metadata (its title, description, canonical link and social tags): React 19 hoists these tags
// into <head> and removes them when the screen goes away. The server puts the same tags in the HTML
// it sends for crawlers; this keeps them right as the reader navigates in the app.
import { useLayoutEffect } from 'react';
import { imageTypeOf, pageTitle, SOCIAL_IMAGE, type SocialImage } from '#kernel/page-meta-rules.ts';
import { useHydrated } from '../lib/hydration';
import { useSite } from '../lib/site';

interface PageMetaProps {
  /** The screen's own title; the site name is appended. Leave out on the home page: just the site name. */
  title?: string;
  description: string;
  /** This screen's canonical path, such as '/blog' or '/blog/page/2'. */
  path: string;
  /** Defaults to the site's 900x296 social image. */
  image?: SocialImage;
  type?: 'website' | 'article';
  /** Form and admin screens, error pages: keep them out of search engines. */
  noindex?: boolean;
}

export function PageMeta({ title, description, path, image = SOCIAL_IMAGE, type = 'website', noindex }: PageMetaProps) {
  const site = useSite();
  // The server wrote the first page's tags into its head itself (server/modules/pages/page-head.ts):
  // rendered during hydration, React would put a second copy of each there. Until the site's name
  // arrives, the <title> of the HTML the server sent stays in place.
  const hydrated = useHydrated();
  const rendered = Boolean(site && hydrated);
  // The server's copies (data-server-meta="page") go in the same commit that put React's in the head:
  // the document is never without its title, nor with two. Removed when the app started, they left
  // it without a title until the render after hydration, which a screen reader or axe could meet.
  // The feed links and the JSON-LD (data-server-meta="extra") stay: React renders no copy of them,
  // and crawlers that run JavaScript read structured data from the rendered page.
  useLayoutEffect(() => {
    if (!rendered) return;
    for (const element of document.head.querySelectorAll('[data-server-meta="page"]')) element.remove();
  }, [rendered]);
  if (!rendered || !site) return null;
  const fullTitle = pageTitle(title, site.name);
  const canonical = new URL(path, site.url).href;
  const imageUrl = new URL(image.url, site.url).href;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:type" content={imageTypeOf(imageUrl)} />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      {/* A cover without a text alternative is decorative, as the server's head tags say too. */}
      {image.alt && <meta property="og:image:alt" content={image.alt} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {image.alt && <meta name="twitter:image:alt" content={image.alt} />}
    </>
  );
}
