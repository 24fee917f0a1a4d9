// An image as the REST facade shows it: the same four facts as GraphQL's Image type.
import type { Image } from '../../generated/prisma/client.ts';
import type { ImageUrls } from './image-urls.ts';

export function imageJson(image: Image, urls: ImageUrls) {
  return {
    url: urls.largestUrl(image),
    width: image.width,
    height: image.height,
    srcset: urls.srcset(image),
  };
}
