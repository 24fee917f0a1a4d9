// Issue 35 item 5: how many cached answers one write cools, a figure that does not depend on the
// machine's load (decision 054). Not part of `npm run bench`: a count, not a speed.
//   npx tsx bench/cooling.ts [posts, default 10 000]   (BENCH_DATABASE_URL for PostgreSQL)
// Seeds the bench's data set, starts the app in this process, and asks every post's ending (the
// post page's GraphQL query for its neighbours and related posts) and every page of the blog's
// REST list once, so each is cached. Then, for each kind of write the mixed bench makes (and two
// narrower edits), it writes through the post service, waits for the database's own notice of the
// write (what every other server hears), and asks every view again: the ones answered without an
// `Age` header had been cooled, and are cached again for the next write.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createApp } from '../server/app.ts';
import { CONTENT_CHANNEL } from '../server/cache/content-changes.ts';
import { openConfiguredDatabase } from '../server/startup.ts';
import { postgresHost } from './lib/databases.ts';
import { uploadJpeg } from './scenarios/mixed.ts';
import { createPostWriter } from './seed/corpus.ts';
import { benchServerConfig, seedDataSet } from './seed/seed-data-set.ts';

const POSTS = Number(process.argv[2] ?? 10_000);
const PER_KIND = 5;
const PAGE_SIZE = 15;

const ENDING = `query Ending($slug: String!) {
  post(slug: $slug) { id previousPost { id title } nextPost { id title } relatedPosts { id title } }
}`;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-cooling-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const host = adminUrl ? await postgresHost(adminUrl) : null;
  const databaseName = `bench_cooling_${process.pid}`;
  const databaseUrl = host ? await host.create(databaseName) : undefined;
  try {
    console.log(`Seeding ${POSTS} posts on ${host ? 'PostgreSQL' : 'PGlite'}…`);
    const info = await seedDataSet(dataDir, databaseUrl, POSTS, () => {});
    const config = benchServerConfig(dataDir, databaseUrl);
    const db = await openConfiguredDatabase(config);
    const app = createApp({ config, db, clientDir: dataDir });
    try {
      await report(app, db, info.sampleIds);
    } finally {
      await db.close();
    }
  } finally {
    if (host) {
      await host.drop(databaseName);
      await host.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type App = ReturnType<typeof createApp>;
type Db = Awaited<ReturnType<typeof openConfiguredDatabase>>;

async function report(app: App, db: Db, sample: string[]) {
  for (let waited = 0; !app.changes.trustworthy && waited < 10_000; waited += 20) await pause(20);
  const posts = await db.prisma.post.findMany({
    where: { status: 'PUBLISHED' },
    select: { id: true, slug: true },
    orderBy: { publishedAt: 'desc' },
  });
  const pages = Math.ceil(posts.length / PAGE_SIZE);
  const views: Array<{ kind: 'ending' | 'list page'; ask: () => Promise<Response> }> = [
    ...posts.map(({ slug }) => {
      const body = JSON.stringify({ query: ENDING, variables: { slug } });
      // As a client sends it (the response cache keys only a POST whose length it is told).
      const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
      return {
        kind: 'ending' as const,
        ask: () => app.fetch(new Request('http://bench.test/graphql', { method: 'POST', headers, body })),
      };
    }),
    ...Array.from({ length: pages }, (_, i) => ({
      kind: 'list page' as const,
      ask: () => app.fetch(new Request(`http://bench.test/api/blogposts?pageNumber=${i + 1}`)),
    })),
  ];
  /** Asks every view; counts those that were not cached (each is cached again after). */
  const sweep = async () => {
    const cold = { ending: 0, 'list page': 0 };
    for (const view of views) {
      const response = await view.ask();
      if (!response.ok) throw new Error(`A view answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      if (response.headers.get('age') === null) cold[view.kind] += 1;
    }
    return cold;
  };
  console.log(`Warming ${posts.length} endings and ${pages} list pages…`);
  await sweep();
  const again = await sweep();
  if (again.ending + again['list page'] > 0) throw new Error(`Still cold after warming: ${JSON.stringify(again)}`);

  const settle = async () => {
    // The database's notices come in commit order: once this marker is heard, the write's has been.
    const marker = randomUUID();
    let heard = false;
    const stop = app.changes.subscribe((change) => {
      if (change.tags.has(`post:${marker}`)) heard = true;
    });
    await db.sql.exec(`NOTIFY ${CONTENT_CHANNEL}, '${JSON.stringify({ t: 'Image', p: [marker], c: false })}'`);
    for (let waited = 0; !heard && waited < 10_000; waited += 10) await pause(10);
    stop();
  };

  const writePost = createPostWriter(6);
  const jpeg = await uploadJpeg();
  const editable = sample.slice(0, 3 * PER_KIND);
  const created: string[] = [];
  const services = app.services.posts;
  const current = (id: string) => db.prisma.post.findUniqueOrThrow({ where: { id } });
  // Every field as stored (the address too: an edit keeps it).
  const kept = (post: Awaited<ReturnType<typeof current>>) => ({
    title: post.title,
    subtitle: post.subtitle,
    content: post.content,
    category: post.category,
    slug: post.slug,
  });
  const fields = () => ({ ...writePost(), status: 'PUBLISHED' });
  const writes: Record<string, (n: number) => Promise<void>> = {
    // As the mixed bench's studio sends an edit: every field anew, the category drawn again.
    'edit, as the bench (title, subtitle, text, category)': async (n) => {
      const { slug } = await current(editable[n]!);
      await services.update(editable[n]!, { ...fields(), slug });
    },
    'edit of the text alone': async (n) => {
      const post = await current(editable[PER_KIND + n]!);
      await services.update(post.id, { ...kept(post), content: fields().content });
    },
    'edit of the title alone': async (n) => {
      const post = await current(editable[2 * PER_KIND + n]!);
      await services.update(post.id, { ...kept(post), title: fields().title });
    },
    create: async () => {
      created.push((await services.create({ ...fields(), image: jpeg })).id);
    },
    delete: async () => {
      await services.delete(created.shift()!);
    },
  };
  console.log(`\n| Write (${PER_KIND} of each) | Post endings cooled, each | List pages cooled, each |`);
  console.log('|---|---|---|');
  for (const [kind, write] of Object.entries(writes)) {
    const counts: Array<{ ending: number; 'list page': number }> = [];
    for (let n = 0; n < PER_KIND; n++) {
      await write(n);
      await settle();
      counts.push(await sweep());
    }
    const each = (key: 'ending' | 'list page') => counts.map((count) => count[key]).join(', ');
    const mean = (key: 'ending' | 'list page') =>
      (counts.reduce((sum, count) => sum + count[key], 0) / counts.length).toFixed(0);
    console.log(`| ${kind} | ${mean('ending')} (${each('ending')}) | ${mean('list page')} (${each('list page')}) |`);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await main();
process.exit(0);
