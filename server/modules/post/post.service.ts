// Blog posts: listing, searching, reading and the admin's writes, with every rule of a post enforced
// once, for GraphQL and REST alike: the reads in post-reads.ts (the public ones cached,
// post-read-cache.ts), the writes in post-writes.ts; this is the one door the callers use. Callers
// pass plain data and get rows back; expected failures are AppErrors (BAD_USER_INPUT with field
// errors, NOT_FOUND, CONFLICT). Authorization is the caller's job (authScopes in GraphQL,
// requireAdmin in REST): a service trusts that it was checked.
import type { Image, Post, PostRevision, PrismaClient } from '../../generated/prisma/client.ts';
import type { ReadCaches } from '../../cache/read-caches.ts';
import type { ImageFiles } from '../media/image-files.ts';
import type { ImageUpload } from '../media/image-upload.ts';
import { type AdminListParams, type ListPostsParams, PostReads, type SlugLookup } from './post-reads.ts';
import type { PostPage, PostWithImage, PublishedPost } from './post-types.ts';
import { type PostInput, PostWrites, type PublishHook } from './post-writes.ts';

export type { AdminListParams, ListPostsParams, SlugLookup } from './post-reads.ts';
export { POST_NOT_FOUND, type PostPage, type PostWithImage, type PublishedPost } from './post-types.ts';
export { type PostInput, REVISION_NOT_FOUND } from './post-writes.ts';

export class PostService {
  private readonly reads: PostReads;
  private readonly writes: PostWrites;

  /** publishHook: told of each post that goes public (issue 40 e-mails it to the subscribers). */
  constructor(prisma: PrismaClient, files: ImageFiles, caches: ReadCaches, publishHook?: PublishHook) {
    this.reads = new PostReads(prisma, caches);
    this.writes = new PostWrites(prisma, files, caches.changes, publishHook);
  }

  /** Published posts, newest first (or most relevant first with a search), a page at a time. */
  list(params?: ListPostsParams): Promise<PostPage<PublishedPost>> {
    return this.reads.list(params);
  }

  /** Every post, drafts and scheduled ones included, the last edited first: the author's own list. */
  adminList(params?: AdminListParams): Promise<PostPage> {
    return this.reads.adminList(params);
  }

  /** The newest published posts, for the home page. */
  latest(): Promise<PublishedPost[]> {
    return this.reads.latest();
  }

  /** The published post, or null when no published post has this id. */
  get(id: string): Promise<PublishedPost | null> {
    return this.reads.get(id);
  }

  /** The published post at an address, or the slug a former address redirects to. */
  bySlug(slug: string): Promise<SlugLookup> {
    return this.reads.bySlug(slug);
  }

  /** The tag at an address (/tag/{slug}), or the address it now has. */
  tagBySlug(slug: string): ReturnType<PostReads['tagBySlug']> {
    return this.reads.tagBySlug(slug);
  }

  /** The published post with this id, slug or former slug. */
  findPublic(idOrSlug: string): Promise<PublishedPost | null> {
    return this.reads.findPublic(idOrSlug);
  }

  /** The posts published just before and after a published post, and a few related ones. */
  surroundings(post: Post): ReturnType<PostReads['surroundings']> {
    return this.reads.surroundings(post);
  }

  /** Any post, drafts included, by id or by slug (a former one too): for the admin. */
  getAny(idOrSlug: string): Promise<PostWithImage | null> {
    return this.reads.getAny(idOrSlug);
  }

  create(input: PostInput): Promise<PostWithImage> {
    return this.writes.create(input);
  }

  /** Replaces every field (the image only when one is sent); CONFLICT when the copy is stale. */
  update(id: string, input: PostInput): Promise<PostWithImage> {
    return this.writes.update(id, input);
  }

  /** Publishes, schedules or unpublishes the post as it is stored. */
  setStatus(id: string, status: string, publishAt: Date | null): Promise<PostWithImage> {
    return this.writes.setStatus(id, status, publishAt);
  }

  /** The post's revisions, newest first: for the admin. */
  revisions(postId: string): Promise<PostRevision[]> {
    return this.reads.revisions(postId);
  }

  /** Makes the post's editable fields those of the revision, as a new save. */
  restoreRevision(revisionId: string, expectedUpdatedAt: Date | null): Promise<PostWithImage> {
    return this.writes.restoreRevision(revisionId, expectedUpdatedAt);
  }

  /** Deletes the post, then the images nothing else uses; returns the id. */
  delete(id: string): Promise<string> {
    return this.writes.delete(id);
  }

  /** Stores a picture the author put in a post's text. */
  uploadPicture(upload: ImageUpload | null | undefined): Promise<Image> {
    return this.writes.uploadPicture(upload);
  }
}
