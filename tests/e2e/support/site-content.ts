// Posts and cards for the browser tests, written through the app's own services with real image
// bytes: the pages then load real WebP variants from /uploads, as a visitor's browser would.
import type { Category } from '../../../server/generated/prisma/client.ts';
import type { PostWithImage } from '../../../server/modules/post/post.service.ts';
import { seedDemo } from '../../../prisma/seed-demo.ts';
import { makeImage } from '../../support/images.ts';
import type { TestApp } from '../../support/test-app.ts';

export interface NewPost {
  title?: string;
  subtitle?: string;
  content?: string;
  category?: Category;
  /** The cover's text alternative; the title unless given, so tests find a post's picture by it. */
  imageAlt?: string;
  /** The picture's size; 1200x675 unless given. */
  image?: { width: number; height: number };
  /** Published unless given: a draft is ready to be published in a single quick step. */
  status?: 'DRAFT' | 'PUBLISHED';
}

let counter = 0;

export async function createPost(t: TestApp, post: NewPost = {}): Promise<PostWithImage> {
  counter += 1;
  const title = post.title ?? `Test post ${counter}`;
  return t.app.services.posts.create({
    title,
    imageAlt: post.imageAlt ?? title,
    subtitle: post.subtitle ?? 'A subtitle',
    content: post.content ?? '<p>Some words.</p>',
    category: post.category ?? 'game',
    status: post.status,
    image: await makeImage({ width: post.image?.width ?? 1200, height: post.image?.height ?? 675, format: 'png' }),
  });
}

/** `count` posts, one at a time so their creation times follow the given order (last is newest). */
export async function createPosts(t: TestApp, count: number, post: (i: number) => NewPost = () => ({})) {
  const posts: PostWithImage[] = [];
  for (let i = 0; i < count; i += 1) posts.push(await createPost(t, post(i)));
  return posts;
}

/** A 'Currently' card; its picture's alt text is "Title: subtitle" unless given ('' for a decorative one). */
export async function createCard(
  t: TestApp,
  card: { title?: 'Reading' | 'Watching' | 'Playing'; subtitle?: string; imageAlt?: string },
) {
  const title = card.title ?? 'Reading';
  const subtitle = card.subtitle ?? 'A book';
  return t.app.services.upcoming.create({
    title,
    subtitle,
    imageAlt: card.imageAlt ?? `${title}: ${subtitle}`,
    image: await makeImage({ width: 800, height: 1000, format: 'png' }),
  });
}

/** The demo site of `npm run seed:demo`: 32 posts (8 per category) and 3 cards. */
export async function seedDemoSite(t: TestApp) {
  return seedDemo({ prisma: t.db.prisma, imageStore: t.app.services.images, log: () => undefined });
}

/** The newest post of twoPagesOfPosts: a game with a picture of its own size and two paragraphs. */
export const FEATURED_POST = {
  title: 'Outer Wilds Is a Museum of Time',
  paragraphs: ['A loop of twenty-two minutes, and one rule.', 'The sun goes out every time.'],
};

/**
 * Post `i` of 17 (oldest first), for createPosts: a full first page of 15 and a second of 2. Two are
 * about Zelda (one by its subtitle); the newest is FEATURED_POST; the others rotate over the four
 * categories, with 'subtitle' in every subtitle.
 */
export function twoPagesOfPosts(i: number): NewPost {
  if (i === 2) return { title: 'Zelda: Tears of the Kingdom', subtitle: 'A subtitle on Ultrahand', category: 'game' };
  if (i === 8) {
    return { title: 'Why I replay Ocarina', subtitle: 'A subtitle on the Zeldas of my childhood', category: 'game' };
  }
  if (i === 16) {
    const [first, second] = FEATURED_POST.paragraphs;
    return {
      title: FEATURED_POST.title,
      subtitle: 'Twenty-two minutes, forever',
      category: 'game',
      image: { width: 1600, height: 900 },
      content: `<p>${first!.replace('loop', '<strong>loop</strong>')}</p><p>${second}</p>`,
    };
  }
  const categories = ['anime', 'tv', 'book', 'game'] as const;
  return { title: `Blog post ${String(i + 1).padStart(2, '0')}`, category: categories[i % 4] };
}

/**
 * Two 'Currently' cards (the newest first in the carousel: Outer Wilds, then Piranesi) and the 17
 * posts of twoPagesOfPosts, with the ones tests look for by name.
 */
export async function seedTwoPagesSite(t: TestApp) {
  await createCard(t, { title: 'Playing', subtitle: 'Outer Wilds' });
  await createCard(t, { title: 'Reading', subtitle: 'Piranesi' });
  const posts = await createPosts(t, 17, twoPagesOfPosts);
  return { posts, newestFirst: [...posts].reverse(), featured: posts[16]!, zelda: posts[2]!, ocarina: posts[8]! };
}
