// An image as the REST facade shows it: the same four facts as GraphQL's Image type.
import type { Image } from '../../generated/prisma/client.ts';
import { ImageStore } from './image-store.ts';

export function imageJson(image: Image) {
  return {
    url: ImageStore.largestUrl(image),
    width: image.width,
    height: image.height,
    srcset: ImageStore.srcset(image),
  };
}
