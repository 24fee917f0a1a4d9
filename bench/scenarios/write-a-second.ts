// 11. An author at work while readers read: the cached reads of the mixed scenario (lists, post
// pages) at full speed, first alone (the warm rate), then while one post is created every second
// through the REST API. A write cools only the answers that show what it changed
// (docs/decisions/032-writes-cool-what-they-change.md), so most reads should stay warm: the target
// (issue 18) is at least half the warm rate, with a read p99 under 20 ms on PostgreSQL and 50 ms on
// PGlite. The server's memory is read idle, after the reads and after reads with writes, with where
// it goes (the admin's serverMemory query: the JavaScript heap, the embedded database, the caches).
//
// The two phases alternate for BENCH_WRITE_ROUNDS rounds on the same server, and the table gives
// the medians, each round in the note: on a two-core machine shared with the load generator and
// the image encoder, one run of the same code moved 20 to 40 % from the next, and a burst of noise
// then hit one phase and not the other.
import { acceptedQuery } from '../lib/client-documents.ts';
import type { AppUnderTest, BenchContext, Scenario } from '../lib/context.ts';
import { measure, withApp } from '../lib/context.ts';
import { atLeastRatio, below, type Figure } from '../lib/figures.ts';
import type { LoadRequest, LoadResult } from '../lib/load.ts';
import { multipartBody } from '../lib/multipart.ts';
import { seededRandom } from '../lib/random.ts';
import { median } from '../lib/stats.ts';
import { CACHED_READS, cachedRead, everyCachedRead, pagesOf, type ReadSources } from '../lib/requests.ts';
import { createPostWriter } from '../seed/corpus.ts';
import { signIn, uploadJpeg } from './mixed.ts';

// The mixed scenario's cached read kinds, in its proportions (searches are never cached).
const READ_TOTAL = CACHED_READS.reduce((sum, [, share]) => sum + share, 0);
const WRITE_EVERY_MS = 1000;

export const writeASecondScenario: Scenario = {
  id: 'write-a-second',
  title: '11 Reads while one post a second is written',
  async run(ctx) {
    const jpeg = await uploadJpeg();
    return withApp(ctx, ctx.config.posts, async (app) => {
      const cookie = await signIn(app.url);
      const idle = await memoryOf(app.url, cookie);
      const { reads, nextRead } = await cachedReadMix(ctx, app, 11);

      const writeFailures: string[] = [];
      let written = 0;
      /** One post a second, each create waited for, beside the readers' load, until the run ends. */
      const readsUnderWrites = async () => {
        const author = authorWriting(app.url, cookie, jpeg);
        const result = await measure(ctx, { url: app.url, next: nextRead }).finally(author.stop);
        const done = await author.done;
        written += done.written;
        writeFailures.push(...done.failures);
        return result;
      };

      const rounds: Array<{ warm: LoadResult & { firstPass?: LoadResult }; underWrites: LoadResult }> = [];
      let afterReads: MemoryReport | undefined;
      for (let round = 1; round <= ctx.config.writeRounds; round++) {
        ctx.log(`  round ${round}/${ctx.config.writeRounds}: warm reads, then reads under writes`);
        const warm = await measure(ctx, {
          url: app.url,
          next: nextRead,
          ...(round === 1 ? { firstPass: everyCachedRead(reads) } : {}),
        });
        afterReads ??= await memoryOf(app.url, cookie);
        rounds.push({ warm, underWrites: await readsUnderWrites() });
      }
      const afterWrites = await memoryOf(app.url, cookie);
      if (writeFailures.length > 0) {
        ctx.fail(
          `${this.title}: ${writeFailures.length} write(s) failed:\n  ${writeFailures.slice(0, 5).join('\n  ')}`,
        );
      }
      const firstPass = rounds[0]!.warm.firstPass;
      const warmRate = median(rounds.map(({ warm }) => warm.perSecond));
      const warmP99 = median(rounds.map(({ warm }) => warm.latency.p99));
      const underWrites = median(rounds.map(({ underWrites }) => underWrites.perSecond));
      const underWritesP99 = median(rounds.map(({ underWrites }) => underWrites.latency.p99));
      const eachRound = rounds
        .map(
          ({ warm, underWrites }, index) =>
            `${index + 1}: ${Math.round(warm.perSecond)} → ${Math.round(underWrites.perSecond)} req/s ` +
            `(${(underWrites.perSecond / warm.perSecond).toFixed(2)}×, p99 ${underWrites.latency.p99.toFixed(0)} ms)`,
        )
        .join('; ');

      const p99Limit = ctx.host.kind === 'postgres' ? 20 : 50;
      const figures: Figure[] = [
        {
          scenario: this.title,
          name: 'reads, no writes (warm rate)',
          value: warmRate,
          unit: 'req/s',
          note: `median of ${rounds.length} rounds, p99 ${warmP99.toFixed(1)} ms, after a first pass of every distinct read (${firstPass?.answers ?? 0} at ${Math.round(firstPass?.perSecond ?? 0)} req/s)`,
        },
        {
          scenario: this.title,
          name: 'reads, one write a second',
          value: underWrites,
          unit: 'req/s',
          baseline: { name: 'warm rate', value: warmRate },
          target: atLeastRatio(0.5)(underWrites, warmRate),
          note: `median of ${rounds.length} rounds, ${written} posts written; each round, warm → under writes: ${eachRound}`,
        },
        {
          scenario: this.title,
          name: 'read p99, one write a second',
          value: underWritesP99,
          unit: 'ms',
          baseline: { name: 'warm rate', value: warmP99 },
          target: below(p99Limit, 'ms')(underWritesP99),
        },
        ...(
          [
            ['idle', idle],
            ['after reads', afterReads!],
            ['after reads and writes', afterWrites],
          ] as const
        ).map(([when, report]) => ({
          scenario: this.title,
          name: `resident memory, ${when}`,
          value: mib(report.residentBytes),
          unit: 'MiB' as const,
          note: memoryNote(report),
        })),
      ];
      return figures;
    });
  },
};

