// Seeds one data set: the migrations and the admin (what a first start does), a few demo posts and
// cards drawn and stored like real uploads, then bulk posts up to the wanted count whose images
// link to the demo's files. Runs in the bench process, on a database no server has open.
import type { CategoryValue } from '#kernel/post-rules.ts';
import { DEMO_CARDS, DEMO_POSTS } from '../../prisma/demo-content.ts';
import { seedDemo } from '../../prisma/seed-demo.ts';
import { loadConfig, uploadsDirOf, type Config } from '../../server/config.ts';
import { ImageStore } from '../../server/modules/media/image-store.ts';
import { openConfiguredDatabase, prepareDatabase } from '../../server/startup.ts';
import { BENCH_ADMIN } from '../config.ts';
import { seededRandom } from '../lib/random.ts';
import { insertBulkPosts } from './bulk-posts.ts';

/** Two per category: enough real pictures, and each drawn picture costs about a second. */
const DEMO_POST_COUNT = 8;
const HOUR_MS = 60 * 60 * 1000;

export interface DataSetInfo {
  posts: number;
  /** Slugs of the posts with their own drawn picture: the post pages the browser scenarios open. */
  demoPostSlugs: string[];
  /** A fixed, shuffled sample of post ids, for writes by id. */
  sampleIds: string[];
  /** The slugs of the same sample, in the same order: a post's page and post(slug:) read by these. */
  sampleSlugs: string[];
  /** Posts of each category: which category pages exist (categories are drawn at random). */
  postsByCategory: Partial<Record<CategoryValue, number>>;
}

/** The server's configuration for a data folder and database, as the bench starts it. */
export function benchServerConfig(dataDir: string, databaseUrl: string | undefined): Config {
  return loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  });
}

export async function seedDataSet(
  dataDir: string,
  databaseUrl: string | undefined,
  posts: number,
  log: (message: string) => void,
): Promise<DataSetInfo> {
  const config = benchServerConfig(dataDir, databaseUrl);
  const db = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(db, config, () => {});
    const imageStore = new ImageStore(uploadsDirOf(config), config.maxUploadBytes);
    const demoCount = Math.min(DEMO_POST_COUNT, posts);
    await seedDemo({
      prisma: db.prisma,
      imageStore,
      content: { posts: DEMO_POSTS.slice(0, demoCount), cards: DEMO_CARDS },
      log: () => {},
    });
    const demo = await db.prisma.post.findMany({ select: { id: true, slug: true, createdAt: true, image: true } });

    // Bulk posts are older than the demo ones: the home page and the first blog page show drawn
    // pictures and written text, deeper pages the generated ones.
    const oldestDemo = Math.min(...demo.map((post) => post.createdAt.getTime()));
    await insertBulkPosts({
      sql: db.sql,
      uploadsDir: uploadsDirOf(config),
      count: posts - demo.length,
      sources: demo.flatMap((post) => (post.image ? [post.image] : [])),
      newest: new Date(oldestDemo - HOUR_MS),
      spacingMs: 3 * HOUR_MS,
      random: seededRandom(posts),
      log,
    });

    // What autovacuum would do on a server soon after such a load (PGlite has no autovacuum): without
    // statistics and a visibility map the planner guesses, and count(*) reads every row's page.
    for (const table of ['Post', 'Image']) await db.sql.exec(`VACUUM ANALYZE "${table}"`);

    const sample = await db.sql.query<{ id: string; slug: string }>(
      'SELECT "id"::text AS "id", "slug" FROM "Post" ORDER BY md5("id"::text) LIMIT 2000',
    );
    const categories = await db.sql.query<{ category: CategoryValue; posts: number }>(
      'SELECT "category"::text AS "category", count(*)::int AS "posts" FROM "Post" GROUP BY 1',
    );
    return {
      posts,
      demoPostSlugs: demo.map((post) => post.slug),
      sampleIds: sample.map((row) => row.id),
      sampleSlugs: sample.map((row) => row.slug),
      postsByCategory: Object.fromEntries(categories.map((row) => [row.category, row.posts])),
    };
  } finally {
    await db.close();
  }
}
