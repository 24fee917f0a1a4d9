// /sitemap.xml and /robots.txt. The sitemap lists what a search engine should index: the
// home page, the author's published pages, the list pages up to their current count, and every post with the
// time it last changed (and its image). robots.txt points at it and keeps crawlers off the form and
// admin screens and the account API. Pure: the counts and posts are handed in.
import type { Config } from '../../config.ts';
import { CATEGORY_SCREENS } from '#kernel/page-meta-rules.ts';
import { pageCount } from '#kernel/post-rules.ts';
import { APP_IMAGE_URLS, type ImageUrls } from '../media/image-urls.ts';
import { SITEMAP_MAX_URLS, type PostCounts, type SitemapPost, type SitemapTag } from './seo.service.ts';
import { escapeMarkup } from '../../http/markup.ts';
import { listPagePath, pagePath, postPath, tagPath } from '#kernel/route-paths.ts';

type Site = Pick<Config, 'siteUrl'>;

/** A published page the author wrote (about, /now...), as the sitemap lists it. */
export interface SitemapPage {
  slug: string;
  updatedAt: Date;
}

/** Paths a crawler has no business fetching: forms, admin screens, the account API. */
export const DISALLOWED_PATHS = [
  '/login',
  '/profile',
  '/new',
  '/new-upcoming',
  '/show-upcoming',
  '/admin/',
  '/blog/*/edit',
  '/api/users',
] as const;

interface SitemapUrl {
  path: string;
  lastModified?: Date | null;
  imageUrl?: string;
}

/** /prefix, then /prefix/page/2 ... /prefix/page/{pages}: page 1 is the list's own address. */
function listUrls(prefix: string, total: number, lastModified: Date | null): SitemapUrl[] {
  const pages = pageCount(total);
  const urls: SitemapUrl[] = [{ path: prefix, lastModified }];
  for (let page = 2; page <= pages; page++) urls.push({ path: listPagePath(prefix, page) });
  return urls;
}

export function sitemapUrls(
  counts: PostCounts,
  posts: SitemapPost[],
  imageUrls: ImageUrls = APP_IMAGE_URLS,
  pages: SitemapPage[] = [],
  tags: readonly SitemapTag[] = [],
  /** Other addresses to list (issue 41: the shelf's). */
  more: readonly SitemapUrl[] = [],
): SitemapUrl[] {
  return [
    { path: '/', lastModified: counts.lastModified },
    ...pages.map((page) => ({ path: pagePath(page.slug), lastModified: page.updatedAt })),
    ...listUrls('/blog', counts.total, counts.lastModified),
    ...CATEGORY_SCREENS.flatMap((screen) =>
      listUrls(`/${screen.path}`, counts.byCategory[screen.category], counts.lastModifiedByCategory[screen.category]),
    ),
    ...tags.flatMap((tag) => listUrls(tagPath(tag.slug), tag.total, tag.lastModified)),
    ...posts.map((post) => ({
      path: postPath(post.slug),
      lastModified: post.updatedAt,
      imageUrl: imageUrls.largestUrl(post.image),
    })),
    ...more,
  ];
}

export function sitemapXml(
  site: Site,
  counts: PostCounts,
  posts: SitemapPost[],
  imageUrls: ImageUrls = APP_IMAGE_URLS,
  pages: SitemapPage[] = [],
  tags: readonly SitemapTag[] = [],
  more: readonly SitemapUrl[] = [],
): string {
  const e = escapeMarkup;
  // Images published elsewhere (UPLOADS_PUBLIC_URL) have absolute addresses already.
  const absolute = (url: string) => (url.startsWith('/') ? site.siteUrl + url : url);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    // Past the protocol's limit the oldest posts are left out (posts come newest first).
    ...sitemapUrls(counts, posts, imageUrls, pages, tags, more)
      .slice(0, SITEMAP_MAX_URLS)
      .map((url) =>
        [
          '<url>',
          `<loc>${e(site.siteUrl + url.path)}</loc>`,
          url.lastModified ? `<lastmod>${url.lastModified.toISOString()}</lastmod>` : '',
          url.imageUrl ? `<image:image><image:loc>${e(absolute(url.imageUrl))}</image:loc></image:image>` : '',
          '</url>',
        ].join(''),
      ),
    '</urlset>',
  ];
  return `${lines.join('\n')}\n`;
}

export function robotsTxt(site: Site): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${site.siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
