// The posts read cache (server/cache/read-caches.ts: 'posts', READ_CACHE_MB): single posts, what an
// address leads to, a post's surroundings, and each list's order, in one budget. Each kind of read
// has its own value type; a read names its kind, and gets that kind's type back: an entry holds its
// value under its kind's name, so reading it back needs no cast (and a key names its kind first, so
// an entry never holds another kind than its key's).
//
// Values are shared by every request that reads them: callers must never modify one.
import type { Dependencies } from '../../cache/content-changes.ts';
import type { ReadCache, Ticket } from '../../cache/read-cache.ts';
import type { ReadCaches } from '../../cache/read-caches.ts';
import type { Post } from '../../generated/prisma/client.ts';
import type { PostSurroundings } from './post-neighbours.ts';
import type { PublishedPost } from './post-types.ts';

/** Each kind of read the posts cache keeps, with its value's type. */
export interface PostReadKinds {
  /** A published post by id; null: no published post has that id. */
  post: PublishedPost | null;
  /** A list's order: the ids of its published posts, newest first (by category, or 'all'). */
  timeline: string[];
  /** The post an address (a slug) shows, or the slug it now leads to (a former one), or nothing. */
  address: { postId: string } | { redirectTo: string } | null;
  /** The ids around a published post (post-neighbours.ts). */
  around: PostSurroundings;
  /** The tag an address (/tag/{slug}) shows, or the slug it now leads to (a former one), or nothing. */
  tag: TagLookup;
}

/** A tag found by its address: the tag, the address it now has (renamed, merged), or none. */
export type TagLookup = { tag: { id: string; name: string; slug: string } } | { redirectTo: string } | null;

export type PostReadKind = keyof PostReadKinds;

/** An entry: one kind's value under that kind's name, the others absent. */
type Held = Partial<PostReadKinds>;

// JavaScript strings take up to 2 bytes a character; the rest of a row (dates, ids, the image) ~1 KB.
// A row read by REST also keeps its JSON's UTF-8 bytes (post.rest.ts): its text once more, and
// about 512 bytes of names, dates and image addresses.
const postBytes = (post: Post) => 3 * (post.title.length + post.subtitle.length + post.content.length) + 1536;

function heldBytes(held: Held): number {
  // An id as a string and its slot in the array.
  if (held.timeline) return 256 + 64 * held.timeline.length;
  if (held.around) return 512;
  if (held.post) return 256 + postBytes(held.post);
  // No such post, or an address: a few ids or a slug.
  return 256;
}

const keyOf = (kind: PostReadKind, id: string) => `${kind}:${id}`;

function hold<K extends PostReadKind>(kind: K, value: PostReadKinds[K]): Held {
  const held: Held = {};
  held[kind] = value;
  return held;
}

function valueOf<K extends PostReadKind>(kind: K, id: string, held: Held): PostReadKinds[K] {
  const value = held[kind];
  // Never: an entry is stored only under its own kind's key.
  if (value === undefined) throw new Error(`The posts cache holds another kind of read under ${keyOf(kind, id)}`);
  return value;
}

/** What a single post read depends on: that post (PostReads.get reports the same). */
const postDependencies = (id: string): Dependencies => ({ tags: new Set([`post:${id}`]), spans: [] });

/** The posts cache, read and written by kind of read (ReadCache's get, lookup, ticket and put). */
export class PostReadCache {
  private readonly cache: ReadCache<Held>;

  constructor(caches: ReadCaches) {
    this.cache = caches.create('posts', heldBytes);
  }

  /** The kept read of that kind and id, or load()'s, kept (ReadCache.get). */
  async get<K extends PostReadKind>(
    kind: K,
    id: string,
    load: () => Promise<PostReadKinds[K]>,
  ): Promise<PostReadKinds[K]> {
    return valueOf(kind, id, await this.cache.get(keyOf(kind, id), async () => hold(kind, await load())));
  }

  /** The kept read of that kind and id, undefined when none is (ReadCache.lookup). */
  lookup<K extends PostReadKind>(kind: K, id: string): PostReadKinds[K] | undefined {
    const hit = this.cache.lookup(keyOf(kind, id));
    return hit && valueOf(kind, id, hit.value);
  }

  /** Taken before a read whose answer put() keeps (ReadCache.ticket). */
  ticket(): Ticket | null {
    return this.cache.ticket();
  }

  /** Keeps a published post read some other way than get() (a page's posts, a post found by address). */
  putPost(post: PublishedPost, ticket: Ticket | null): void {
    if (ticket !== null) this.cache.put(keyOf('post', post.id), hold('post', post), ticket, postDependencies(post.id));
  }
}
