// 6. A day on the site at once: 95% anonymous reads (the lists, post pages, a few searches) and 5%
// of the author's writes from a signed-in session (create with a picture, edit, delete). Every answer
// must be a success: a single failure fails the bench, since under load is where races show.
import sharp from 'sharp';
import { DEMO_POSTS } from '../../prisma/demo-content.ts';
import { renderPostImage } from '../../prisma/seed-demo.ts';
import { BENCH_ADMIN } from '../config.ts';
import { acceptedQuery } from '../lib/client-documents.ts';
import type { Scenario } from '../lib/context.ts';
import { measure, withApp } from '../lib/context.ts';
import { below, coresBusy, loadFigures, type Figure } from '../lib/figures.ts';
import { summarizeFailures, type LoadRequest } from '../lib/load.ts';
import { multipartBody } from '../lib/multipart.ts';
import { pick, seededRandom, type Random } from '../lib/random.ts';
import { CACHED_READS, cachedRead, everyCachedRead, graphqlRequest, pagesOf } from '../lib/requests.ts';
import { createPostWriter } from '../seed/corpus.ts';
import { BASELINE_NAME, baselineLoad } from './shared.ts';

// Shares of the requests, in percent; reads add up to 95, writes to 5.
const MIX = [...CACHED_READS, ['search', 2], ['create', 2], ['update', 2], ['delete', 1]] as const;

type Kind = (typeof MIX)[number][0];
const WRITES: readonly Kind[] = ['create', 'update', 'delete'];
const SEARCH_TERMS = ['zelda', 'soundtrack', 'open world', 'sound', 'frieren'];

function kindPicker(random: Random): () => Kind {
  return () => {
    let roll = random() * 100;
    for (const [kind, share] of MIX) {
      roll -= share;
      if (roll < 0) return kind;
    }
    return 'rest-list';
  };
}

