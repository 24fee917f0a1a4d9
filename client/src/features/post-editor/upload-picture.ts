// A picture the author puts in a post's text is stored at once (the uploadPostPicture mutation, in a
// multipart request: lib/upload-link.ts), through the same checks and re-encoding as a cover; the
// editor then shows it and writes it into the content by its stored image's addresses.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { contentAddressOf, contentSrcsetOf, pictureOfAttributes, type PictureImage } from '#kernel/content-pictures.ts';
import { graphql } from '../../gql';
import { apiError } from '../../lib/api-errors';

const UploadPostPictureMutation = graphql(`
  mutation UploadPostPicture($image: File!) {
    uploadPostPicture(image: $image) {
      url
      width
      height
      srcset
    }
  }
`);

const NOT_STORED = 'The picture could not be uploaded';

/** Uploads one picture; rejects with the server's message for it (its type, its size...). */
export function useUploadPicture(): (file: File) => Promise<PictureImage> {
  const [upload] = useMutation(UploadPostPictureMutation);
  return useCallback(
    async (file: File) => {
      let image;
      try {
        image = (await upload({ variables: { image: file } })).data?.uploadPostPicture;
      } catch (error) {
        const { message, fieldErrors } = apiError(error);
        throw new Error(fieldErrors.image ?? (message || NOT_STORED), { cause: error });
      }
      // With UPLOADS_PUBLIC_URL the API names the bucket's addresses; the content names /uploads/ ones.
      const attributes: Record<string, string> = image
        ? {
            src: contentAddressOf(image.url),
            srcset: contentSrcsetOf(image.srcset),
            width: String(image.width),
            height: String(image.height),
          }
        : {};
      const picture = pictureOfAttributes((name) => attributes[name] ?? null);
      if (!picture) throw new Error(NOT_STORED);
      return picture;
    },
    [upload],
  );
}
