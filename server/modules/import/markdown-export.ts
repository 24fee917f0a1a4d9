// The site as Markdown (issue 39, docs/decisions/053-import-and-export.md): a zip with one page bundle
// per post and page (content/posts/{slug}/index.md, content/pages/{slug}/index.md) whose front matter
// Hugo, Astro and Eleventy read (title, date, draft, slug, description, categories, tags, cover), and
// the pictures beside it as their largest stored WebP: `![alt](file.webp "caption")` in the text,
// the cover named by `cover`. HTML becomes Markdown with turndown (GitHub tables with its gfm
// plugin); `npm run import:site` reads the zip back (markdown-reader.ts).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import matter from 'gray-matter';
import TurndownService from 'turndown';
import { tables } from 'turndown-plugin-gfm';
import yazl from 'yazl';
import { parseUploadPath } from '#kernel/content-pictures.ts';
import { CATEGORY_SCREENS } from '#kernel/page-meta-rules.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { ImageStore } from '../media/image-store.ts';

export interface MarkdownExportCounts {
  posts: number;
  pages: number;
  pictures: number;
}

/** A picture's file name beside the Markdown that shows it. */
const pictureFile = (storageKey: string) => `${storageKey}.webp`;

function markdownOf(html: string, pictures: Set<string>): string {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  service.use(tables);
  service.addRule('picture', {
    filter: 'figure',
    replacement: (_content, node) => {
      const element = node as HTMLElement;
      const img = element.querySelector('img');
      const upload = img ? parseUploadPath(img.getAttribute('src') ?? '') : null;
      if (!img || !upload) return '';
      pictures.add(upload.storageKey);
      const alt = (img.getAttribute('alt') ?? '').replace(/[[\]\\]/g, '\\$&');
      const caption = element.querySelector('figcaption')?.textContent?.trim() ?? '';
      const title = caption ? ` "${caption.replace(/["\\]/g, '\\$&')}"` : '';
      return `\n\n![${alt}](${pictureFile(upload.storageKey)}${title})\n\n`;
    },
  });
  return service.turndown(html);
}

/** Writes the site's posts and pages as a zip of Markdown page bundles at `file` (a path, or a stream to fill). */
export async function exportMarkdown(
  prisma: PrismaClient,
  store: ImageStore,
  file: string | NodeJS.WritableStream,
): Promise<MarkdownExportCounts> {
  const zip = new yazl.ZipFile();
  const output = typeof file === 'string' ? createWriteStream(file) : file;
  zip.outputStream.pipe(output);
  const counts: MarkdownExportCounts = { posts: 0, pages: 0, pictures: 0 };
  const images = new Map(
    (await prisma.image.findMany({ select: { id: true, storageKey: true, width: true, variantWidths: true } })).map(
      (image) => [image.storageKey, image],
    ),
  );
  const addPictures = async (folder: string, keys: Iterable<string>) => {
    for (const key of keys) {
      const image = images.get(key);
      if (!image) continue;
      zip.addBuffer(await store.read(ImageStore.largestPath(image)), `${folder}/${pictureFile(key)}`);
      counts.pictures++;
    }
  };
  const posts = await prisma.post.findMany({
    orderBy: { createdAt: 'asc' },
    include: {
      image: { select: { storageKey: true } },
      tags: { select: { tag: { select: { name: true } } }, orderBy: { position: 'asc' } },
      formerSlugs: { select: { slug: true } },
    },
  });
  for (const post of posts) {
    const pictures = new Set<string>();
    const body = markdownOf(post.content, pictures);
    const heading = CATEGORY_SCREENS.find((screen) => screen.category === post.category)?.heading;
    const front: Record<string, unknown> = {
      title: post.title,
      ...(post.subtitle ? { subtitle: post.subtitle } : {}),
      date: (post.publishedAt ?? post.createdAt).toISOString(),
      draft: post.status === 'DRAFT',
      slug: post.slug,
      ...(post.description ? { description: post.description } : {}),
      ...(heading ? { categories: [heading] } : {}),
      ...(post.tags.length ? { tags: post.tags.map(({ tag }) => tag.name) } : {}),
      ...(post.image ? { cover: pictureFile(post.image.storageKey), coverAlt: post.imageAlt } : {}),
      ...(post.formerSlugs.length ? { aliases: post.formerSlugs.map(({ slug }) => `/blog/${slug}`) } : {}),
    };
    const folder = `content/posts/${post.slug}`;
    zip.addBuffer(Buffer.from(matter.stringify(`${body}\n`, front)), `${folder}/index.md`);
    await addPictures(folder, new Set([...pictures, ...(post.image ? [post.image.storageKey] : [])]));
    counts.posts++;
  }
  for (const page of await prisma.page.findMany({ orderBy: { createdAt: 'asc' } })) {
    const pictures = new Set<string>();
    const body = markdownOf(page.content, pictures);
    const front = {
      title: page.title,
      date: page.createdAt.toISOString(),
      draft: page.status === 'DRAFT',
      slug: page.slug,
      ...(page.description ? { description: page.description } : {}),
      type: 'page',
    };
    const folder = `content/pages/${page.slug}`;
    zip.addBuffer(Buffer.from(matter.stringify(`${body}\n`, front)), `${folder}/index.md`);
    await addPictures(folder, pictures);
    counts.pages++;
  }
  zip.end();
  await once(zip.outputStream, 'end');
  if (typeof file === 'string') await once(output, 'close');
  return counts;
}

/** The name a download is saved under: the day it was made. */
export function markdownExportFileName(now = new Date()): string {
  return `blog-markdown-${now.toISOString().slice(0, 10)}.zip`;
}
