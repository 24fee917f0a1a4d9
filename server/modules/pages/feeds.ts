// The RSS 2.0 and Atom 1.0 feeds: the newest posts with their title, link, dates, subtitle
// as the summary, image as an enclosure, and the full content (sanitized when it was stored). One pair
// for the whole blog (/rss.xml, /atom.xml), one per category (/games/rss.xml...) and one per tag
// (/tag/{slug}/rss.xml, issue 36). Pure: the posts
// and the sizes of their image files are handed in.
import type { Config } from '../../config.ts';
import { CATEGORY_SCREENS, pageTitle, SCREEN_TEXTS, type CategoryScreen } from '#kernel/page-meta-rules.ts';
import { APP_IMAGE_URLS, type ImageUrls } from '../media/image-urls.ts';
import type { PublishedPost } from '../post/post.service.ts';
import { cdata, escapeMarkup } from '../../http/markup.ts';
import { postPath, tagPath } from '#kernel/route-paths.ts';
import { tagHeading, tagDescription } from '#kernel/tag-rules.ts';

export type FeedFormat = 'rss' | 'atom';

export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
};

export interface FeedLink {
  type: string;
  title: string;
  href: string;
}

type Site = Pick<Config, 'siteName' | 'siteUrl'> & { site?: Pick<Config['site'], 'tagline' | 'language'> };

/** A tag's list, as its feeds name it. */
export interface TagFeed {
  tag: { name: string; slug: string };
}

/** What a feed lists: the blog (null), a category, or a tag's posts. */
export type FeedList = CategoryScreen | TagFeed | null;

/** A list's address, heading and description (none: the blog's). */
function listOf(list: FeedList): { path: string; heading?: string; description?: string } {
  if (list === null) return { path: '' };
  if ('tag' in list) {
    return {
      path: tagPath(list.tag.slug),
      heading: tagHeading(list.tag.name),
      description: tagDescription(list.tag.name),
    };
  }
  return { path: `/${list.path}`, heading: list.heading, description: list.description };
}

export function feedPath(format: FeedFormat, list: FeedList): string {
  return `${listOf(list).path}/${format}.xml`;
}

/** The <link rel="alternate"> targets for a page's head: RSS and Atom of the blog, a category or a tag. */
export function feedLinks(list: FeedList, site: Site): FeedLink[] {
  const title = pageTitle(listOf(list).heading, site.siteName);
  return (['rss', 'atom'] as const).map((format) => ({
    type: FEED_TYPES[format],
    title: `${title} (${format === 'rss' ? 'RSS' : 'Atom'})`,
    href: `${site.siteUrl}${feedPath(format, list)}`,
  }));
}

export interface FeedInput {
  posts: PublishedPost[];
  /** Which list: the blog (null), a category or a tag. */
  category: FeedList;
  authorName: string | null;
  /** Size in bytes of each post's largest image file, by storage key (enclosures must state it). */
  imageBytes: ReadonlyMap<string, number>;
  site: Site;
  /** Where images are published; the app's /uploads/ when not given. */
  imageUrls?: ImageUrls;
}

interface FeedItem {
  url: string;
  title: string;
  summary: string;
  content: string;
  published: Date;
  updated: Date;
  category: CategoryScreen;
  /** Its tags, in the author's order: each a category of its own in the feed, as on the post's page. */
  tags: Array<{ name: string; slug: string }>;
  image: { url: string; type: string; bytes: number; width: number; height: number };
}

// Feed readers show content outside the site, where a link to /blog/... or a picture's
// /uploads/... would lead nowhere.
function absoluteLinks(html: string, siteUrl: string): string {
  return html
    .replace(/(<(?:a\b[^>]*?\shref|img\b[^>]*?\ssrc)=")(\/(?!\/)[^"]*")/gi, (_match, start: string, rest: string) => {
      return `${start}${siteUrl}${rest}`;
    })
    .replace(/(<img\b[^>]*?\ssrcset=")([^"]*)"/gi, (_match, start: string, srcset: string) => {
      return `${start}${srcset.replace(/(^|,\s*)\/(?!\/)/g, `$1${siteUrl}/`)}"`;
    });
}

function itemsOf(input: FeedInput): FeedItem[] {
  const { siteUrl } = input.site;
  return input.posts.map((post) => {
    return {
      url: `${siteUrl}${postPath(post.slug)}`,
      title: post.title,
      summary: post.subtitle,
      content: absoluteLinks(post.content, siteUrl),
      published: post.publishedAt,
      updated: post.updatedAt,
      category: CATEGORY_SCREENS.find((screen) => screen.category === post.category)!,
      tags: post.tags.map(({ tag }) => tag),
      image: {
        url: (input.imageUrls ?? APP_IMAGE_URLS).absoluteLargestUrl(post.image, siteUrl),
        type: post.image.mimeType,
        bytes: input.imageBytes.get(post.image.storageKey) ?? 0,
        width: post.image.width,
        height: post.image.height,
      },
    };
  });
}

