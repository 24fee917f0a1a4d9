// The routes crawlers and feed readers use: the feeds, /sitemap.xml and /robots.txt, each a
// validated public read (server/http/http-cache.ts). Registered before the client's catch-all.
import type { Hono } from 'hono';
import type { Config } from '../../config.ts';
import { readResponse } from '../../http/http-cache.ts';
import { CATEGORY_SCREENS, type CategoryScreen } from '#kernel/page-meta-rules.ts';
import type { ImageStorage } from '../media/image-storage.ts';
import { largestImagePath } from '../media/image-urls.ts';
import type { PublishedPost } from '../post/post.service.ts';
import type { Services } from '../../services.ts';
import { atomFeed, FEED_TYPES, feedPath, rssFeed, type FeedFormat } from './feeds.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

/** Sizes of the posts' largest image files; a file that cannot be read counts 0 (RSS's "unknown"). */
async function imageBytes(storage: ImageStorage, posts: PublishedPost[]): Promise<Map<string, number>> {
  const entries = await Promise.all(
    posts.map(async ({ image }) => {
      const size = await storage.size(largestImagePath(image)).then(
        (bytes) => bytes ?? 0,
        () => 0,
      );
      return [image.storageKey, size] as const;
    }),
  );
  return new Map(entries);
}

export function registerSeoRoutes(app: Hono, config: Config, services: Services): void {
  // Read at each answer: the site's settings change while the server runs (the first-run setup, /admin/settings).
  const site = () => ({ siteName: config.siteName, siteUrl: config.siteUrl, site: config.site });

  const feed = (format: FeedFormat, category: CategoryScreen | null) =>
    app.get(feedPath(format, category), async (c) => {
      const [posts, authorName] = await Promise.all([
        services.seo.newestPosts(category?.category ?? null),
        services.seo.authorName(),
      ]);
      const input = {
        posts,
        category,
        authorName,
        imageBytes: await imageBytes(services.images.storage, posts),
        site: site(),
        imageUrls: services.imageUrls,
      };
      const body = format === 'rss' ? rssFeed(input) : atomFeed(input);
      return readResponse(c.req.raw, body, { contentType: `${FEED_TYPES[format]}; charset=utf-8` });
    });
  for (const category of [null, ...CATEGORY_SCREENS]) {
    feed('rss', category);
    feed('atom', category);
  }

  app.get('/sitemap.xml', async (c) => {
    const [counts, posts, pages] = await Promise.all([
      services.seo.postCounts(),
      services.seo.sitemapPosts(),
      services.pages.list({ drafts: false }),
    ]);
    return readResponse(c.req.raw, sitemapXml(site(), counts, posts, services.imageUrls, pages), {
      contentType: 'application/xml; charset=utf-8',
    });
  });

  app.get('/robots.txt', (c) =>
    readResponse(c.req.raw, robotsTxt(site()), { contentType: 'text/plain; charset=utf-8' }),
  );
}
