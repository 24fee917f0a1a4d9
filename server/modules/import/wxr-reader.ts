// Reads a WordPress export (WXR 1.0 to 1.2, Tools → Export) with a streaming XML parser (saxes): the
// file is read in chunks and each item is kept as its few fields, so a 10 000-post export never sits
// in memory as a tree. Attachments are kept only as what posts refer to (a featured image's address,
// alt text and caption); menus, blocks and templates are skipped.
import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';
import { ImportError, importMessages } from './import-errors.ts';
import {
  decodeEntities,
  pathOf,
  type SourceComment,
  type SourceItem,
  type SourceSite,
  type SourceTerm,
} from './import-source.ts';

interface RawItem {
  fields: Map<string, string>;
  categories: SourceTerm[];
  tags: SourceTerm[];
  meta: Map<string, string>;
  comments: number;
  commentList: SourceComment[];
}

interface Attachment {
  url: string;
  alt: string;
  caption: string;
  /** The post it was uploaded to: a [gallery] without ids shows those. */
  parent: string;
}

/** WordPress's dates: "2010-08-07 12:00:00" in UTC (post_date_gmt) or the site's time; "0000-…" for none. */
function wordpressDate(gmt: string | undefined, local: string | undefined, pubDate: string | undefined): Date | null {
  for (const value of [gmt, local]) {
    const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value?.trim() ?? '');
    if (match && match[1] !== '0000') {
      const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
      if (!Number.isNaN(date.getTime())) return date;
    }
  }
  const parsed = pubDate ? new Date(pubDate) : null;
  return parsed && !Number.isNaN(parsed.getTime()) && parsed.getUTCFullYear() > 1970 ? parsed : null;
}

function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug.trim());
  } catch {
    return slug.trim();
  }
}

/**
 * One <wp:comment>'s fields as a comment to import, or null for what is not a reader's comment here:
 * pingbacks and trackbacks (another site's notice), spam and the trash.
 */
function commentOf(fields: Map<string, string>): SourceComment | null {
  const field = (name: string) => fields.get(`wp:comment_${name}`)?.trim() ?? '';
  const type = field('type');
  if (type === 'pingback' || type === 'trackback') return null;
  const approved = field('approved');
  if (approved !== '1' && approved !== '0') return null;
  const date = wordpressDate(field('date_gmt'), field('date'), undefined);
  const id = field('id');
  if (!id || !date) return null;
  return {
    sourceId: id,
    parentId: field('parent') === '0' ? '' : field('parent'),
    name: own(decodeEntities(field('author'))),
    email: own(field('author_email')),
    website: own(field('author_url')),
    html: own(fields.get('wp:comment_content') ?? ''),
    date,
    status: approved === '1' ? 'approved' : 'held',
    byUser: field('user_id') !== '' && field('user_id') !== '0',
  };
}

