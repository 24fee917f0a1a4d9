// The addresses pages, feeds and APIs give for stored images. By default the app serves them below
// /uploads/ (from the folder or the bucket); with UPLOADS_PUBLIC_URL they point at the bucket or a
// CDN in front of it, so readers fetch images without going through the app.
import { uploadFilePath as imageFilePath } from '#kernel/content-pictures.ts';

/** What names an image's files (a StoredImage has it; declared here so the store can import this module). */
interface StoredImage {
  storageKey: string;
  width: number;
  variantWidths: number[];
}

type ImageVariants = Pick<StoredImage, 'storageKey' | 'variantWidths'>;

/** The shape of every name imageFilePath() gives: nothing else is ever an image file of the site. */
export const IMAGE_FILE_PATH = /^[0-9a-f]{2}\/[0-9a-f]{32}-\d{1,5}\.webp$/;

/** Relative path of one variant, also its URL below /uploads/: the kernel's rule, which post content shares. */
export { uploadFilePath as imageFilePath } from '#kernel/content-pictures.ts';

/** The largest file of an image: the one a page's og:image, a feed or the sitemap names. */
export function largestImagePath(image: Pick<StoredImage, 'storageKey' | 'variantWidths' | 'width'>): string {
  return imageFilePath(image.storageKey, image.variantWidths.at(-1) ?? image.width);
}

export class ImageUrls {
  /** publicUrl: UPLOADS_PUBLIC_URL (no trailing slash), or null for the app's own /uploads/. */
  constructor(readonly publicUrl: string | null = null) {}

  /** The origin images come from when it is not the site's own (for the content security policy). */
  get foreignOrigin(): string | null {
    return this.publicUrl ? new URL(this.publicUrl).origin : null;
  }

  url(storageKey: string, width: number): string {
    return `${this.publicUrl ?? '/uploads'}/${imageFilePath(storageKey, width)}`;
  }

  largestUrl(image: Pick<StoredImage, 'storageKey' | 'variantWidths' | 'width'>): string {
    return `${this.publicUrl ?? '/uploads'}/${largestImagePath(image)}`;
  }

  /** The largest variant's address for a reader outside the site (a feed, the sitemap). */
  absoluteLargestUrl(image: Pick<StoredImage, 'storageKey' | 'variantWidths' | 'width'>, siteUrl: string): string {
    const url = this.largestUrl(image);
    return this.publicUrl ? url : `${siteUrl}${url}`;
  }

  srcset(image: ImageVariants): string {
    return image.variantWidths.map((w) => `${this.url(image.storageKey, w)} ${w}w`).join(', ');
  }
}

/** Images served by the app below /uploads/. */
export const APP_IMAGE_URLS = new ImageUrls();
