// The metadata of the page at a path, as the client's <PageMeta> renders it for the same screen
// (client/src/components/page-meta.tsx), plus what only the server writes: the HTTP status, the
// feed links and the JSON-LD. Unknown paths and posts are 404s with noindex; form and admin screens
// are noindex and never cached.
import type { Config } from '../../config.ts';
import {
  imageTypeOf,
  pageTitle,
  SCREEN_TEXTS,
  SOCIAL_IMAGE,
  SOCIAL_IMAGE_SIZE,
  type ScreenText,
} from '#kernel/page-meta-rules.ts';
import { pageCount } from '#kernel/post-rules.ts';
import { socialImagePath } from '../media/social-image.ts';
import type { PageService } from '../page/page.service.ts';
import type { PostService, PublishedPost } from '../post/post.service.ts';
import { feedLinks, type FeedLink } from './feeds.ts';
import type { PageRoute } from './page-routes.ts';
import type { SeoService } from './seo.service.ts';
import { blogPostingData, reviewData, webSiteData } from './structured-data.ts';
import type { ShelfService } from '../shelf/shelf.service.ts';
import { SHELF_STATUS_LABELS, SHELF_TEXT, shelfPath, shelfYearPath, shelfYearText } from '#kernel/shelf-rules.ts';
import { canonicalListPagePath, pagePath, postPath, searchPath, tagPath } from '#kernel/route-paths.ts';
import type { CommentService } from '../comments/comment.service.ts';
import { tagDescription, tagHeading } from '#kernel/tag-rules.ts';
import { SUBSCRIBE_PATH } from '#kernel/subscriber-rules.ts';

export interface MetaImage {
  /** Absolute. */
  url: string;
  type: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageMeta {
  status: 200 | 404;
  /** An address the page had before (a post's id or former slug): its current path, sent as a 301. */
  redirect?: string;
  /** Form and admin screens: no-store for everyone. */
  private: boolean;
  /** The full title, site name included. */
  title: string;
  description: string;
  canonicalUrl: string;
  noindex: boolean;
  type: 'website' | 'article';
  siteName: string;
  /** The site's language (its settings): <html lang>. */
  language: string;
  image: MetaImage;
  feeds: FeedLink[];
  jsonLd: object[];
}

export interface PageMetaDeps {
  config: Pick<Config, 'siteName' | 'siteUrl' | 'site'>;
  posts: Pick<PostService, 'bySlug' | 'tagBySlug' | 'list'>;
  seo: Pick<SeoService, 'listSize' | 'authorName'>;
  pages: Pick<PageService, 'bySlug'>;
  /** A post's approved comments, for its JSON-LD (issue 38); absent: none. */
  comments?: Pick<CommentService, 'approved'>;
  /** The shelf (issue 41): its pages, and the items a post is about (its JSON-LD is then a Review). */
  shelf?: Pick<ShelfService, 'bySlug' | 'yearInReview' | 'itemsOfPost'>;
}

/** A post's cover as link previews show it: cut to their box around the author's focal point. */
export function postImage(post: PublishedPost, siteUrl: string): MetaImage {
  const url = `${siteUrl}${socialImagePath(post.image)}`;
  return { url, type: 'image/jpeg', ...SOCIAL_IMAGE_SIZE, alt: post.imageAlt };
}

export class PageMetaResolver {
  constructor(private readonly deps: PageMetaDeps) {}

  /**
   * route: the request's, matched once for everything the page needs (client-files.ts); pathname:
   * its path as sent (percent-encoded), as the client's location.pathname has it.
   */
  async resolve(route: PageRoute, pathname: string): Promise<PageMeta> {
    const { config } = this.deps;
    const screen = (text: ScreenText, path: string, extra: Partial<PageMeta> = {}): PageMeta => {
      // Concatenated, not resolved: a path such as //evil.example must stay on this site.
      const canonicalUrl = new URL(`${config.siteUrl}${path}`).href;
      const socialUrl = `${config.siteUrl}${SOCIAL_IMAGE.url}`;
      return {
        status: 200,
        private: false,
        title: pageTitle(text.title, config.siteName),
        description: text.description,
        canonicalUrl,
        noindex: false,
        type: 'website',
        siteName: config.siteName,
        language: config.site.language,
        image: { ...SOCIAL_IMAGE, url: socialUrl, type: imageTypeOf(socialUrl) },
        feeds: feedLinks(null, config),
        jsonLd: [],
        ...extra,
      };
    };
    const notFound = (text: ScreenText) => screen(text, pathname, { status: 404, noindex: true });

    switch (route.kind) {
      case 'home': {
        // The author's tagline (the site's settings) describes the site when there is one.
        const home = { description: config.site.tagline ?? SCREEN_TEXTS.home.description };
        return screen(home, '/', { jsonLd: [webSiteData(home.description, config)] });
      }
      case 'page': {
        // Readers see published pages only; a draft is the admin's, rendered by their browser.
        const page = await this.deps.pages.bySlug(route.slug, { drafts: false });
        if (!page) return notFound(SCREEN_TEXTS.notFound);
        return screen({ title: page.title, description: page.description }, pagePath(page.slug));
      }
      case 'form':
        return screen(SCREEN_TEXTS[route.screen], route.path, { noindex: true, private: true });
      case 'notFound':
        return notFound(SCREEN_TEXTS.notFound);
      case 'blog':
      case 'category':
        return this.listPage(route, screen);
      case 'tag':
        return this.tagPage(route, screen, notFound(SCREEN_TEXTS.notFound));
      case 'searchForm':
        // Where the form lands with a keyword it refuses: the blog, with the message; never indexed.
        return screen(SCREEN_TEXTS.blog, '/blog', { noindex: true });
      case 'post': {
        const [found, authorName] = await Promise.all([this.deps.posts.bySlug(route.slug), this.deps.seo.authorName()]);
        if (!found) return notFound(SCREEN_TEXTS.missingPost);
        if ('redirectTo' in found)
          return { ...notFound(SCREEN_TEXTS.missingPost), redirect: postPath(found.redirectTo) };
        const { post } = found;
        const comments = (await this.deps.comments?.approved(post.id)) ?? [];
        const image = postImage(post, config.siteUrl);
        const description = post.description || post.subtitle;
        const posting = blogPostingData(post, image, authorName, config, comments);
        const items = (await this.deps.shelf?.itemsOfPost(post.id)) ?? [];
        return screen({ title: post.title, description }, postPath(post.slug), {
          type: 'article',
          image,
          jsonLd: items.length > 0 ? reviewData(posting, items, config) : [posting],
        });
      }
      case 'shelf':
        return this.shelfPage(route, screen, notFound(SCREEN_TEXTS.notFound));
      case 'subscribe':
        // Never kept by a cache: after a refused POST it holds the reader's address (subscribe-form.route.ts).
        return route.sent
          ? screen(SCREEN_TEXTS.subscribeSent, `${SUBSCRIBE_PATH}/sent`, { noindex: true, private: true })
          : screen(SCREEN_TEXTS.subscribe, SUBSCRIBE_PATH, { private: true });
    }
  }

