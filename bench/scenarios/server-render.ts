// 10. Public pages rendered on the server by React, against the same pages as they were before it
// (SERVER_RENDERING=off: the bare client shell with its head tags and first GraphQL answers): two
// servers, one after the other, on copies of the same data, over the same sample of pages (the home
// page, posts, blog and category pages), each asked as a browser asks for a page (HTML, Brotli or gzip).
//  - Cold render: each page once, one connection, on the freshly started server: every request is a
//    miss of the response cache, and with nothing else in flight its latency is the server's time
//    to build that page.
//  - Warm throughput: the usual warm-up and measured run over the same pages, now answered from the
//    response cache: what a rendered page's larger body costs once it is built.
//  - Server CPU per page at a fixed rate: the same page views a second on both servers, each a page
//    and, for the bare client, the GraphQL reads it sends once loaded to show the same page; the
//    server's own CPU time over the run divided by the pages shown. The load generator shares the
//    machine's cores, so req/s measures it as much as the server; CPU seconds are the server's alone.
//  - The HTML's size, as sent and uncompressed, of one post page and one list page.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CATEGORY_SCREENS } from '#kernel/page-meta-rules.ts';
import { PAGE_SIZE, toApiCategory } from '#kernel/post-rules.ts';
import { listPagePath, postPath } from '#kernel/route-paths.ts';
import type { Scenario } from '../lib/context.ts';
import { drained, measure, withApp, type AppUnderTest, type BenchContext } from '../lib/context.ts';
import { acceptedQuery } from '../lib/client-documents.ts';
import { atMostRatio, below, coresBusy, loadFigures, type Figure } from '../lib/figures.ts';
import { runLoad, type LoadRequest, type LoadResult } from '../lib/load.ts';
import { pick, seededRandom, type Random } from '../lib/random.ts';
import { BROWSER_PAGE_HEADERS, graphqlRequest, pagesOf } from '../lib/requests.ts';
import type { DataSetInfo } from '../seed/seed-data-set.ts';

const TITLE = '10 Server-rendered pages';
const BASELINE = 'SSR off';
const POST_PAGES = 200;
const BLOG_PAGES = 20;
const CATEGORY_PAGES = 5;
/** Longest the cold pass may take, in seconds: a slower server fails it rather than hang the bench. */
const COLD_LIMIT = 300;
const KB = 1024;
/** Connections of the fixed-rate run: enough for its rate, few enough that a second's share is not one burst. */
const RATE_CONNECTIONS = 10;
/** The target (35): a rendered page costs the server at most this much more than the bare client's. */
const CPU_RATIO_LIMIT = 1.15;

type Kind = 'post' | 'list' | 'home';
const PAGE_LABELS: readonly string[] = ['post', 'list', 'home'] satisfies Kind[];

/** A page of the sample, and the list the bare client asks for once loaded (a list or category page). */
interface SamplePage extends LoadRequest {
  list?: { page: number; category?: string };
}

// What a browser sends for a page: the answer the response cache keeps is per encoding class.
const pageRequest = (label: Kind, path: string, list?: SamplePage['list']): SamplePage => ({
  label,
  path,
  headers: BROWSER_PAGE_HEADERS,
  ...(list ? { list } : {}),
});

/**
 * The fixed sample: the home page, random post pages, the first blog pages and the first pages of
 * each category, only pages that exist (a 404 fails the run), in a seeded random order so that no
 * kind is asked first on the cold server, when the queries every page shares are not yet cached.
 */
function samplePages(info: DataSetInfo): SamplePage[] {
  const random = seededRandom(10);
  const posts = shuffled(random, info.sampleSlugs)
    .slice(0, POST_PAGES)
    .map((slug) => pageRequest('post', postPath(slug)));
  const listPages = (listPath: string, pages: number, category?: string) =>
    Array.from({ length: pages }, (_, i) =>
      pageRequest('list', i === 0 ? listPath : listPagePath(listPath, i + 1), {
        page: i + 1,
        ...(category ? { category } : {}),
      }),
    );
  const lists = [
    ...listPages('/blog', Math.min(BLOG_PAGES, pagesOf(info.posts))),
    ...CATEGORY_SCREENS.flatMap((screen) =>
      listPages(
        `/${screen.path}`,
        Math.min(CATEGORY_PAGES, Math.ceil((info.postsByCategory[screen.category] ?? 0) / PAGE_SIZE)),
        toApiCategory(screen.category),
      ),
    ),
  ];
  return shuffled(random, [pageRequest('home', '/'), ...posts, ...lists]);
}

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

