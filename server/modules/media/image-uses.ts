// Who uses a stored image: a post's cover, a 'Currently' card, the site's avatar or banner, or the text of one or more posts or
// pages (the PostPicture and PagePicture rows). An image is deleted, row and files, only when nothing uses it any more: a
// picture taken out of a post's text, or that went with its post, and was not also a cover, a card's
// picture or in another post's text. A picture uploaded from the editor is used by nothing until the
// post is saved: the upkeep deletes such a picture once it has waited UNSAVED_PICTURE_MS unsaved.
import type { Image, Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { ImageFiles } from './image-files.ts';

/**
 * How long a picture uploaded into the editor may wait for its post to be saved. The editor keeps an
 * unsaved text on the author's device (a local draft): a week covers a text left overnight or over a
 * weekend.
 */
export const UNSAVED_PICTURE_MS = 7 * 24 * 60 * 60 * 1000;

const UNUSED = {
  post: { is: null },
  upcomingCard: { is: null },
  inPosts: { none: {} },
  inPages: { none: {} },
  // The site settings' avatar and banner (issue 36).
  siteAvatar: { is: null },
  siteBanner: { is: null },
  // A shelf item's cover (issue 41).
  shelfItem: { is: null },
} as const satisfies Prisma.ImageWhereInput;

/**
 * Inside the transaction that took uses away (a post deleted, a picture out of its text, a cover
 * replaced): deletes the rows of those images that nothing uses now and records their files for
 * removal. Returns them, for ImageFiles.removeNow() once the transaction committed.
 */
export async function deleteUnusedImages(
  tx: Prisma.TransactionClient,
  files: ImageFiles,
  imageIds: ReadonlyArray<string | null>,
): Promise<Image[]> {
  const ids = [...new Set(imageIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return [];
  const unused = await tx.image.findMany({ where: { id: { in: ids }, ...UNUSED } });
  if (unused.length === 0) return [];
  // A use added meanwhile by another transaction makes this delete fail (the foreign keys
  // restrict it): the image is never deleted while used.
  await tx.image.deleteMany({ where: { id: { in: unused.map((image) => image.id) }, ...UNUSED } });
  await files.removeLater(tx, unused);
  return unused;
}

/**
 * The upkeep's part: pictures uploaded into the editor whose post was never saved with them, once
 * they waited UNSAVED_PICTURE_MS. Returns how many were deleted.
 */
export async function deleteUnsavedPictures(
  prisma: PrismaClient,
  files: ImageFiles,
  now = new Date(),
): Promise<number> {
  const stale = await prisma.image.findMany({
    where: { ...UNUSED, createdAt: { lt: new Date(now.getTime() - UNSAVED_PICTURE_MS) } },
    select: { id: true },
  });
  if (stale.length === 0) return 0;
  const deleted = await prisma.$transaction((tx) =>
    deleteUnusedImages(
      tx,
      files,
      stale.map((image) => image.id),
    ),
  );
  await files.removeNow(deleted);
  return deleted.length;
}
