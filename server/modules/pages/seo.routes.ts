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
import { atomFeed, FEED_TYPES, type FeedList, feedPath, rssFeed, type FeedFormat } from './feeds.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { shelfSitemapUrls } from '../shelf/shelf.routes.ts';

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

  const answer = async (request: Request, format: FeedFormat, list: FeedList, posts: PublishedPost[]) => {
    const [authorName, bytes] = await Promise.all([
      services.seo.authorName(),
      imageBytes(services.images.storage, posts),
    ]);
    const input = {
      posts,
      category: list,
      authorName,
      imageBytes: bytes,
      site: site(),
      imageUrls: services.imageUrls,
    };
    const body = format === 'rss' ? rssFeed(input) : atomFeed(input);
    return readResponse(request, body, { contentType: `${FEED_TYPES[format]}; charset=utf-8` });
  };

  const feed = (format: FeedFormat, category: CategoryScreen | null) =>
    app.get(feedPath(format, category), async (c) =>
      answer(c.req.raw, format, category, await services.seo.newestPosts(category?.category ?? null)),
    );
  for (const category of [null, ...CATEGORY_SCREENS]) {
    feed('rss', category);
    feed('atom', category);
  }
  // A tag's feeds (issue 36); a renamed or merged tag's former address leads to its current feed.
  for (const format of ['rss', 'atom'] as const) {
    app.get(`/tag/:slug/${format}.xml`, async (c) => {
      const found = await services.posts.tagBySlug(c.req.param('slug'));
      if (found === null) return c.text('Tag not found', 404);
      if ('redirectTo' in found)
        return c.redirect(feedPath(format, { tag: { name: '', slug: found.redirectTo } }), 301);
      const posts = await services.seo.newestPosts(null, undefined, found.tag);
      return answer(c.req.raw, format, found, posts);
    });
  }

  app.get('/sitemap.xml', async (c) => {
    const [counts, posts, pages, tags, shelf] = await Promise.all([
      services.seo.postCounts(),
      services.seo.sitemapPosts(),
      services.pages.list({ drafts: false }),
      services.seo.sitemapTags(),
      shelfSitemapUrls(services.shelf),
    ]);
    return readResponse(c.req.raw, sitemapXml(site(), counts, posts, services.imageUrls, pages, tags, shelf), {
      contentType: 'application/xml; charset=utf-8',
    });
  });

  app.get('/robots.txt', (c) =>
    readResponse(c.req.raw, robotsTxt(site()), { contentType: 'text/plain; charset=utf-8' }),
  );
}
