// REST doors to the post service (/api/blogposts), shaped as the product's original client expects:
// `_id` keys, lower-case categories, `blogpostDocs` pages. No rule lives here: the service has them.
import type { Api, ApiContext } from '../../http/rest-router.ts';
import { formBody, isMultipart, jsonBody, pageParam, textField } from '../../http/rest-router.ts';
import { joinBytes, jsonBytesResponse, utf8Bytes } from '../../http/response-bytes.ts';
import type { Services } from '../../services.ts';
import { requireAdmin } from '../auth/permissions.ts';
import { imageJson } from '../media/image-json.ts';
import type { ImageUrls } from '../media/image-urls.ts';
import { POST_NOT_FOUND, type PostInput, type PostPage, type PostWithImage } from './post.service.ts';
import { notFound } from '../../errors.ts';
import { readingOf } from './post-reading.ts';
import { quillContent } from './quill-content.ts';

/**
 * A post as the original client reads it, its content in Quill's words (quill-content.ts). Its createdAt is the date readers see: the publication
 * date (a draft, which only an admin's write returns, has none yet: its creation).
 */
export function postJson(post: PostWithImage, urls: ImageUrls) {
  const { excerpt, readingMinutes } = readingOf(post);
  return {
    _id: post.id,
    title: post.title,
    subtitle: post.subtitle,
    content: quillContent(post.content),
    excerpt,
    readingMinutes,
    category: post.category,
    image: post.image ? imageJson(post.image, urls) : null,
    createdAt: (post.publishedAt ?? post.createdAt).toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    // Issue 36: an addition the original client ignores.
    tags: post.tags.map(({ tag }) => ({ name: tag.name, slug: tag.slug })),
  };
}

// Each post's JSON, written out and encoded once per row, as its reading is (post-reading.ts):
// rows are never changed (an edit makes a new one), and the cached rows are shared by every request.
// A list page the server must make again after a new post moved it is then its posts' bytes joined:
// writing its 15 posts out and encoding them again was most of making it (bench scenario 11's CPU
// profile). The row's estimated size counts these bytes (post-read-cache.ts).
const postBytesByUrls = new WeakMap<ImageUrls, WeakMap<PostWithImage, Uint8Array>>();

function postBytes(post: PostWithImage, urls: ImageUrls): Uint8Array {
  let kept = postBytesByUrls.get(urls);
  if (!kept) postBytesByUrls.set(urls, (kept = new WeakMap()));
  let bytes = kept.get(post);
  if (bytes === undefined) {
    bytes = utf8Bytes(JSON.stringify(postJson(post, urls)));
    kept.set(post, bytes);
  }
  return bytes;
}

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map(utf8Bytes) as [Uint8Array, Uint8Array, Uint8Array];

/** The bytes of JSON.stringify([postJson(post), ...]), each post's kept bytes joined. */
function postsParts(posts: readonly PostWithImage[], urls: ImageUrls): Uint8Array[] {
  return [
    OPEN,
    ...posts.flatMap((post, index) => (index ? [COMMA, postBytes(post, urls)] : [postBytes(post, urls)])),
    CLOSE,
  ];
}

const jsonOf = (parts: Uint8Array[]) => jsonBytesResponse(joinBytes(parts));

/** JSON.stringify({ blogpostDocs, page, pages }), the page the original client reads, as a response. */
function pageResponse(page: PostPage, urls: ImageUrls): Response {
  return jsonOf([
    utf8Bytes('{"blogpostDocs":'),
    ...postsParts(page.items, urls),
    utf8Bytes(`,"page":${page.page},"pages":${page.pages}}`),
  ]);
}

/** The category lists (/blogposts/anime, …), each with the page parameter name the original client sends. */
const CATEGORY_ROUTES = [
  { name: 'anime', category: 'anime', pageParam: 'pageNumberAnim' },
  { name: 'books', category: 'book', pageParam: 'pageNumberBook' },
  { name: 'games', category: 'game', pageParam: 'pageNumberGame' },
  { name: 'tv', category: 'tv', pageParam: 'pageNumberTV' },
] as const;

/** The fixed names GET /blogposts/:id answers before it looks for a post: the latest posts and the categories. */
export const BLOGPOSTS_NAMES = ['latest', ...CATEGORY_ROUTES.map((route) => route.name)];

/**
 * The fields of a create or an edit, from JSON or multipart. The original client's forms send
 * `image` twice in multipart (the file, and a text field with its name): only a file counts, and a
 * JSON edit's `image: ""` means "keep the stored image".
 */
async function postInputOf(c: ApiContext): Promise<PostInput> {
  if (isMultipart(c)) {
    const form = await formBody(c);
    const files = form.getAll('image').filter((value): value is File => typeof value !== 'string');
    return {
      title: form.text('title'),
      subtitle: form.text('subtitle'),
      content: form.text('content'),
      category: form.text('category'),
      image: files[0] ?? null,
    };
  }
  const body = await jsonBody(c);
  return {
    title: textField(body.title),
    subtitle: textField(body.subtitle),
    content: textField(body.content),
    category: textField(body.category),
    image: null,
  };
}

export function registerPostRoutes(api: Api, services: Services): void {
  api.get('/blogposts', async (c) => {
    const keyword = c.req.query('keyword');
    const page = await services.posts.list({
      page: pageParam(c, 'pageNumber'),
      // An absent or empty keyword lists everything, as the original client expects.
      search: keyword === undefined || keyword.trim() === '' ? undefined : keyword,
    });
    return pageResponse(page, services.imageUrls);
  });

  // The latest posts, a category's list, or one post by its id (as the original client asks) or its
  // slug: one route, whose fixed names come first. Not a route for each: the app's router
  // (RegExpRouter, app.ts) cannot rank fixed paths before a parameter in the same place.
  api.get('/blogposts/:id', async (c) => {
    const name = c.req.param('id');
    if (name === 'latest') return jsonOf(postsParts(await services.posts.latest(), services.imageUrls));
    const route = CATEGORY_ROUTES.find((candidate) => candidate.name === name);
    if (route) {
      return pageResponse(
        await services.posts.list({ page: pageParam(c, route.pageParam), category: route.category }),
        services.imageUrls,
      );
    }
    const post = await services.posts.findPublic(name);
    if (!post) throw notFound(POST_NOT_FOUND);
    return jsonOf([postBytes(post, services.imageUrls)]);
  });

  api.post('/blogposts', async (c) => {
    requireAdmin(c.get('context').viewer);
    return c.json(postJson(await services.posts.create(await postInputOf(c)), services.imageUrls), 201);
  });

  /** The id a write's address names: an id, or the slug of any post (an admin's write may touch a draft). */
  const postIdOf = async (idOrSlug: string) => (await services.posts.getAny(idOrSlug))?.id ?? idOrSlug;

  api.put('/blogposts/:id', async (c) => {
    requireAdmin(c.get('context').viewer);
    const id = await postIdOf(c.req.param('id'));
    return c.json(postJson(await services.posts.update(id, await postInputOf(c)), services.imageUrls));
  });

  api.delete('/blogposts/:id', async (c) => {
    requireAdmin(c.get('context').viewer);
    await services.posts.delete(await postIdOf(c.req.param('id')));
    return c.json({ message: 'Blogpost has been deleted' });
  });
}
