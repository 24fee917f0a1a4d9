// The feed of the latest approved comments (issue 38, item 5): /comments/feed.xml, RSS 2.0, newest
// first, each item linking to the comment on its post's page. Only comments on published posts; the
// commenter's e-mail is never in it (PUBLIC_SELECT has none). Cached like the site's other feeds
// until a comment is approved or removed or a post it names changes (CommentService.latest).
import type { Hono } from 'hono';
import { COMMENTS_FEED_PATH } from '#kernel/comment-rules.ts';
import { postPath } from '#kernel/route-paths.ts';
import type { Config } from '../../config.ts';
import { readResponse } from '../../http/http-cache.ts';
import { escapeMarkup } from '../../http/markup.ts';
import type { Services } from '../../services.ts';
import type { LatestComment } from './comment.service.ts';

/** The text an item carries: the comment as written, shortened for a reader's list. */
const SUMMARY_CHARS = 500;

export function commentsRss(
  comments: readonly LatestComment[],
  site: Pick<Config, 'siteName' | 'siteUrl'>,
  language: string,
): string {
  const e = escapeMarkup;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${e(`Comments · ${site.siteName}`)}</title>`,
    `<link>${e(`${site.siteUrl}/blog`)}</link>`,
    `<atom:link href="${e(site.siteUrl + COMMENTS_FEED_PATH)}" rel="self" type="application/rss+xml"/>`,
    `<description>${e(`The latest comments on ${site.siteName}.`)}</description>`,
    `<language>${e(language)}</language>`,
    ...comments.map((comment) => {
      const url = `${site.siteUrl}${postPath(comment.post.slug)}#comment-${comment.id}`;
      const text =
        comment.text.length > SUMMARY_CHARS ? `${comment.text.slice(0, SUMMARY_CHARS - 1).trimEnd()}…` : comment.text;
      return [
        '<item>',
        `<title>${e(`${comment.name} on ${comment.post.title}`)}</title>`,
        `<link>${e(url)}</link>`,
        `<guid isPermaLink="true">${e(url)}</guid>`,
        `<dc:creator>${e(comment.name)}</dc:creator>`,
        `<pubDate>${comment.createdAt.toUTCString()}</pubDate>`,
        `<description>${e(text)}</description>`,
        '</item>',
      ].join('');
    }),
    '</channel>',
    '</rss>',
  ];
  return `${lines.join('\n')}\n`;
}

export function registerCommentsFeed(app: Hono, config: Config, services: Services): void {
  app.get(COMMENTS_FEED_PATH, async (c) =>
    readResponse(
      c.req.raw,
      commentsRss(
        await services.comments.latest(),
        { siteName: config.siteName, siteUrl: config.siteUrl },
        config.site.language,
      ),
      { contentType: 'application/rss+xml; charset=utf-8' },
    ),
  );
}
