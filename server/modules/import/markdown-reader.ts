// Reads a folder or zip of Markdown files with front matter, as Hugo, Jekyll, Astro and Eleventy keep
// them (and as markdown-export.ts writes them): title, date (or Jekyll's YYYY-MM-DD- file name),
// draft (or published: false), slug, description (summary, excerpt), categories, tags, a cover
// (cover, image, heroImage, featured_image...) and former addresses (Hugo's aliases). The body is
// turned into HTML with marked (GitHub's flavour: tables); pictures are named relative to the file
// and found in the same folder or zip. A page is a file under a pages/ folder or with type: page.
import path from 'node:path/posix';
import matter from 'gray-matter';
import { marked } from 'marked';
import { IMPORT_FILE_MAX_BYTES } from '#kernel/import-rules.ts';
import { ImportError, importMessages } from './import-errors.ts';
import type { SourceItem, SourcePicture, SourceSite, SourceTerm } from './import-source.ts';
import type { PictureSource } from './picture-source.ts';

type Front = Record<string, unknown>;

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(text).filter(Boolean);
  const one = text(value);
  return one ? one.split(/\s*,\s*/) : [];
}

function dateOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const parsed = text(value) ? new Date(text(value)) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
}

const terms = (names: string[]): SourceTerm[] =>
  names.map((name) => ({
    slug: name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, ''),
    name,
  }));

/** A picture's address as the Markdown names it, made a path from the folder's root (or left absolute). */
function resolve(file: string, url: string): string {
  if (/^[a-z]+:/i.test(url) || url.startsWith('/')) return url;
  return path.join(path.dirname(file), decodeURI(url));
}

/** The cover named in front matter: a path, or { image, alt } (Hugo themes). */
function coverOf(front: Front, file: string): SourcePicture | null {
  for (const key of ['cover', 'image', 'heroImage', 'cover_image', 'featured_image', 'featureImage', 'thumbnail']) {
    const value = front[key];
    const url = typeof value === 'object' && value !== null ? text((value as Front).image) : text(value);
    if (!url) continue;
    const alt =
      typeof value === 'object' && value !== null ? text((value as Front).alt) : text(front.coverAlt ?? front.imageAlt);
    return { url: resolve(file, url), alt, caption: '' };
  }
  return null;
}

/** Reads every Markdown file of the folder or zip; throws ImportError when there is none. */
export async function readMarkdown(tree: PictureSource, name: string): Promise<SourceSite> {
  const files = tree
    .paths()
    .filter((file) => /\.(md|markdown|mdx)$/i.test(file) && !/(^|\/)(readme|license)\.md$/i.test(file));
  if (files.length === 0) throw new ImportError(importMessages.notAnExport);
  const items: SourceItem[] = [];
  const seenTerms = new Map<string, SourceTerm>();
  for (const file of files.sort()) {
    const source = Buffer.from(await tree.read(file, IMPORT_FILE_MAX_BYTES)).toString('utf8');
    let parsed: matter.GrayMatterFile<string>;
    try {
      parsed = matter(source);
    } catch (error) {
      throw new ImportError(
        importMessages.frontMatter(file, error instanceof Error ? error.message.split('\n')[0]! : String(error)),
      );
    }
    const front = parsed.data as Front;
    const base = path.basename(file).replace(/\.(md|markdown|mdx)$/i, '');
    const jekyll = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(base);
    const folderName = path.basename(path.dirname(file));
    const fileSlug = jekyll ? jekyll[2]! : base === 'index' || base === '_index' ? folderName : base;
    const kind = front.type === 'page' || front.layout === 'page' || /(^|\/)pages\//.test(file) ? 'page' : 'post';
    const date =
      dateOf(front.date ?? front.publishDate ?? front.pubDate ?? front.published_at) ??
      (jekyll ? dateOf(jekyll[1]) : null);
    const draft = front.draft === true || front.published === false;
    const status = draft ? 'DRAFT' : date && date.getTime() > Date.now() ? 'SCHEDULED' : 'PUBLISHED';
    const categories = terms(list(front.categories ?? front.category));
    const tags = terms(list(front.tags));
    for (const term of categories) seenTerms.set(term.slug, term);
    const html = await marked.parse(parsed.content, { gfm: true, async: true });
    items.push({
      kind,
      sourceId: file,
      title: text(front.title) || fileSlug,
      slug: text(front.slug) || fileSlug,
      status,
      date: status === 'DRAFT' ? date : (date ?? new Date()),
      // Pictures are named relative to the file: made paths from the root, for the folder's index.
      html: html.replace(
        /(<img[^>]*\ssrc=")([^"]+)"/g,
        (_, start: string, url: string) => `${start}${resolve(file, url)}"`,
      ),
      excerpt: text(front.description ?? front.summary ?? front.excerpt),
      ...(text(front.subtitle) ? { subtitle: text(front.subtitle) } : {}),
      categories,
      tags,
      cover: coverOf(front, file),
      oldPaths: [...list(front.aliases), ...list(front.permalink)].filter((alias) => alias.startsWith('/')),
      comments: 0,
      warnings: [],
    });
  }
  return {
    format: 'markdown',
    source: `markdown:${name}`,
    items,
    categories: [...seenTerms.values()],
    tags: [],
    feedPaths: [],
    // Hugo's lists.
    categoryBase: '/categories',
    tagBase: '/tags',
  };
}
