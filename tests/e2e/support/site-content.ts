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
  /** The picture's size; 1200x675 unless given. */
  image?: { width: number; height: number };
}

let counter = 0;

export async function createPost(t: TestApp, post: NewPost = {}): Promise<PostWithImage> {
  counter += 1;
  return t.app.services.posts.create({
    title: post.title ?? `Test post ${counter}`,
    subtitle: post.subtitle ?? 'A subtitle',
    content: post.content ?? '<p>Some words.</p>',
    category: post.category ?? 'game',
    image: await makeImage({ width: post.image?.width ?? 1200, height: post.image?.height ?? 675, format: 'png' }),
  });
}

/** `count` posts, one at a time so their creation times follow the given order (last is newest). */
export async function createPosts(t: TestApp, count: number, post: (i: number) => NewPost = () => ({})) {
  const posts: PostWithImage[] = [];
  for (let i = 0; i < count; i += 1) posts.push(await createPost(t, post(i)));
  return posts;
}

export async function createCard(t: TestApp, card: { title?: 'Reading' | 'Watching' | 'Playing'; subtitle?: string }) {
  return t.app.services.upcoming.create({
    title: card.title ?? 'Reading',
    subtitle: card.subtitle ?? 'A book',
    image: await makeImage({ width: 800, height: 1000, format: 'png' }),
  });
}

/** The demo site of `npm run seed:demo`: 32 posts (8 per category) and 3 cards. */
export async function seedDemoSite(t: TestApp) {
  return seedDemo({ prisma: t.db.prisma, imageStore: t.app.services.images, log: () => undefined });
}
