// A stored picture (a post's, a card's) as the API describes it: every WebP variant in srcset, so
// the browser downloads the smallest that fills `sizes`; width and height, so the page keeps the
// picture's box before the bytes arrive and nothing below it moves; its focal point, so a picture cut
// to a card's box keeps the part the author chose, and a portrait one without a chosen part is shown
// whole rather than cut.
import { focusClassName, focusValue, keepsWhole } from '#kernel/focal-point.ts';
import { graphql, type FragmentType, getFragmentData } from '../gql';

export const UploadedImageFragment = graphql(`
  fragment UploadedImage_Image on Image {
    url
    width
    height
    srcset
    focusX
    focusY
  }
`);

interface UploadedImageProps {
  image: FragmentType<typeof UploadedImageFragment>;
  alt: string;
  /** The rendered width at each breakpoint, for choosing from srcset. */
  sizes: string;
  /**
   * The screen's main picture, in view on arrival: fetched at once and first. Any other picture
   * loads lazily, when the reader scrolls near it.
   */
  priority?: boolean;
  /** In view on arrival, but not the main picture: fetched at once, at the usual priority. */
  eager?: boolean;
  className?: string;
}

export function UploadedImage({ image, alt, sizes, priority = false, eager = false, className }: UploadedImageProps) {
  const { url, width, height, srcset, focusX, focusY } = getFragmentData(UploadedImageFragment, image);
  const whole = keepsWhole({ width, height, focusX, focusY });
  const classes = [className, focusClassName(focusX, focusY), whole && 'keep-whole'].filter(Boolean).join(' ');
  return (
    <img
      className={classes || undefined}
      src={url}
      srcSet={srcset || undefined}
      sizes={srcset ? sizes : undefined}
      width={width}
      height={height}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      alt={alt}
    />
  );
}

/** A stored picture as an edit form starts from it: the current picture it shows, and its focal point's value. */
export function storedPicture(image: FragmentType<typeof UploadedImageFragment>) {
  const { url, srcset, focusX, focusY } = getFragmentData(UploadedImageFragment, image);
  return { current: { src: url, srcSet: srcset || undefined }, focus: focusValue(focusX, focusY) };
}
