// Pictures in a post's text: one shape, written by the editor, rebuilt by the sanitizer, served as it
// is stored. A picture is `<figure><img ...><figcaption>...</figcaption></figure>` at the top level
// of the content, and its img may only show one of this site's own stored uploads: its src is the
// largest WebP variant of a storage key (/uploads/ab/ab...-1600.webp), its srcset every variant of
// that same key. Everything else about the img is derived, in one fixed order, so the editor's HTML,
// the server's and the browser's are the same bytes:
//   src, srcset, sizes, width, height (space reserved before it loads), alt, loading="lazy",
//   decoding="async".
// Pure: no DOM, no Node imports.
import { POST_HERO_IMAGE_SIZES } from './image-sizes.ts';

/** What a picture in the text is: a stored image, its text alternative and an optional caption. */
export interface ContentPicture {
  storageKey: string;
  /** Of the largest variant, in pixels. */
  width: number;
  height: number;
  /** The widths of its WebP variants, smallest first; the last is `width`. */
  variantWidths: number[];
  alt: string;
  caption: string;
}

/** The stored facts of an image: what the server's Image row says, or what an img's attributes say. */
export type PictureImage = Pick<ContentPicture, 'storageKey' | 'width' | 'height' | 'variantWidths'>;

/** A picture spans the article column, as the post's cover does. */
export const CONTENT_PICTURE_SIZES = POST_HERO_IMAGE_SIZES;

/** Longest alt text or caption kept, in characters. */
export const PICTURE_TEXT_MAX = 500;

/** The prompt the editor shows beside a picture without a text alternative. */
export const PICTURE_ALT_PROMPT = 'Describe the picture for readers who cannot see it';

const STORAGE_KEY = /^[0-9a-f]{32}$/;
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{2})\/([0-9a-f]{32})-([1-9][0-9]{0,4})\.webp$/;
const UPLOAD_PATH_ANYWHERE = /\/uploads\/[0-9a-f]{2}\/([0-9a-f]{32})-[1-9][0-9]{0,4}\.webp/g;
const MAX_DIMENSION = 100_000;

/** The file name of one variant of a stored image, in its folder or bucket (two levels: no folder grows huge). */
export function uploadFilePath(storageKey: string, width: number): string {
  return `${storageKey.slice(0, 2)}/${storageKey}-${width}.webp`;
}

/** The address of one variant of a stored image below /uploads/: how a post's content names it. */
export function uploadPath(storageKey: string, width: number): string {
  return `/uploads/${uploadFilePath(storageKey, width)}`;
}

export function uploadSrcset(image: Pick<PictureImage, 'storageKey' | 'variantWidths'>): string {
  return image.variantWidths.map((width) => `${uploadPath(image.storageKey, width)} ${width}w`).join(', ');
}

const STORED_FILE_AT_END = /\/([0-9a-f]{2}\/[0-9a-f]{32}-[1-9][0-9]{0,4}\.webp)$/;

/**
 * A stored image's address as a post's content names it: below /uploads/, wherever the API said it
 * is served from (this site, or the bucket or CDN of UPLOADS_PUBLIC_URL, which the app also serves
 * below /uploads/). Any other address is returned as it is, for the sanitizer to refuse.
 */
export function contentAddressOf(url: string): string {
  const match = STORED_FILE_AT_END.exec(url);
  return match ? `/uploads/${match[1]}` : url;
}

/** The same for each address of a srcset ("url 480w, url 960w"). */
export function contentSrcsetOf(srcset: string): string {
  return srcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([url = '', ...descriptor]) => [contentAddressOf(url), ...descriptor].join(' '))
    .join(', ');
}

/** The storage key and width an address of this site's uploads names, or null for any other address. */
export function parseUploadPath(src: string): { storageKey: string; width: number } | null {
  const match = UPLOAD_PATH.exec(src);
  if (!match || !match[2]!.startsWith(match[1]!)) return null;
  return { storageKey: match[2]!, width: Number(match[3]) };
}

export function isStorageKey(value: string): boolean {
  return STORAGE_KEY.test(value);
}

/** Every storage key an HTML text names in an upload's address, each once (the server looks them up). */
export function uploadKeysIn(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(UPLOAD_PATH_ANYWHERE), (match) => match[1]!))];
}

/**
 * An alt text or caption as it is kept: one line, spaces collapsed, no angle brackets (browsers
 * disagree on escaping them in attributes), at most PICTURE_TEXT_MAX characters.
 */
export function pictureText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f<>]/g, ' ')
      .replace(/[\s\u00a0]+/g, ' ')
      .trim()
      .slice(0, PICTURE_TEXT_MAX)
      .trim()
  );
}

const dimension = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_DIMENSION;

/**
 * The picture an img's own attributes describe (the browser's sanitizer, the editor's reader): its
 * src must be an upload's largest variant; srcset entries of other keys or malformed are ignored.
 * Null when the img is not one of this site's pictures.
 */
export function pictureOfAttributes(attribute: (name: string) => string | null): PictureImage | null {
  const source = parseUploadPath(attribute('src') ?? '');
  if (!source) return null;
  const widths = new Set<number>();
  for (const entry of (attribute('srcset') ?? '').split(',')) {
    const [url = '', descriptor = ''] = entry.trim().split(/\s+/);
    const variant = parseUploadPath(url);
    if (variant?.storageKey === source.storageKey && descriptor === `${variant.width}w`) widths.add(variant.width);
  }
  const variantWidths = [...widths].filter((width) => width < source.width).sort((a, b) => a - b);
  variantWidths.push(source.width);
  const width = Number(attribute('width'));
  const height = Number(attribute('height'));
  return {
    storageKey: source.storageKey,
    width: source.width,
    // Without a height the picture keeps a square's space rather than none.
    height:
      dimension(width) && dimension(height) ? Math.max(1, Math.round((height * source.width) / width)) : source.width,
    variantWidths,
  };
}

/** The img's attributes, in the order every writer uses. */
export function pictureAttributes(picture: PictureImage & { alt: string }): Array<[string, string]> {
  const largest = picture.variantWidths.at(-1) ?? picture.width;
  return [
    ['src', uploadPath(picture.storageKey, largest)],
    ['srcset', uploadSrcset(picture)],
    ['sizes', CONTENT_PICTURE_SIZES],
    ['width', String(picture.width)],
    ['height', String(picture.height)],
    ['alt', pictureText(picture.alt)],
    ['loading', 'lazy'],
    ['decoding', 'async'],
  ];
}

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/\u00a0/g, '&nbsp;');
}

/** The picture's HTML exactly as a DOM's innerHTML writes the sanitizer's figure. */
export function figureHtml(picture: ContentPicture): string {
  const attributes = pictureAttributes(picture)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const caption = pictureText(picture.caption);
  return `<figure><img${attributes}>${caption ? `<figcaption>${escapeText(caption)}</figcaption>` : ''}</figure>`;
}
