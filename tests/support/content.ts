// Posts and cards for tests: GraphQL documents, writes through the real API (with real image bytes),
// and quick rows straight into the database for tests about lists, where files do not matter.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Category, Post, PrismaClient } from '../../server/generated/prisma/client.ts';
import { graphql } from '../gql/index.ts';
import type { Category as ApiCategory } from '../gql/graphql.ts';
import { fileOf, makeImage } from './images.ts';
import { expect } from 'vitest';
import type { Document, TestApp } from './test-app.ts';

// For queries built in a test (prices, aliases): a post's fields as a selection.
export const IMAGE_FIELDS = 'url width height srcset';
export const POST_FIELDS = `id slug title subtitle content category createdAt updatedAt image { ${IMAGE_FIELDS} }`;

graphql(`
  fragment TestImage on Image {
    url
    width
    height
    srcset
  }
`);
graphql(`
  fragment TestPost on Post {
    id
    slug
    title
    subtitle
    content
    category
    createdAt
    updatedAt
    image {
      ...TestImage
    }
  }
`);
graphql(`
  fragment TestCard on UpcomingCard {
    id
    title
    subtitle
    createdAt
    image {
      ...TestImage
    }
  }
`);

export const CREATE_POST = graphql(`
  mutation TestCreatePost($input: CreatePostInput!) {
    createPost(input: $input) {
      ...TestPost
    }
  }
`);
export const UPDATE_POST = graphql(`
  mutation TestUpdatePost($id: ID!, $input: UpdatePostInput!) {
    updatePost(id: $id, input: $input) {
      ...TestPost
    }
  }
`);
export const DELETE_POST = graphql(`
  mutation TestDeletePost($id: ID!) {
    deletePost(id: $id)
  }
`);
export const POSTS = graphql(`
  query TestPosts($page: Int, $category: Category, $search: String) {
    posts(page: $page, category: $category, search: $search) {
      page
      pages
      total
      items {
        ...TestPost
      }
    }
  }
`);
export const POST = graphql(`
  query TestPost($id: ID!) {
    post(id: $id) {
      ...TestPost
    }
  }
`);
export const LATEST_POSTS = graphql(`
  query TestLatest {
    latestPosts {
      ...TestPost
    }
  }
`);

export const CREATE_CARD = graphql(`
  mutation TestCreateCard($input: CreateUpcomingCardInput!) {
    createUpcomingCard(input: $input) {
      ...TestCard
    }
  }
`);
export const DELETE_CARD = graphql(`
  mutation TestDeleteCard($id: ID!) {
    deleteUpcomingCard(id: $id)
  }
`);
export const CARDS = graphql(`
  query TestCards {
    upcomingCards {
      ...TestCard
    }
  }
`);
// A card's fields beyond the spec's: its alt text, link, order and focal point.
graphql(`
  fragment TestCardDetails on UpcomingCard {
    id
    title
    subtitle
    imageAlt
    link
    position
    image {
      url
      width
      height
      focusX
      focusY
    }
  }
`);
export const UPDATE_CARD = graphql(`
  mutation TestUpdateCard($id: ID!, $input: UpdateUpcomingCardInput!) {
    updateUpcomingCard(id: $id, input: $input) {
      ...TestCardDetails
    }
  }
`);
export const MOVE_CARD = graphql(`
  mutation TestMoveCard($id: ID!, $position: Int!) {
    moveUpcomingCard(id: $id, position: $position) {
      id
      subtitle
      position
    }
  }
`);
export const CARD_DETAILS = graphql(`
  query TestCardDetails {
    upcomingCards {
      ...TestCardDetails
    }
  }
`);

export const postInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Breath of the Wild',
  subtitle: 'A second look',
  content: '<p>The open air, again.</p>',
  category: 'GAME' as ApiCategory,
  ...overrides,
});

/** createPost as a multipart request carrying a real PNG (or the given file). */
export async function uploadPost(
  t: TestApp,
  cookie: string | undefined,
  overrides: Record<string, unknown> = {},
  file?: File,
) {
  return t.upload(CREATE_POST, { input: postInput(overrides) }, await imageUpload(file, 1200, 675), { cookie });
}

/** createUpcomingCard as a multipart request carrying a real PNG (or the given file). */
export async function uploadCard(
  t: TestApp,
  cookie: string | undefined,
  overrides: Record<string, unknown> = {},
  file?: File,
) {
  const input = { title: 'READING', subtitle: 'The Left Hand of Darkness', ...overrides };
  return t.upload(CREATE_CARD, { input }, await imageUpload(file, 800, 600), { cookie });
}

/**
 * A post write (createPost or updatePost, selecting what the test reads) with `variables` and a real
 * cover, as the admin; it must succeed. Answers the written post.
 */
export async function writePostWithCover(t: TestApp, admin: string, write: string, variables: Record<string, unknown>) {
  const { body } = await t.upload(write, variables, await imageUpload(undefined, 1200, 675), { cookie: admin });
  expect(body.errors).toBeUndefined();
  return body.data.createPost ?? body.data.updatePost;
}

/** The multipart files of a write: the given file, or a fresh PNG of that size, as input.image. */
async function imageUpload(file: File | undefined, width: number, height: number) {
  return { 'input.image': file ?? fileOf(await makeImage({ width, height })) };
}

export interface SeedPost {
  title?: string;
  subtitle?: string;
  content?: string;
  category?: Category;
  /** The cover's text alternative: the title unless given. */
  imageAlt?: string;
  createdAt?: Date;
}

/**
 * Inserts posts (and image rows without files) in two queries. Without createdAt, post i is i
 * minutes after 2026-01-01, so the last one given is the newest.
 */
export async function seedPosts(prisma: PrismaClient, posts: SeedPost[]): Promise<Post[]> {
  const images = await prisma.image.createManyAndReturn({
    data: posts.map(() => ({
      storageKey: randomBytes(16).toString('hex'),
      mimeType: 'image/webp',
      width: 960,
      height: 540,
      variantWidths: [480, 960],
    })),
  });
  return prisma.post.createManyAndReturn({
    data: posts.map((post, i) => ({
      title: post.title ?? `Post ${i + 1}`,
      imageAlt: post.imageAlt ?? post.title ?? `Post ${i + 1}`,
      subtitle: post.subtitle ?? 'A subtitle',
      content: post.content ?? '<p>Some words.</p>',
      category: post.category ?? 'game',
      createdAt: post.createdAt ?? new Date(Date.UTC(2026, 0, 1, 0, i)),
      imageId: images[i]!.id,
    })),
  });
}

/** Every file under DATA_DIR/uploads, as paths relative to it. */
export function uploadedFiles(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'uploads');
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Deletes `id` with `mutation` (deletePost, deleteUpcomingCard), then deleting it again, an unknown
 * id and `malformed` are each refused with 404 NOT_FOUND and `message`.
 */
export async function expectDeleteNotFound(
  t: TestApp,
  admin: string,
  mutation: Document<unknown, { id: string }>,
  { id, malformed }: { id: string; malformed: string },
  message: string,
): Promise<void> {
  await t.graphql(mutation, { id }, { cookie: admin });
  for (const refused of [id, '0196f0a0-0000-7000-8000-000000000000', malformed]) {
    const response = await t.graphqlResponse(mutation, { id: refused }, { cookie: admin });
    expect(response.status).toBe(404);
    expect((await response.json()).errors[0]).toMatchObject({ message, extensions: { code: 'NOT_FOUND' } });
  }
}
