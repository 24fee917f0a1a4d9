// schema.org JSON-LD for search engines: a BlogPosting for each post page, and the WebSite
// with its search box (a SearchAction) for the home page.
import type { PublishedPost } from '../post/post.service.ts';
import { postPath } from '#kernel/route-paths.ts';
import { ImageUrls } from '../media/image-urls.ts';

export interface SiteFacts {
  siteName: string;
  siteUrl: string;
  /** The site's settings (issue 36): its language. */
  /** Where images are published, when not below the site's own /uploads/ (UPLOADS_PUBLIC_URL). */
  uploadsPublicUrl?: string;
  site?: { language: string; avatar?: Parameters<ImageUrls['absoluteLargestUrl']>[0] | null };
}

/** A person when the blog has a named author (with their picture, when set), otherwise the site itself. */
export function authorNode(authorName: string | null, site: SiteFacts) {
  const avatar = site.site?.avatar;
  return authorName
    ? {
        '@type': 'Person',
        name: authorName,
        url: `${site.siteUrl}/about`,
        ...(avatar
          ? { image: new ImageUrls(site.uploadsPublicUrl ?? null).absoluteLargestUrl(avatar, site.siteUrl) }
          : {}),
      }
    : { '@type': 'Organization', name: site.siteName, url: `${site.siteUrl}/` };
}

/** A reader's comment as schema.org has it (issue 38): never the e-mail. */
export interface CommentFacts {
  name: string;
  website: string | null;
  text: string;
  createdAt: Date;
}

export function blogPostingData(
  post: PublishedPost,
  image: { url: string; width: number; height: number },
  authorName: string | null,
  site: SiteFacts,
  comments: readonly CommentFacts[] = [],
) {
  const url = `${site.siteUrl}${postPath(post.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: post.title,
    description: post.description || post.subtitle,
    image: { '@type': 'ImageObject', url: image.url, width: image.width, height: image.height },
    datePublished: post.publishedAt.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    author: authorNode(authorName, site),
    ...(site.site ? { inLanguage: site.site.language } : {}),
    publisher: { '@type': 'Organization', name: site.siteName, url: `${site.siteUrl}/` },
    isPartOf: { '@type': 'Blog', '@id': `${site.siteUrl}/blog`, name: site.siteName },
    // Its tags (issue 36), as schema.org's comma-separated text.
    ...(post.tags.length ? { keywords: post.tags.map(({ tag }) => tag.name).join(', ') } : {}),
    // Its approved comments (issue 38), as the page shows them.
    commentCount: comments.length,
    ...(comments.length
      ? {
          comment: comments.map((comment) => ({
            '@type': 'Comment',
            author: { '@type': 'Person', name: comment.name, ...(comment.website ? { url: comment.website } : {}) },
            dateCreated: comment.createdAt.toISOString(),
            text: comment.text,
          })),
        }
      : {}),
  };
}

export function webSiteData(description: string, site: SiteFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${site.siteUrl}/`,
    url: `${site.siteUrl}/`,
    name: site.siteName,
    description,
    inLanguage: site.site?.language ?? 'en',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.siteUrl}/blog/search/{search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
