// A post's revisions: the post as each save left it, so the author can see and take back an earlier
// version. Written inside the save's own transaction (a save and its revision commit together or not
// at all), by the post service for every door (GraphQL, REST, setPostStatus). A post keeps its last
// KEPT_REVISIONS saves and every save that published it; its revisions go with it.
//
// A revision names its cover by id, never owning it: replacing a cover still deletes the old image
// and its files, and the revision's imageId then becomes null (ON DELETE SET NULL), so a revision
// never leads to a missing image and restoring one never brings a deleted image back.
import { AUTOSAVE_REVISION_EVERY_MS, KEPT_REVISIONS } from '#kernel/post-rules.ts';
import type { Post, PostRevision, PostStatus, Prisma, PrismaClient } from '../../generated/prisma/client.ts';

/** Newest first: saves of one post are one after another (its row is locked), so sequence orders them. */
const NEWEST_FIRST = [{ sequence: 'desc' }] satisfies Prisma.PostRevisionOrderByWithRelationInput[];

/**
 * A save that publishes: the post goes public now, or is scheduled to, from a status that was not
 * public. Edits of a post already public, and unpublishing, are ordinary saves.
 */
export function isPublish(before: PostStatus | null, after: PostStatus): boolean {
  return after !== 'DRAFT' && before !== after && before !== 'PUBLISHED';
}

/** The revision that records the post as it was just written. */
export function revisionOf(post: Post, statusBefore: PostStatus | null): Prisma.PostRevisionCreateManyInput {
  return {
    postId: post.id,
    createdAt: post.updatedAt,
    status: post.status,
    isPublish: isPublish(statusBefore, post.status),
    title: post.title,
    subtitle: post.subtitle,
    content: post.content,
    category: post.category,
    slug: post.slug,
    description: post.description,
    imageId: post.imageId,
    imageAlt: post.imageAlt,
  };
}

/**
 * Inside the save's transaction: records the post as it was just written, then forgets the saves
 * beyond the last KEPT_REVISIONS that did not publish it. An autosave that publishes nothing records
 * one only when the newest is AUTOSAVE_REVISION_EVERY_MS old.
 */
export async function recordRevision(
  tx: Prisma.TransactionClient,
  post: Post,
  statusBefore: PostStatus | null,
  { autosave = false }: { autosave?: boolean } = {},
): Promise<void> {
  const publish = isPublish(statusBefore, post.status);
  if (autosave && !publish) {
    const newest = await tx.postRevision.findFirst({
      where: { postId: post.id },
      orderBy: NEWEST_FIRST,
      select: { createdAt: true },
    });
    if (newest && post.updatedAt.getTime() - newest.createdAt.getTime() < AUTOSAVE_REVISION_EVERY_MS) return;
  }
  await tx.postRevision.create({ data: revisionOf(post, statusBefore) });
  // The KEPT_REVISIONS newest, of any kind, stay: an ordinary save older than those goes.
  const [oldestKept] = await tx.postRevision.findMany({
    where: { postId: post.id },
    orderBy: NEWEST_FIRST,
    skip: KEPT_REVISIONS - 1,
    take: 1,
    select: { sequence: true },
  });
  if (oldestKept) {
    await tx.postRevision.deleteMany({
      where: { postId: post.id, isPublish: false, sequence: { lt: oldestKept.sequence } },
    });
  }
}

/** A post's revisions, newest first. */
export function revisionsOf(prisma: PrismaClient, postId: string): Promise<PostRevision[]> {
  return prisma.postRevision.findMany({ where: { postId }, orderBy: NEWEST_FIRST });
}