interface PageAnswer {
  /** Bytes of the body as sent. */
  sent: number;
  encoding: string;
  html: string;
  /** Whether it came from the response cache, which says how old its answer is (Age). */
  cached: boolean;
}

/** One page as a browser gets it, its bytes counted before they are decompressed here. */
function getPage(app: AppUnderTest, path: string): Promise<PageAnswer> {
  // Not fetch: it would decompress the body before its bytes could be counted.
  return new Promise((resolve, reject) => {
    const outgoing = request(`${app.url}${path}`, { headers: BROWSER_PAGE_HEADERS, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = String(response.headers['content-encoding'] ?? 'identity');
        if (response.statusCode !== 200) {
          reject(new Error(`${path} answered ${response.statusCode}`));
          return;
        }
        const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
        resolve({ sent: body.length, encoding, html: decoded.toString('utf8'), cached: 'age' in response.headers });
      });
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${path} did not answer in 30 s`)));
    outgoing.on('error', (error) => reject(new Error(`GET ${path}: ${error.message}`, { cause: error })));
    outgoing.end();
  });
}

const ROOT = /<div id="root">([\s\S]{0,40})/;

/**
 * Whether the page's root element has the server's render in it (and its state for hydration after
 * it). The check that this bench measures what it says: a render that throws makes the server send
 * the bare client instead, quietly, with a 200.
 */
function serverRendered(html: string): boolean {
  const root = ROOT.exec(html);
  if (!root) throw new Error('The page has no <div id="root">: the bench cannot tell how it was rendered');
  return !root[1]!.startsWith('</div>') && html.includes('id="server-state"');
}

interface ServerFigures {
  cold: LoadResult;
  warm: LoadResult;
  fixedRate: LoadResult & { views: number; asked: number; requestsPerView: number };
  pages: Record<'post' | 'list', PageAnswer & { path: string }>;
}

/**
 * What one page view asks of the server: the page, and with SERVER_RENDERING=off the GraphQL reads
 * the bare client sends once it has loaded, to show what a rendered page already shows. The shell
 * of the home page and of a post page carries its first answers (server/modules/pages/initial-results.ts,
 * firstQueries: the site's name, and the home page's or the post's query); a list or category
 * page's carries only the site's name, and the client asks for the list itself.
 */
async function pageViews(ctx: BenchContext, app: AppUnderTest, sample: SamplePage[], rendering: 'on' | 'off') {
  if (rendering === 'on') return sample.map((page): LoadRequest[] => [page]);
  const blogList = await acceptedQuery(app.url, ctx.documents.blogList, { page: 1 });
  const categoryList = await acceptedQuery(app.url, ctx.documents.categoryList, { page: 1, category: 'GAME' });
  return sample.map((page): LoadRequest[] => {
    if (!page.list) return [page];
    const { category, ...variables } = page.list;
    const read = category
      ? graphqlRequest('client-read', categoryList.query, { ...variables, category })
      : graphqlRequest('client-read', blogList.query, variables);
    // As a browser's fetch asks: compressed, which the response cache keeps apart.
    return [
      page,
      { ...read, headers: { ...read.headers, 'accept-encoding': BROWSER_PAGE_HEADERS['accept-encoding'] } },
    ];
  });
}

/**
 * The same page views a second on both servers (autocannon's overallRate, in requests: a bare
 * client's view is more than one), over random pages of the sample: the server's CPU over the run
 * divided by the pages shown is what a page costs it, whatever the load generator managed to read.
 */
async function fixedRateRun(ctx: BenchContext, app: AppUnderTest, views: LoadRequest[][]) {
  const random = seededRandom(35);
  const requestsPerView = views.reduce((sum, view) => sum + view.length, 0) / views.length;
  // Every request once first: the bare client's list reads were not asked before, and their first
  // answers (a database query each, not a copy from memory) would be counted against it.
  const every = views.flat();
  let index = 0;
  await runLoad({
    url: app.url,
    connections: RATE_CONNECTIONS,
    duration: COLD_LIMIT,
    amount: every.length,
    next: () => every[index++ % every.length]!,
  });
  await drained(app.url);
  const queue: LoadRequest[] = [];
  const result = await runLoad({
    url: app.url,
    connections: RATE_CONNECTIONS,
    duration: ctx.config.duration,
    overallRate: Math.round(ctx.config.pageRate * requestsPerView),
    // A page, then what its client asks once it has it.
    next: () => {
      if (queue.length === 0) queue.push(...pick(random, views));
      return queue.shift()!;
    },
    serverCpuSeconds: app.cpuSeconds,
  });
  const pages = [...result.byLabel].filter(([label]) => PAGE_LABELS.includes(label));
  const shown = pages.reduce((sum, [, entry]) => sum + entry.answers, 0);
  return { ...result, views: shown, asked: ctx.config.pageRate, requestsPerView };
}

async function measureServer(ctx: BenchContext, rendering: 'on' | 'off'): Promise<ServerFigures> {
  ctx.log(`  SERVER_RENDERING=${rendering}…`);
  return withApp(
    ctx,
    ctx.config.posts,
    async (app) => {
      const sample = samplePages(app.dataSet.info);
      // Not measure()'s first pass: that one runs at the run's connections, where a page waits for
      // the ones built before it; here nothing else is in flight, so a latency is one page's build.
      let index = 0;
      const cold = await runLoad({
        url: app.url,
        connections: 1,
        duration: COLD_LIMIT,
        amount: sample.length,
        next: () => sample[index++ % sample.length]!,
      });
      if (cold.answers < sample.length) {
        throw new Error(`The cold pass answered ${cold.answers} of ${sample.length} pages in ${COLD_LIMIT} s`);
      }
      // The server logs each page it could not render (or could not give its first answers) and sends
      // the bare client instead, with a 200: figures of such a run describe something else.
      const degraded = /Could not (?:render|answer the first queries of|build the head of) \S+/.exec(app.output());
      if (degraded) throw new Error(`SERVER_RENDERING=${rendering}: ${degraded[0]} (see the server's output)`);

      // Once, after the cold pass, so these come from the response cache, as the warm run's will.
      const pages = {} as ServerFigures['pages'];
      const inspected = { post: sample.find((page) => page.label === 'post')!.path, list: '/blog' };
      for (const kind of ['post', 'list'] as const) {
        const page = await getPage(app, inspected[kind]);
        if (serverRendered(page.html) !== (rendering === 'on')) {
          throw new Error(
            `SERVER_RENDERING=${rendering}, but ${inspected[kind]} came ${rendering === 'on' ? 'without' : 'with'} ` +
              `the server's render in <div id="root">: this bench would measure the wrong thing`,
          );
        }
        // The warm run is about pages kept in the response cache: one built again on every request
        // would make its figures a render's.
        if (!page.cached) {
          throw new Error(`SERVER_RENDERING=${rendering}: ${inspected[kind]} did not come from the response cache`);
        }
        pages[kind] = { ...page, path: inspected[kind] };
      }

      const random = seededRandom(10);
      const warm = await measure(ctx, {
        url: app.url,
        next: () => pick(random, sample),
        serverCpuSeconds: app.cpuSeconds,
      });
      const fixedRate = await fixedRateRun(ctx, app, await pageViews(ctx, app, sample, rendering));
      return { cold, warm, fixedRate, pages };
    },
    { SERVER_RENDERING: rendering },
  );
}

function coldFigures(on: LoadResult, off: LoadResult): Figure[] {
  const figures: Figure[] = [];
  for (const kind of ['post', 'list'] as const) {
    // Every sample has both kinds: /blog and at least one post.
    const value = on.byLabel.get(kind)!;
    const base = off.byLabel.get(kind)!;
    const scenario = `${TITLE}: cold render, ${kind} pages`;
    figures.push(
      {
        scenario,
        name: 'p50',
        value: value.latency.p50,
        unit: 'ms',
        baseline: { name: BASELINE, value: base.latency.p50 },
        target: below(20, 'ms')(value.latency.p50),
        note:
          `each of ${value.answers} ${kind === 'post' ? 'post pages' : 'blog and category pages'} once, one ` +
          `connection, on a fresh server (caches empty); max ${value.latency.max.toFixed(0)} ms ` +
          `(${BASELINE}: ${base.latency.max.toFixed(0)} ms)`,
      },
      {
        scenario,
        name: 'p95',
        value: value.latency.p95,
        unit: 'ms',
        baseline: { name: BASELINE, value: base.latency.p95 },
      },
    );
  }
  return figures;
}

/**
 * What one page shown cost the server in CPU at the same rate of page views, beside the bare
 * client's (its shell and the GraphQL reads it sends to show the same page). The note says what
 * each side achieved of the rate asked (short of it, the figure is at another load than its
 * baseline's) and how many cores each of the two kept busy.
 */
function cpuFigures(on: ServerFigures['fixedRate'], off: ServerFigures['fixedRate']): Figure[] {
  if (!on.cpu || !off.cpu) return [];
  const perPage = (result: ServerFigures['fixedRate']) => (result.cpu!.server / result.views) * 1e6;
  const perAnswer = (result: ServerFigures['fixedRate']) => (result.cpu!.server / result.answers) * 1e6;
  const achieved = (result: ServerFigures['fixedRate']) => Math.round(result.views / result.seconds);
  return [
    {
      scenario: `${TITLE}: fixed rate, response cache`,
      name: 'server CPU per page',
      value: perPage(on),
      unit: 'µs',
      baseline: { name: `${BASELINE}, page and its reads`, value: perPage(off) },
      target: atMostRatio(CPU_RATIO_LIMIT)(perPage(on), perPage(off)),
      note:
        `${on.asked} page views/s asked of each over ${RATE_CONNECTIONS} connections, ${achieved(on)} achieved ` +
        `(${BASELINE}: ${achieved(off)}, ${off.requestsPerView.toFixed(2)} requests a view); per answer ` +
        `${Math.round(perAnswer(on))} µs (${BASELINE}: ${Math.round(perAnswer(off))} µs); cores busy: ` +
        `${coresBusy(on)} (${BASELINE}: ${coresBusy(off)})`,
    },
  ];
}

function sizeFigures(on: ServerFigures['pages'], off: ServerFigures['pages']): Figure[] {
  return (['post', 'list'] as const).flatMap((kind): Figure[] => {
    const scenario = `${TITLE}: HTML of a ${kind} page`;
    return [
      {
        scenario,
        name: `as sent (${on[kind].encoding})`,
        value: on[kind].sent / KB,
        unit: 'KB',
        baseline: { name: BASELINE, value: off[kind].sent / KB },
        note: `${on[kind].path}; ${BASELINE} sent it with Content-Encoding: ${off[kind].encoding}`,
      },
      {
        scenario,
        name: 'uncompressed',
        value: Buffer.byteLength(on[kind].html) / KB,
        unit: 'KB',
        baseline: { name: BASELINE, value: Buffer.byteLength(off[kind].html) / KB },
      },
    ];
  });
}

export const serverRenderScenario: Scenario = {
  id: 'pages',
  title: TITLE,
  async run(ctx) {
    // One after the other, never side by side: neither slows the other down.
    const off = await measureServer(ctx, 'off');
    const on = await measureServer(ctx, 'on');
    const [throughput, ...latencies] = loadFigures(
      `${TITLE}: warm, response cache`,
      on.warm,
      { name: BASELINE, result: off.warm },
      { throughputRatio: 0.9, p99Ms: 20 },
    );
    // Both servers answer from memory here, so what differs is the bytes of each answer, which the
    // load generator, on the same cores, has to read too: the note gives them.
    const sent = (pages: ServerFigures['pages']) =>
      `${(pages.post.sent / KB).toFixed(1)} KB a post page, ${(pages.list.sent / KB).toFixed(1)} KB a list page`;
    throughput!.note =
      `random pages of the same sample, answered from the response cache, as sent: ` +
      `${sent(on.pages)} (${BASELINE}: ${sent(off.pages)}); cores busy: ${coresBusy(on.warm)} ` +
      `(${BASELINE}: ${coresBusy(off.warm)})`;
    return [
      ...coldFigures(on.cold, off.cold),
      throughput!,
      ...latencies,
      ...cpuFigures(on.fixedRate, off.fixedRate),
      ...sizeFigures(on.pages, off.pages),
    ];
  },
};