function channelOf(input: FeedInput) {
  const { site } = input;
  const list = listOf(input.category);
  return {
    title: pageTitle(list.heading, site.siteName),
    description: list.description ?? site.site?.tagline ?? SCREEN_TEXTS.home.description,
    homeUrl: `${site.siteUrl}${list.path || '/'}`,
    author: input.authorName ?? site.siteName,
    language: site.site?.language ?? 'en',
  };
}

/** The newest change of any item; the epoch for an empty feed, so its body (and ETag) stays stable. */
function lastUpdated(items: FeedItem[]): Date {
  return new Date(Math.max(0, ...items.map((item) => item.updated.getTime())));
}

export function rssFeed(input: FeedInput): string {
  const channel = channelOf(input);
  const items = itemsOf(input);
  const e = escapeMarkup;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    `<title>${e(channel.title)}</title>`,
    `<link>${e(channel.homeUrl)}</link>`,
    `<description>${e(channel.description)}</description>`,
    `<language>${e(channel.language)}</language>`,
    ...(items.length ? [`<lastBuildDate>${lastUpdated(items).toUTCString()}</lastBuildDate>`] : []),
    `<atom:link href="${e(input.site.siteUrl + feedPath('rss', input.category))}" rel="self" type="${FEED_TYPES.rss}"/>`,
    ...items.flatMap((item) => [
      '<item>',
      `<title>${e(item.title)}</title>`,
      `<link>${e(item.url)}</link>`,
      `<guid isPermaLink="true">${e(item.url)}</guid>`,
      `<pubDate>${item.published.toUTCString()}</pubDate>`,
      // RSS's own <author> must be an e-mail address; Dublin Core's creator takes a name.
      `<dc:creator>${e(channel.author)}</dc:creator>`,
      `<category>${e(item.category.heading)}</category>`,
      // A tag's address is its domain: a reader tells "Game" the category from a tag named so.
      ...item.tags.map(
        (tag) => `<category domain="${e(`${input.site.siteUrl}${tagPath(tag.slug)}`)}">${e(tag.name)}</category>`,
      ),
      `<description>${e(item.summary)}</description>`,
      `<content:encoded>${cdata(item.content)}</content:encoded>`,
      `<enclosure url="${e(item.image.url)}" length="${item.image.bytes}" type="${e(item.image.type)}"/>`,
      `<media:content url="${e(item.image.url)}" medium="image" type="${e(item.image.type)}" width="${item.image.width}" height="${item.image.height}"/>`,
      '</item>',
    ]),
    '</channel>',
    '</rss>',
  ];
  return `${lines.join('\n')}\n`;
}

export function atomFeed(input: FeedInput): string {
  const channel = channelOf(input);
  const items = itemsOf(input);
  const { siteUrl } = input.site;
  const selfUrl = siteUrl + feedPath('atom', input.category);
  const e = escapeMarkup;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="${e(channel.language)}">`,
    `<id>${e(selfUrl)}</id>`,
    `<title type="text">${e(channel.title)}</title>`,
    `<subtitle type="text">${e(channel.description)}</subtitle>`,
    `<updated>${lastUpdated(items).toISOString()}</updated>`,
    `<link rel="self" type="${FEED_TYPES.atom}" href="${e(selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${e(channel.homeUrl)}"/>`,
    `<author><name>${e(channel.author)}</name></author>`,
    `<icon>${e(`${siteUrl}/favicon.png`)}</icon>`,
    ...items.flatMap((item) => [
      '<entry>',
      `<id>${e(item.url)}</id>`,
      `<title type="text">${e(item.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${e(item.url)}"/>`,
      `<link rel="enclosure" type="${e(item.image.type)}" length="${item.image.bytes}" href="${e(item.image.url)}"/>`,
      `<published>${item.published.toISOString()}</published>`,
      `<updated>${item.updated.toISOString()}</updated>`,
      `<category term="${e(item.category.category)}" label="${e(item.category.heading)}"/>`,
      ...item.tags.map(
        (tag) => `<category term="${e(tag.slug)}" scheme="${e(`${siteUrl}${tagPath('')}`)}" label="${e(tag.name)}"/>`,
      ),
      `<summary type="text">${e(item.summary)}</summary>`,
      `<content type="html" xml:base="${e(`${siteUrl}/`)}">${e(item.content)}</content>`,
      `<media:thumbnail url="${e(item.image.url)}" width="${item.image.width}" height="${item.image.height}"/>`,
      '</entry>',
    ]),
    '</feed>',
  ];
  return `${lines.join('\n')}\n`;
}
