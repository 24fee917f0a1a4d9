// 5. posts(search:) as the blog's search box sends it (the blog list query with a keyword), with one
// word, a prefix, two words and two prefixes, over the run's data set and the larger one. Terms range
// from words in a third of the posts to names in a handful, so p95 covers both ends. Read against
// the same list query without a keyword, on the same data set and connections.
import { acceptedQuery } from '../lib/client-documents.ts';
import type { Scenario } from '../lib/context.ts';
import { measure, withApp, type AppUnderTest, type BenchContext } from '../lib/context.ts';
import { below, type Figure } from '../lib/figures.ts';
import type { LoadResult } from '../lib/load.ts';
import { between, pick, seededRandom } from '../lib/random.ts';
import { graphqlRequest, pagesOf } from '../lib/requests.ts';
import { corpusNames } from '../seed/corpus.ts';
import { SEARCH_CANDIDATES } from '#kernel/search-rules.ts';

interface SearchKind {
  name: string;
  terms: string[];
}

function searchKinds(): SearchKind[] {
  // Names in Zipf rank order: [0] is in a few percent of the posts, [600] in a few of them.
  const names = corpusNames().map((name) => name.toLowerCase());
  const [common, second, mid, rare] = [names[0]!, names[1]!, names[30]!, names[600]!];
  return [
    { name: 'one word', terms: ['soundtrack', 'zelda', common, mid, rare] },
    { name: 'one prefix', terms: ['sound', 'zel', common.slice(0, 4), mid.slice(0, 4)] },
    { name: 'two words', terms: ['open world', 'soundtrack season', `${common} ${second}`, `${mid} story`] },
    { name: 'two prefixes', terms: ['open wor', 'sound sea', `${common.slice(0, 3)} ${second.slice(0, 3)}`] },
  ];
}

const TOTAL_QUERY = 'query SearchTotal($search: String) { posts(search: $search) { total } }';

/**
 * How many posts each term matches, for the table's note, as the API counts them: at most
 * SEARCH_CANDIDATES, shown as "1000+" (README, scenario 5, gives how common each term is).
 */
async function matchesOf(app: AppUnderTest, terms: string[]): Promise<string[]> {
  return Promise.all(
    terms.map(async (search) => {
      const request = graphqlRequest('total', TOTAL_QUERY, { search });
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: request.headers,
        body: request.body as string,
      }).catch((error: Error) => {
        // undici says only "fetch failed": the cause (a reset, a refused connection) is the evidence.
        throw new Error(`Search for "${search}" failed: ${String(error.cause ?? error)}`, { cause: error });
      });
      const body = (await response.json()) as { data?: { posts: { total: number } } };
      if (!body.data) throw new Error(`Search for "${search}" failed: ${JSON.stringify(body)}`);
      const { total } = body.data.posts;
      return total >= SEARCH_CANDIDATES ? `${SEARCH_CANDIDATES}+` : String(total);
    }),
  );
}

async function searchFigures(ctx: BenchContext, posts: number, title: string): Promise<Figure[]> {
  const connections = ctx.config.searchConnections;
  const duration = ctx.config.searchDuration;
  return withApp(ctx, posts, async (app) => {
    const random = seededRandom(5);
    const pages = pagesOf(app.dataSet.info.posts);
    const { query, refusal } = await acceptedQuery(app.url, ctx.documents.blogList, { page: 1, search: 'zelda' });
    const list = await measure(ctx, {
      url: app.url,
      connections,
      duration,
      next: () => graphqlRequest('list', query, { page: between(random, 1, pages) }),
    });
    const figures: Figure[] = [];
    for (const kind of searchKinds()) {
      const matches = await matchesOf(app, kind.terms);
      const result: LoadResult = await measure(ctx, {
        url: app.url,
        connections,
        duration,
        next: () => graphqlRequest('search', query, { page: 1, search: pick(random, kind.terms) }),
      });
      const note =
        `${kind.terms.map((term, i) => `"${term}" ${matches[i]}`).join(', ')}; ` +
        `${result.answers} searches, ${connections} connection(s)` +
        (refusal ? '; the client document is refused (see 3), its fragments inlined' : '');
      const baseline = (value: number) => ({ name: 'list, no keyword', value });
      figures.push(
        {
          scenario: `${title}: ${kind.name}`,
          name: 'p50',
          value: result.latency.p50,
          unit: 'ms',
          baseline: baseline(list.latency.p50),
          note,
        },
        {
          scenario: `${title}: ${kind.name}`,
          name: 'p95',
          value: result.latency.p95,
          unit: 'ms',
          baseline: baseline(list.latency.p95),
          target: below(25, 'ms')(result.latency.p95),
        },
      );
    }
    return figures;
  });
}

export const searchScenario: Scenario = {
  id: 'search',
  title: '5 Search',
  async run(ctx) {
    const sizes = [...new Set([ctx.config.posts, ctx.config.searchPosts])];
    const figures: Figure[] = [];
    for (const posts of sizes) {
      figures.push(...(await searchFigures(ctx, posts, `${this.title} @ ${posts.toLocaleString('en')} posts`)));
    }
    return figures;
  },
};