/**
 * An author creating one post a second through the REST API (each create waited for), from now
 * until stop(): done gives how many were written and what failed.
 */
export function authorWriting(
  url: string,
  cookie: string,
  jpeg: Buffer,
): { stop(): void; done: Promise<{ written: number; failures: string[] }> } {
  const writePost = createPostWriter(11);
  let writing = true;
  const done = (async () => {
    const failures: string[] = [];
    let written = 0;
    for (let n = 1; writing; n += 1) {
      const started = performance.now();
      const { contentType, body } = multipartBody(`write${n}`, [
        ...Object.entries(writePost()).map(([name, value]) => ({ name, value })),
        { name: 'image', filename: 'cover.jpg', type: 'image/jpeg', value: jpeg },
      ]);
      const response = await fetch(`${url}/api/blogposts`, {
        method: 'POST',
        headers: { cookie, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      const text = await response.text();
      if (response.ok) written += 1;
      else failures.push(`HTTP ${response.status}: ${text.slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, WRITE_EVERY_MS - (performance.now() - started))));
    }
    return { written, failures };
  })();
  return {
    stop: () => {
      writing = false;
    },
    done,
  };
}

/**
 * The mixed scenario's cached read kinds in its proportions (searches are never cached), drawn with
 * this seed: `reads` for a first pass of every one, `nextRead` for a load run.
 */
export async function cachedReadMix(
  ctx: BenchContext,
  app: AppUnderTest,
  seed: number,
): Promise<{ reads: ReadSources; nextRead: () => LoadRequest }> {
  const random = seededRandom(seed);
  const pages = pagesOf(app.dataSet.info.posts);
  const slugs = app.dataSet.info.sampleSlugs;
  const listQuery = await acceptedQuery(app.url, ctx.documents.blogList, { page: 1 });
  const postQuery = await acceptedQuery(app.url, ctx.documents.postDetail, { slug: slugs[0] });
  const reads = { pages, slugs, documents: { listQuery: listQuery.query, postQuery: postQuery.query } };
  const nextRead = (): LoadRequest => {
    let roll = random() * READ_TOTAL;
    const kind = CACHED_READS.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'rest-list';
    return cachedRead(kind, random, reads);
  };
  return { reads, nextRead };
}

export interface MemoryReport {
  residentBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  databaseBytes: number | null;
  caches: Array<{ name: string; entries: number; bytes: number; maxBytes: number }>;
}

const MEMORY_QUERY = `{ serverMemory { residentBytes heapUsedBytes externalBytes databaseBytes
  caches { name entries bytes maxBytes } } }`;

/** Where the server's memory goes now, as the admin's serverMemory query reports it. */
export async function memoryOf(url: string, cookie: string): Promise<MemoryReport> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ query: MEMORY_QUERY }),
  });
  const answer = (await response.json()) as { data?: { serverMemory: MemoryReport }; errors?: unknown };
  if (!answer.data) throw new Error(`serverMemory failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.serverMemory;
}

export const mib = (bytes: number) => bytes / 1024 / 1024;

export function memoryNote(report: MemoryReport): string {
  const caches = report.caches
    .map(
      (cache) =>
        `${cache.name} ${mib(cache.bytes).toFixed(1)}/${mib(cache.maxBytes).toFixed(2)} MiB (${cache.entries})`,
    )
    .join(', ');
  const database = report.databaseBytes === null ? '' : `PGlite ${mib(report.databaseBytes).toFixed(0)} MiB, `;
  return `${database}JS heap ${mib(report.heapUsedBytes).toFixed(0)} MiB, external ${mib(report.externalBytes).toFixed(0)} MiB; caches: ${caches}`;
}
