// The <head> tags the server writes into index.html for each page, so link previews and crawlers that
// run no JavaScript see the page's own title, description, canonical link, sharing tags, feed links
// and structured data. Every tag carries data-server-meta, so the client can find and remove them:
//   data-server-meta="page"   what the client's <PageMeta> renders again (title, description,
//                             canonical, robots, og:*, twitter:*): remove before React renders it;
//   data-server-meta="extra"  what only the server writes (feed links, JSON-LD): right for the first
//                             page shown, stale after a client-side navigation.
import type { PageMeta } from './page-meta.ts';
import { escapeMarkup, jsonForScript } from '../../http/markup.ts';

const PAGE = 'data-server-meta="page"';
const EXTRA = 'data-server-meta="extra"';

const meta = (kind: 'name' | 'property', key: string, content: string) =>
  `<meta ${PAGE} ${kind}="${key}" content="${escapeMarkup(content)}">`;

/** The tags, in the order <PageMeta> renders them, then the feed links and JSON-LD. */
export function renderHeadTags(page: PageMeta): string {
  const e = escapeMarkup;
  const tags = [
    `<title ${PAGE}>${e(page.title)}</title>`,
    meta('name', 'description', page.description),
    `<link ${PAGE} rel="canonical" href="${e(page.canonicalUrl)}">`,
    ...(page.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', page.siteName),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.canonicalUrl),
    meta('property', 'og:image', page.image.url),
    meta('property', 'og:image:type', page.image.type),
    meta('property', 'og:image:width', String(page.image.width)),
    meta('property', 'og:image:height', String(page.image.height)),
    // A cover without a text alternative is decorative: no alt is better than a made-up one.
    ...(page.image.alt ? [meta('property', 'og:image:alt', page.image.alt)] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', page.image.url),
    ...(page.image.alt ? [meta('name', 'twitter:image:alt', page.image.alt)] : []),
    ...page.feeds.map(
      (feed) =>
        `<link ${EXTRA} rel="alternate" type="${e(feed.type)}" title="${e(feed.title)}" href="${e(feed.href)}">`,
    ),
    // CSP allows these: a JSON-LD block is data, never run as a script.
    ...page.jsonLd.map((data) => `<script ${EXTRA} type="application/ld+json">${jsonForScript(data)}</script>`),
  ];
  return tags.join('\n    ');
}

export interface HeadTemplate {
  /**
   * index.html with the page's tags in place of its own <title>, `endTags` (preloads, data) last
   * in the head: after Vite's script and stylesheet, which the browser should ask for first; and
   * `rootHtml`, the server's render of the page, inside <div id="root">, and `afterRoot` (its
   * data) right after that element, where it does not hold up the first paint.
   */
  render(headTags: string, endTags?: string, rootHtml?: string, afterRoot?: string, lang?: string): string;
}

/** The <html> tag's lang attribute's value, where the file has one: the site's language goes there. */
const HTML_LANG = /(<html\b[^>]*?\blang=")([^"]*)(")/i;

/** Where index.html has the app's empty root element; the server's render goes inside. */
const ROOT_OPEN = '<div id="root">';
const CLOSE = '</div>';

/**
 * Splits index.html once, where its <title> is (or before </head> when it has none) and before
 * </head>, so each page costs one concatenation. Everything else in the file, Vite's script and
 * stylesheet tags included, is kept byte for byte.
 */
export function headTemplate(indexHtml: string): HeadTemplate {
  const headEnd = /<\/head\s*>/i.exec(indexHtml);
  // Without a head there is nowhere valid to put the tags: the file is served as it is.
  if (!headEnd) return { render: () => indexHtml };
  const title = /<title\b[^>]*>[\s\S]*?<\/title>/i.exec(indexHtml.slice(0, headEnd.index));
  const [start, end] = title ? [title.index, title.index + title[0].length] : [headEnd.index, headEnd.index];
  // Split at the <html> tag's lang (once), so each page writes the site's language (its settings).
  const lang = HTML_LANG.exec(indexHtml.slice(0, start));
  const langAt = lang ? lang.index + lang[1]!.length : 0;
  const [beforeLang, fileLang, afterLang] = lang
    ? [indexHtml.slice(0, langAt), lang[2]!, indexHtml.slice(langAt + lang[2]!.length, start)]
    : ['', '', indexHtml.slice(0, start)];
  const middle = indexHtml.slice(end, headEnd.index);
  const after = indexHtml.slice(headEnd.index);
  // Where the root element's content goes, and its end: a file without an empty root gets neither.
  const rootAt = after.indexOf(`${ROOT_OPEN}${CLOSE}`);
  const [beforeRoot, rootEnd, afterRoot] =
    rootAt < 0
      ? [after, '', '']
      : [after.slice(0, rootAt + ROOT_OPEN.length), CLOSE, after.slice(rootAt + ROOT_OPEN.length + CLOSE.length)];
  // The whitespace the file puts before </head>, so the added lines line up with the others.
  const indent = /\n([ \t]*)$/.exec(middle)?.[1] ?? '';
  return {
    render: (headTags, endTags = '', rootHtml = '', afterRootTags = '', pageLang = fileLang) =>
      `${beforeLang}${lang ? escapeMarkup(pageLang) : ''}${afterLang}${headTags}${title ? '' : '\n'}${middle}${endTags ? `  ${endTags}\n${indent}` : ''}${beforeRoot}` +
      (rootAt < 0 ? afterRoot : `${rootHtml}${rootEnd}${afterRootTags}${afterRoot}`),
  };
}