/** Reads the export at `file`; throws ImportError when it is not a well-formed WordPress export. */
export async function readWxr(file: string): Promise<SourceSite> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: string[] = [];
  let text = '';
  let sawRss = false;
  let wxrVersion = '';
  let baseUrl = '';
  const categories: SourceTerm[] = [];
  const tags: SourceTerm[] = [];
  let term: Map<string, string> | null = null;
  let item: RawItem | null = null;
  let postmeta: { key: string; value: string } | null = null;
  let comment: Map<string, string> | null = null;
  let categoryAttributes: { domain: string; nicename: string } | null = null;
  const items: RawItem[] = [];
  const attachments = new Map<string, Attachment>();

  parser.on('opentag', (node) => {
    const name = node.name;
    if (stack.length === 0) {
      if (name !== 'rss') throw new ImportError(importMessages.notAnExport);
      sawRss = true;
    }
    stack.push(name);
    text = '';
    if (name === 'item' && stack.length === 3)
      item = { fields: new Map(), categories: [], tags: [], meta: new Map(), comments: 0, commentList: [] };
    else if ((name === 'wp:category' || name === 'wp:tag') && stack.length === 3) term = new Map();
    else if (name === 'wp:postmeta' && item) postmeta = { key: '', value: '' };
    else if (name === 'wp:comment' && item && stack.length === 4) {
      item.comments++;
      comment = new Map();
    } else if (name === 'category' && item) {
      const attributes = node.attributes as Record<string, string>;
      categoryAttributes = { domain: attributes.domain ?? 'category', nicename: attributes.nicename ?? '' };
    }
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', (node) => {
    const name = node.name;
    const depth = stack.length;
    const value = text;
    text = '';
    stack.pop();
    if (depth === 3 && name === 'wp:wxr_version') wxrVersion = value.trim();
    else if (depth === 3 && name === 'wp:base_blog_url') baseUrl = value.trim();
    else if (depth === 3 && name === 'link' && !baseUrl) baseUrl = value.trim();
    else if (term && depth === 4) term.set(name, value);
    else if (term && depth === 3 && (name === 'wp:category' || name === 'wp:tag')) {
      const slug = decodeSlug(term.get('wp:category_nicename') ?? term.get('wp:tag_slug') ?? '');
      const termName = decodeEntities(term.get('wp:cat_name') ?? term.get('wp:tag_name') ?? slug).trim();
      if (slug) (name === 'wp:category' ? categories : tags).push({ slug, name: termName || slug });
      term = null;
    } else if (item && comment && depth === 5) comment.set(name, value);
    else if (item && comment && depth === 4 && name === 'wp:comment') {
      const found = commentOf(comment);
      if (found) item.commentList.push(found);
      comment = null;
    } else if (item && postmeta && depth === 5 && name === 'wp:meta_key') postmeta.key = value.trim();
    else if (item && postmeta && depth === 5 && name === 'wp:meta_value') postmeta.value = value;
    else if (item && postmeta && depth === 4 && name === 'wp:postmeta') {
      item.meta.set(postmeta.key, postmeta.value);
      postmeta = null;
    } else if (item && depth === 4 && name === 'category' && categoryAttributes) {
      const entry = { slug: decodeSlug(categoryAttributes.nicename), name: decodeEntities(value).trim() };
      if (entry.slug || entry.name)
        (categoryAttributes.domain === 'post_tag' ? item.tags : item.categories).push(entry);
      categoryAttributes = null;
    } else if (item && depth === 4) item.fields.set(name, value);
    else if (item && depth === 3 && name === 'item') {
      const type = item.fields.get('wp:post_type')?.trim();
      const id = item.fields.get('wp:post_id')?.trim() ?? '';
      if (type === 'attachment') {
        attachments.set(id, {
          url: own(item.fields.get('wp:attachment_url')?.trim() ?? item.fields.get('guid')?.trim() ?? ''),
          alt: own(item.meta.get('_wp_attachment_image_alt')?.trim() ?? ''),
          caption: own(item.fields.get('excerpt:encoded')?.trim() ?? ''),
          parent: item.fields.get('wp:post_parent')?.trim() ?? '',
        });
      } else if (type === 'post' || type === 'page') items.push(item);
      item = null;
    }
  });

  try {
    for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
      parser.write(chunk as string);
    }
    parser.close();
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ImportError(importMessages.malformedXml(message.split('\n')[0]!));
  }
  if (!sawRss || !wxrVersion) throw new ImportError(importMessages.notAnExport);

  const base = baseUrl.replace(/\/+$/, '');
  const sourceItems = items.flatMap((raw) => {
    const item = toSourceItem(raw, attachments, base);
    return item ? [item] : [];
  });
  return {
    format: 'wordpress',
    source: `wordpress:${base}`,
    items: sourceItems,
    categories,
    tags,
    feedPaths: ['/feed', '/comments/feed'],
    categoryBase: '/category',
    tagBase: '/tag',
  };
}

