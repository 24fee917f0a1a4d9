// 11. An author at work while readers read: the cached reads of the mixed scenario (lists, post
// pages) at full speed, first alone (the warm rate), then while one post is created every second
// through the REST API. A write cools only the answers that show what it changed
// (docs/decisions/032-writes-cool-what-they-change.md), so most reads should stay warm: the target
// (issue 18) is at least half the warm rate, with a read p99 under 20 ms on PostgreSQL and 50 ms on
// PGlite. The server's resident memory is read idle, after the reads and after reads with writes.
import { acceptedQuery } from '../lib/client-documents.ts';
import type { Scenario } from '../lib/context.ts';
import { measure, withApp } from '../lib/context.ts';
import { atLeastRatio, below, type Figure } from '../lib/figures.ts';
import type { LoadRequest } from '../lib/load.ts';
import { multipartBody } from '../lib/multipart.ts';
import { between, pick, seededRandom } from '../lib/random.ts';
import { graphqlRequest, pagesOf, restListPage } from '../lib/requests.ts';
import { createPostWriter } from '../seed/corpus.ts';
import { signIn, uploadJpeg } from './mixed.ts';

// The mixed scenario's cached read kinds, in its proportions (searches are never cached).
const READS = [
  ['rest-list', 30],
  ['graphql-list', 25],
  ['post-html', 20],
  ['post-graphql', 18],
] as const;
const READ_TOTAL = READS.reduce((sum, [, share]) => sum + share, 0);
const WRITE_EVERY_MS = 1000;

export const writeASecondScenario: Scenario = {
  id: 'write-a-second',
  title: '11 Reads while one post a second is written',
  async run(ctx) {
    const jpeg = await uploadJpeg();
    return withApp(ctx, ctx.config.posts, async (app) => {
      const idle = app.residentMiB();
      const cookie = await signIn(app.url);
      const random = seededRandom(11);
      const pages = pagesOf(app.dataSet.info.posts);
      const slugs = app.dataSet.info.sampleSlugs;
      const listQuery = await acceptedQuery(app.url, ctx.documents.blogList, { page: 1 });
      const postQuery = await acceptedQuery(app.url, ctx.documents.postDetail, { slug: slugs[0] });
      const nextRead = (): LoadRequest => {
        let roll = random() * READ_TOTAL;
        const kind = READS.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'rest-list';
        switch (kind) {
          case 'rest-list':
            return restListPage(random, pages);
          case 'graphql-list':
            return graphqlRequest(kind, listQuery.query, { page: between(random, 1, pages) });
          case 'post-html':
            return { label: kind, path: `/blog/${pick(random, slugs)}`, headers: { accept: 'text/html' } };
          case 'post-graphql':
            return graphqlRequest(kind, postQuery.query, { slug: pick(random, slugs) });
        }
      };

      const warm = await measure(ctx, { url: app.url, next: nextRead });
      const afterReads = app.residentMiB();

      // The author: one create a second, each waited for, beside the readers' load.
      const writePost = createPostWriter(11);
      const writeFailures: string[] = [];
      let written = 0;
      let writing = true;
      const author = (async () => {
        for (let n = 1; writing; n += 1) {
          const started = performance.now();
          const { contentType, body } = multipartBody(`write${n}`, [
            ...Object.entries(writePost()).map(([name, value]) => ({ name, value })),
            { name: 'image', filename: 'cover.jpg', type: 'image/jpeg', value: jpeg },
          ]);
          const response = await fetch(`${app.url}/api/blogposts`, {
            method: 'POST',
            headers: { cookie, 'content-type': contentType },
            body: new Uint8Array(body),
          });
          const text = await response.text();
          if (response.ok) written += 1;
          else writeFailures.push(`HTTP ${response.status}: ${text.slice(0, 200)}`);
          await new Promise((resolve) =>
            setTimeout(resolve, Math.max(0, WRITE_EVERY_MS - (performance.now() - started))),
          );
        }
      })();
      const underWrites = await measure(ctx, { url: app.url, next: nextRead }).finally(() => {
        writing = false;
      });
      await author;
      const afterWrites = app.residentMiB();
      if (writeFailures.length > 0) {
        ctx.fail(
          `${this.title}: ${writeFailures.length} write(s) failed:\n  ${writeFailures.slice(0, 5).join('\n  ')}`,
        );
      }

      const p99Limit = ctx.host.kind === 'postgres' ? 20 : 50;
      const memory = (value: number | null) => (value === null ? '?' : `${value.toFixed(0)} MiB`);
      const figures: Figure[] = [
        {
          scenario: this.title,
          name: 'reads, no writes (warm rate)',
          value: warm.perSecond,
          unit: 'req/s',
          note: `p99 ${warm.latency.p99.toFixed(1)} ms`,
        },
        {
          scenario: this.title,
          name: 'reads, one write a second',
          value: underWrites.perSecond,
          unit: 'req/s',
          baseline: { name: 'warm rate', value: warm.perSecond },
          target: atLeastRatio(0.5)(underWrites.perSecond, warm.perSecond),
          note: `${written} posts written`,
        },
        {
          scenario: this.title,
          name: 'read p99, one write a second',
          value: underWrites.latency.p99,
          unit: 'ms',
          baseline: { name: 'warm rate', value: warm.latency.p99 },
          target: below(p99Limit, 'ms')(underWrites.latency.p99),
        },
        {
          scenario: this.title,
          name: 'resident memory',
          value: afterWrites ?? Number.NaN,
          unit: '',
          display: memory(afterWrites),
          note: `idle ${memory(idle)}, after reads ${memory(afterReads)}, after reads and writes ${memory(afterWrites)}`,
        },
      ];
      return figures;
    });
  },
};