  /** The shelf's pages: the list (its filters in the query string), an item, a year with finished items. */
  private async shelfPage(
    route: Extract<PageRoute, { kind: 'shelf' }>,
    screen: (text: ScreenText, path: string, extra?: Partial<PageMeta>) => PageMeta,
    notFound: PageMeta,
  ): Promise<PageMeta> {
    const shelf = this.deps.shelf;
    if (!shelf) return notFound;
    if (route.year !== null) {
      const review = await shelf.yearInReview(route.year).catch(() => null);
      if (!review || review.items.length === 0) return notFound;
      return screen(shelfYearText(route.year), shelfYearPath(route.year));
    }
    if (route.slug !== null) {
      const item = await shelf.bySlug(route.slug);
      if (!item) return notFound;
      const description = `${item.title} on my shelf: ${SHELF_STATUS_LABELS[item.status]}.`;
      return screen({ title: item.title, description }, shelfPath(item.slug));
    }
    return screen(SHELF_TEXT, '/shelf');
  }

  /**
   * A tag's list page: as a category's, and an address no tag has is a 404; a former one (the tag
   * renamed or merged) redirects to the tag's current address, at the same page.
   */
  private async tagPage(
    route: Extract<PageRoute, { kind: 'tag' }>,
    screen: (text: ScreenText, path: string, extra?: Partial<PageMeta>) => PageMeta,
    notFound: PageMeta,
  ): Promise<PageMeta> {
    const found = await this.deps.posts.tagBySlug(route.slug);
    if (found === null) return notFound;
    if ('redirectTo' in found) {
      return { ...notFound, redirect: canonicalListPagePath(tagPath(found.redirectTo), route.page) };
    }
    const { tag } = found;
    const { pages } = await this.deps.posts.list({ tag: tag.slug, page: 1 });
    const past = route.page > Math.max(1, pages);
    const text = { title: tagHeading(tag.name), description: tagDescription(tag.name) };
    return screen(text, canonicalListPagePath(tagPath(tag.slug), route.page), {
      feeds: [...feedLinks(null, this.deps.config), ...feedLinks({ tag }, this.deps.config)],
      ...(past ? { status: 404, noindex: true } : {}),
    });
  }

  /**
   * A list page keeps the list's own metadata (the client shows the list, with NOTHING FOUND), but a
   * page number past the last page is a 404 with noindex, so crawlers drop pages that emptied out.
   * Search results are never indexed, and cost no search here.
   */
  private async listPage(
    route: Extract<PageRoute, { kind: 'blog' | 'category' }>,
    screen: (text: ScreenText, path: string, extra?: Partial<PageMeta>) => PageMeta,
  ): Promise<PageMeta> {
    const { config } = this.deps;
    const at = (listPath: string) => canonicalListPagePath(listPath, route.page);
    if (route.kind === 'blog') {
      const text = SCREEN_TEXTS.blog;
      if (route.keyword !== null) {
        return screen(text, at(searchPath(route.keyword)), { noindex: true });
      }
      const pages = pageCount(await this.deps.seo.listSize(null));
      const past = route.page > Math.max(1, pages);
      return screen(text, at('/blog'), past ? { status: 404, noindex: true } : {});
    }
    const { category } = route;
    const past = route.page > Math.max(1, pageCount(await this.deps.seo.listSize(category.category)));
    return screen({ title: category.heading, description: category.description }, at(`/${category.path}`), {
      feeds: [...feedLinks(null, config), ...feedLinks(category, config)],
      ...(past ? { status: 404, noindex: true } : {}),
    });
  }
}
