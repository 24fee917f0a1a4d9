// Reads a Ghost export (Settings → Import/Export, Ghost 4 to 6: `{ db: [{ meta, data }] }`): posts and
// pages with their rendered HTML (Ghost keeps `lexical` or `mobiledoc` beside it; the HTML is what
// readers saw), tags in their order, and feature images with their alt text and caption (in
// `posts_meta` since Ghost 4). Image addresses carry Ghost's `__GHOST_URL__` placeholder.
import { readFile, stat } from 'node:fs/promises';
import { IMPORT_JSON_MAX_BYTES } from '#kernel/import-rules.ts';
import { ImportError, importMessages } from './import-errors.ts';
import type { SourceItem, SourceSite, SourceTerm } from './import-source.ts';

type Row = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Ghost's dates: "2026-11-27 09:06:21" (UTC), an ISO string, or milliseconds (older exports). */
function ghostDate(value: unknown): Date | null {
  if (typeof value === 'number') return new Date(value);
  const text = str(value).trim();
  if (!text) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

function rowsOf(data: Row, table: string): Row[] {
  const rows = data[table];
  return Array.isArray(rows) ? rows.filter((row): row is Row => typeof row === 'object' && row !== null) : [];
}

/** Reads the export at `file`; throws ImportError when it is not valid JSON or not a Ghost export. */
export async function readGhost(file: string): Promise<SourceSite> {
  const { size } = await stat(file);
  if (size > IMPORT_JSON_MAX_BYTES)
    throw new ImportError(importMessages.tooLarge(IMPORT_JSON_MAX_BYTES / 1024 / 1024), 413);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ImportError(importMessages.malformedJson(error instanceof Error ? error.message : String(error)));
  }
  const root = parsed as { db?: Array<{ data?: Row }>; data?: Row };
  const data = Array.isArray(root?.db) ? root.db[0]?.data : root?.data;
  if (!data || typeof data !== 'object' || !Array.isArray(data.posts))
    throw new ImportError(importMessages.notAnExport);
  return ghostSite(data);
}

function ghostSite(data: Row): SourceSite {
  const tagsById = new Map<string, SourceTerm & { internal: boolean }>();
  for (const tag of rowsOf(data, 'tags')) {
    const name = str(tag.name).trim();
    // Internal tags (#name) organise the theme, not the writing.
    tagsById.set(str(tag.id), {
      slug: str(tag.slug),
      name,
      internal: name.startsWith('#') || tag.visibility === 'internal',
    });
  }
  const metaByPost = new Map(rowsOf(data, 'posts_meta').map((meta) => [str(meta.post_id), meta]));
  const tagsByPost = new Map<string, Array<{ tag: string; order: number }>>();
  for (const link of rowsOf(data, 'posts_tags')) {
    const list = tagsByPost.get(str(link.post_id)) ?? [];
    list.push({ tag: str(link.tag_id), order: typeof link.sort_order === 'number' ? link.sort_order : list.length });
    tagsByPost.set(str(link.post_id), list);
  }
  const items: SourceItem[] = [];
  for (const post of rowsOf(data, 'posts')) {
    const status = str(post.status);
    const kind = post.type === 'page' || post.page === true || post.page === 1 ? 'page' : 'post';
    const warnings: string[] = [];
    if (post.visibility && post.visibility !== 'public') {
      warnings.push(`For ${str(post.visibility)} on Ghost: imported for everyone to read`);
    }
    const meta = metaByPost.get(str(post.id));
    const terms = (tagsByPost.get(str(post.id)) ?? [])
      .sort((a, b) => a.order - b.order)
      .flatMap(({ tag }) => {
        const term = tagsById.get(tag);
        return term && !term.internal ? [{ slug: term.slug, name: term.name }] : [];
      });
    const featureImage = str(post.feature_image);
    const slug = str(post.slug);
    items.push({
      kind,
      sourceId: str(post.id),
      title: str(post.title).trim(),
      slug,
      status:
        status === 'published' || status === 'sent' ? 'PUBLISHED' : status === 'scheduled' ? 'SCHEDULED' : 'DRAFT',
      date: ghostDate(post.published_at),
      html: str(post.html),
      excerpt: str(post.custom_excerpt),
      // A Ghost tag named as one of the four categories (Games) can stand for it: the mapping decides.
      categories: terms,
      tags: [],
      cover: featureImage
        ? {
            url: featureImage,
            alt: str(meta?.feature_image_alt ?? post.feature_image_alt),
            caption: str(meta?.feature_image_caption ?? post.feature_image_caption),
          }
        : null,
      oldPaths: kind === 'post' && slug ? [`/${slug}`] : [],
      comments: 0,
      warnings,
    });
  }
  return {
    format: 'ghost',
    source: 'ghost',
    items,
    categories: [...tagsById.values()].filter((tag) => !tag.internal).map(({ slug, name }) => ({ slug, name })),
    tags: [],
    feedPaths: ['/rss'],
    categoryBase: null,
    tagBase: '/tag',
  };
}
