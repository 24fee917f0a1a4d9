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

/** What a review's JSON-LD needs of a shelf item (issue 41). */
export interface ReviewedItem {
  kind: 'game' | 'tv' | 'book' | 'anime';
  title: string;
  slug: string;
  creator: string;
  year: number | null;
  ratingHalves: number | null;
}

const REVIEWED_TYPES = { book: 'Book', game: 'VideoGame', tv: 'TVSeries', anime: 'TVSeries' } as const;

/**
 * A post about shelf items is a Review of the first (issue 41): the BlogPosting's facts with the
 * item reviewed (a Book, VideoGame or TVSeries, anime being a TV series) and its rating, so search
 * engines can show the stars; a post about several items reviews each in a Review of its own.
 */
export function reviewData(
  posting: ReturnType<typeof blogPostingData>,
  items: readonly ReviewedItem[],
  site: SiteFacts,
) {
  const reviewOf = (item: ReviewedItem) => {
    const type = REVIEWED_TYPES[item.kind];
    const creatorKey = type === 'Book' ? 'author' : 'creator';
    return {
      itemReviewed: {
        '@type': type,
        name: item.title,
        url: `${site.siteUrl}/shelf/${item.slug}`,
        ...(item.creator
          ? { [creatorKey]: { '@type': type === 'Book' ? 'Person' : 'Organization', name: item.creator } }
          : {}),
        ...(item.year ? { datePublished: String(item.year) } : {}),
      },
      ...(item.ratingHalves
        ? { reviewRating: { '@type': 'Rating', ratingValue: item.ratingHalves / 2, bestRating: 5, worstRating: 0.5 } }
        : {}),
    };
  };
  const [first, ...others] = items;
  return [
    { ...posting, '@type': 'Review', ...reviewOf(first!) },
    ...others.map((item) => ({
      '@context': 'https://schema.org',
      '@type': 'Review',
      url: posting.url,
      name: posting.headline,
      author: posting.author,
      datePublished: posting.datePublished,
      ...reviewOf(item),
    })),
  ];
}
