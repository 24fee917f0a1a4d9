// A post's link preview picture (og:image, twitter:image, JSON-LD): its cover cut to the 1.91:1 box
// that link previews show, around the author's focal point. Left to themselves, Facebook, X, Slack
// and the rest cut the middle out of a cover, which loses the face of a portrait book or anime cover.
//
// The cut is made when a preview asks for it, from the cover's largest stored variant, and is never
// stored: link previews fetch a post's picture a handful of times, once per service that shows it.
// Its address names the image and the focal point on the classes' scale (kernel/focal-point.ts), so
// a moved focal point is a new address and an old one can be cached for a year; only the image's
// current point is cut (an older one is sent on to it), so the work per image stays bounded.
import type { Hono } from 'hono';
import sharp from 'sharp';
import { focusOffset, focusPercent } from '#kernel/focal-point.ts';
import { SOCIAL_IMAGE_SIZE } from '#kernel/page-meta-rules.ts';
import type { Database } from '../../db/database.ts';
import type { ImageStore, StoredImage } from './image-store.ts';
import { largestImagePath } from './image-urls.ts';

const JPEG_QUALITY = 82;

type FocusedImage = Pick<StoredImage, 'storageKey' | 'variantWidths' | 'width'> & { focusX: number; focusY: number };

/** The address of an image's link preview cut, at its current focal point. */
export function socialImagePath(image: FocusedImage): string {
  return `/social/${image.storageKey}-${focusPercent(image.focusX)}-${focusPercent(image.focusY)}.jpg`;
}

/** The cover cut to SOCIAL_IMAGE_SIZE around its focal point, as a JPEG (what every preview reads). */
export async function cutSocialImage(store: ImageStore, image: FocusedImage): Promise<Buffer> {
  const { width: boxWidth, height: boxHeight } = SOCIAL_IMAGE_SIZE;
  const source = sharp(await store.read(largestImagePath(image)));
  const { width = 1, height = 1 } = await source.metadata();
  // Scaled to cover the box on both axes (a small cover is enlarged: previews ask for this size).
  const scale = Math.max(boxWidth / width, boxHeight / height);
  const scaledWidth = Math.max(boxWidth, Math.round(width * scale));
  const scaledHeight = Math.max(boxHeight, Math.round(height * scale));
  return source
    .resize(scaledWidth, scaledHeight, { fit: 'fill' })
    .extract({
      left: focusOffset(scaledWidth, boxWidth, focusPercent(image.focusX) / 100),
      top: focusOffset(scaledHeight, boxHeight, focusPercent(image.focusY) / 100),
      width: boxWidth,
      height: boxHeight,
    })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}

const SOCIAL_PATH = /^([A-Za-z0-9_-]+)-(\d{1,3})-(\d{1,3})\.jpg$/;

export function mountSocialImages(app: Hono, store: ImageStore, db: Pick<Database, 'prisma'>): void {
  app.get('/social/:file', async (c) => {
    const match = SOCIAL_PATH.exec(c.req.param('file'));
    const image = match
      ? await db.prisma.image.findUnique({
          where: { storageKey: match[1] },
          select: { storageKey: true, variantWidths: true, width: true, focusX: true, focusY: true },
        })
      : null;
    if (!match || !image) return c.text('Not found', 404);
    const current = socialImagePath(image);
    if (current !== c.req.path) return c.redirect(current, 301);
    let bytes: Buffer;
    try {
      bytes = await cutSocialImage(store, image);
    } catch (error) {
      // The row is there but its file is not (being removed, or the disk failed): nothing to send.
      console.error(`Could not cut the link preview of image ${image.storageKey}:`, error);
      return c.text('Not found', 404);
    }
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
