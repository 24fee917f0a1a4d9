// The shelf's crawler and feed-reader doors (issue 41): /shelf/feed.xml, an RSS feed of the items
// finished lately (latest first), and the shelf's addresses for the sitemap. Registered before the
// client's catch-all, beside the site's other feeds.
import type { Hono } from 'hono';
import type { Config } from '../../config.ts';
import { readResponse } from '../../http/http-cache.ts';
import { escapeMarkup } from '../../http/markup.ts';
import type { Services } from '../../services.ts';
import {
  ratingText,
  SHELF_FEED_PATH,
  SHELF_KIND_LABELS,
  SHELF_TEXT,
  shelfPath,
  shelfYearPath,
} from '#kernel/shelf-rules.ts';
import type { ShelfItemWithImage, ShelfService } from './shelf.service.ts';

export function shelfRss(
  items: readonly ShelfItemWithImage[],
  site: Pick<Config, 'siteName' | 'siteUrl'>,
  language: string,
) {
  const e = escapeMarkup;
  const when = (item: ShelfItemWithImage) => item.finishedOn ?? item.updatedAt;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${e(`Finished: ${SHELF_TEXT.title} · ${site.siteName}`)}</title>`,
    `<link>${e(`${site.siteUrl}/shelf`)}</link>`,
    `<atom:link href="${e(site.siteUrl + SHELF_FEED_PATH)}" rel="self" type="application/rss+xml"/>`,
    `<description>${e('The games, anime, TV shows and books I finished lately.')}</description>`,
    `<language>${e(language)}</language>`,
    ...items.map((item) => {
      const url = `${site.siteUrl}${shelfPath(item.slug)}`;
      const facts = [
        SHELF_KIND_LABELS[item.kind],
        item.creator,
        item.ratingHalves === null ? '' : ratingText(item.ratingHalves),
      ].filter(Boolean);
      return [
        '<item>',
        `<title>${e(item.title)}</title>`,
        `<link>${e(url)}</link>`,
        `<guid isPermaLink="true">${e(url)}</guid>`,
        `<pubDate>${when(item).toUTCString()}</pubDate>`,
        `<category>${e(SHELF_KIND_LABELS[item.kind])}</category>`,
        `<description>${e(facts.join(' · '))}</description>`,
        '</item>',
      ].join('');
    }),
    '</channel>',
    '</rss>',
  ];
  return `${lines.join('\n')}\n`;
}

/** The shelf's addresses a search engine should index: the list, each item, each year in review. */
export async function shelfSitemapUrls(
  shelf: ShelfService,
): Promise<Array<{ path: string; lastModified: Date | null }>> {
  const [items, years] = await Promise.all([shelf.all(), shelf.years()]);
  if (items.length === 0) return [];
  const latest = items.reduce((max, item) => (item.updatedAt > max ? item.updatedAt : max), items[0]!.updatedAt);
  return [
    { path: '/shelf', lastModified: latest },
    ...years.map((year) => ({ path: shelfYearPath(year), lastModified: null })),
    ...items.map((item) => ({ path: shelfPath(item.slug), lastModified: item.updatedAt })),
  ];
}

export function registerShelfFeed(app: Hono, config: Config, services: Services): void {
  app.get(SHELF_FEED_PATH, async (c) =>
    readResponse(
      c.req.raw,
      shelfRss(
        await services.shelf.finished(),
        { siteName: config.siteName, siteUrl: config.siteUrl },
        config.site.language,
      ),
      { contentType: 'application/rss+xml; charset=utf-8' },
    ),
  );
}
