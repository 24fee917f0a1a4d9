// The Image type: a stored picture as WebP variants of several widths. `url` is the largest variant
// (what the image's width and height describe); `srcset` lets a browser pick a smaller one.
import { builder } from '../../builder.ts';

export const ImageObject = builder.prismaObject('Image', {
  fields: (t) => ({
    url: t.string({
      description: 'The largest variant: a path below /uploads/, or an address where the images are published',
      resolve: (image, _args, { services }) => services.imageUrls.largestUrl(image),
    }),
    width: t.exposeInt('width', { description: 'Width of the largest variant, in pixels' }),
    height: t.exposeInt('height', { description: 'Height of the largest variant, in pixels' }),
    srcset: t.string({
      description: 'Every variant with its width, for an img srcset attribute',
      resolve: (image, _args, { services }) => services.imageUrls.srcset(image),
    }),
    focusX: t.exposeFloat('focusX', {
      description: "The focal point's distance from the left edge, 0 to 1: a crop keeps it in view",
    }),
    focusY: t.exposeFloat('focusY', { description: "The focal point's distance from the top edge, 0 to 1" }),
  }),
});