/** A photo-sized upload: a demo picture as a 1600x900 JPEG, re-encoded by the server like any upload. */
export async function uploadJpeg(): Promise<Buffer> {
  return sharp(await renderPostImage(DEMO_POSTS[0]!))
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`Signing in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

export const mixedScenario: Scenario = {
  id: 'mixed',
  title: '6 Mixed 95% reads / 5% writes',
  async run(ctx) {
    const baseline = { name: BASELINE_NAME, result: await baselineLoad(ctx) };
    const jpeg = await uploadJpeg();
    return withApp(ctx, ctx.config.posts, async (app) => {
      const cookie = await signIn(app.url);
      const random = seededRandom(6);
      const nextKind = kindPicker(random);
      const writePost = createPostWriter(6);
      const pages = pagesOf(app.dataSet.info.posts);
      // Disjoint sets of posts: a read or an edit never races a delete of the same post into a 404.
      const ids = app.dataSet.info.sampleIds;
      const readIds = ids.slice(0, Math.ceil(ids.length * 0.7));
      // Read at their addresses (the sample's slugs are in the order of its ids).
      const readSlugs = app.dataSet.info.sampleSlugs.slice(0, readIds.length);
      const updateIds = ids.slice(readIds.length, Math.ceil(ids.length * 0.85));
      const deletable = ids.slice(readIds.length + updateIds.length);
      const asAdmin = { cookie };
      const listQuery = await acceptedQuery(app.url, ctx.documents.blogList, { page: 1 });
      const postQuery = await acceptedQuery(app.url, ctx.documents.postDetail, { slug: readSlugs[0] });
      let boundaryCount = 0;

      const readSources = {
        pages,
        slugs: readSlugs,
        documents: { listQuery: listQuery.query, postQuery: postQuery.query },
      };

      const requestFor = (kind: Kind): LoadRequest => {
        switch (kind) {
          case 'rest-list':
          case 'graphql-list':
          case 'post-html':
          case 'post-graphql':
            return cachedRead(kind, random, readSources);
          case 'search':
            return graphqlRequest(kind, listQuery.query, { page: 1, search: pick(random, SEARCH_TERMS) });
          case 'create': {
            const post = writePost();
            const { contentType, body } = multipartBody(`bench${(boundaryCount += 1)}`, [
              ...Object.entries(post).map(([name, value]) => ({ name, value })),
              { name: 'image', filename: 'cover.jpg', type: 'image/jpeg', value: jpeg },
            ]);
            return {
              label: kind,
              method: 'POST',
              path: '/api/blogposts',
              headers: { ...asAdmin, 'content-type': contentType },
              body,
            };
          }
          case 'update':
            return {
              label: kind,
              method: 'PUT',
              path: `/api/blogposts/${pick(random, updateIds)}`,
              headers: { ...asAdmin, 'content-type': 'application/json' },
              body: JSON.stringify(writePost()),
            };
          case 'delete': {
            const id = deletable.pop();
            // Nothing left to delete (a very long run): read instead of failing on a 404.
            if (!id) return requestFor('post-html');
            return { label: kind, method: 'DELETE', path: `/api/blogposts/${id}`, headers: asAdmin };
          }
        }
      };

      const result = await measure(ctx, {
        url: app.url,
        // The site as readers find it after a while: every list page and sampled post asked once.
        firstPass: everyCachedRead(readSources),
        next: () => requestFor(nextKind()),
        onAnswer: (label, _status, body) => {
          // The posts created here are deleted later in the run, as an author tidies up.
          if (label === 'create') deletable.unshift((JSON.parse(body) as { _id: string })._id);
        },
        // Counted and shown with the figures, then the run fails: a race shows as a rare failure.
        tolerateFailures: true,
        serverCpuSeconds: app.cpuSeconds,
      });
      const failed = result.failures.length;
      if (failed > 0) {
        ctx.fail(
          `${this.title}: ${failed} failed request(s), zero allowed:\n  ${summarizeFailures(result.failures)}\n` +
            `--- the server's last output ---\n${app.output()}`,
        );
      }

      const reads = [...result.byLabel].filter(([label]) => !WRITES.includes(label as Kind));
      const writes = [...result.byLabel].filter(([label]) => WRITES.includes(label as Kind));
      const worst = (entries: typeof reads) =>
        entries.length === 0 ? Number.NaN : Math.max(...entries.map(([, entry]) => entry.latency.p99));
      const count = (entries: typeof reads) => entries.reduce((sum, [, entry]) => sum + entry.answers, 0);
      const perLabel = [...result.byLabel]
        .map(([label, entry]) => `${label} ${entry.answers}× p99 ${entry.latency.p99.toFixed(0)} ms`)
        .join(', ');
      const figures: Figure[] = loadFigures(this.title, result, baseline);
      const refused = [listQuery, postQuery].some((chosen) => chosen.refusal);
      const cores = coresBusy(result);
      figures[0]!.note =
        `${result.answers} answers, ${count(writes)} of them writes` +
        (cores ? `; cores busy: ${cores}` : '') +
        (refused ? '; client documents the server refuses (see 3) sent with their fragments inlined' : '');
      figures.push(
        {
          scenario: this.title,
          name: 'failed requests',
          value: failed,
          unit: '',
          display: String(failed),
          target: { text: '= 0', ok: failed === 0 },
          ...(failed > 0 ? { note: summarizeFailures(result.failures, 3).replace(/\n\s*/g, ' | ') } : {}),
        },
        {
          scenario: this.title,
          name: 'p99 of the worst read kind',
          value: worst(reads),
          unit: 'ms',
          baseline: { name: BASELINE_NAME, value: baseline.result.latency.p99 },
          target: below(20, 'ms')(worst(reads)),
          note: perLabel,
        },
        {
          scenario: this.title,
          name: 'p99 of the worst write kind',
          value: worst(writes),
          unit: 'ms',
          baseline: { name: BASELINE_NAME, value: baseline.result.latency.p99 },
        },
      );
      return figures;
    });
  },
};