/**
 * The text as a string of its own. The parser hands out slices of the 256 KB chunk it read, and a
 * slice keeps its whole chunk alive: one title kept would keep the chunk, so the texts an item keeps
 * are copied and the chunks go as soon as they are parsed (issue 39 item 7: the import lets each
 * post's text go once written).
 */
function own(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * WordPress's [gallery] shortcode: the pictures it names (ids="1,2"), or those uploaded to the post,
 * each as a picture with its caption (the layout, columns and sizes, is the theme's and not kept).
 */
function expandGalleries(html: string, postId: string, attachments: Map<string, Attachment>): string {
  return html.replace(/\[gallery([^\]]*)\]/gi, (shortcode, attributes: string) => {
    const ids = /\bids\s*=\s*["']?([\d,\s]+)/i.exec(attributes)?.[1];
    const pictures = ids
      ? ids.split(',').flatMap((one) => attachments.get(one.trim()) ?? [])
      : [...attachments.values()].filter((attachment) => attachment.parent === postId);
    if (pictures.length === 0) return shortcode;
    return pictures
      .map(
        (picture) =>
          `<figure><img src="${escapeAttribute(picture.url)}" alt="${escapeAttribute(picture.alt)}">${picture.caption ? `<figcaption>${escapeAttribute(picture.caption)}</figcaption>` : ''}</figure>`,
      )
      .join('\n');
  });
}

function toSourceItem(raw: RawItem, attachments: Map<string, Attachment>, base: string): SourceItem | null {
  const field = (name: string) => raw.fields.get(name) ?? '';
  const kind = field('wp:post_type').trim() === 'page' ? 'page' : 'post';
  const wpStatus = field('wp:status').trim();
  if (wpStatus === 'trash' || wpStatus === 'auto-draft' || wpStatus === 'inherit') return null;
  const warnings: string[] = [];
  let status: SourceItem['status'] =
    wpStatus === 'publish' ? 'PUBLISHED' : wpStatus === 'future' ? 'SCHEDULED' : 'DRAFT';
  if (wpStatus === 'private') warnings.push('Private on WordPress: imported as a draft');
  if (field('wp:post_password').trim() !== '' && status !== 'DRAFT') {
    status = 'DRAFT';
    warnings.push('Protected by a password on WordPress: imported as a draft');
  }
  const date = wordpressDate(field('wp:post_date_gmt'), field('wp:post_date'), field('pubDate'));
  if (status === 'SCHEDULED' && !date) status = 'DRAFT';
  const id = field('wp:post_id').trim();
  const thumbnail = raw.meta.get('_thumbnail_id')?.trim();
  const attachment = thumbnail ? attachments.get(thumbnail) : undefined;
  if (thumbnail && !attachment) warnings.push(`Featured image ${thumbnail} is not in the export`);
  const oldPaths = new Set<string>();
  oldPaths.add(kind === 'page' ? `/?page_id=${id}` : `/?p=${id}`);
  const link = field('link').trim();
  const linkPath = link && (!base || link.startsWith(base)) ? pathOf(link.slice(base.length) || '/') : null;
  if (linkPath && linkPath !== '/' && !linkPath.startsWith('/?')) oldPaths.add(linkPath);
  const slug = own(decodeSlug(field('wp:post_name')));
  if (slug && kind === 'post') oldPaths.add(`/${slug}`);
  return {
    kind,
    sourceId: id,
    title: own(decodeEntities(field('title')).trim()),
    slug,
    status,
    date,
    html: own(expandGalleries(field('content:encoded'), id, attachments)),
    excerpt: own(field('excerpt:encoded')),
    categories: raw.categories,
    tags: raw.tags,
    cover: attachment?.url ? { url: attachment.url, alt: attachment.alt, caption: attachment.caption } : null,
    oldPaths: [...oldPaths],
    comments: raw.comments,
    commentList: raw.commentList,
    warnings,
  };
}
