// 4. One post: the HTML the browser gets at /blog/{slug}, and the post page's post(slug:) query,
// each over random posts, against the node:http baseline.
import { acceptedQuery } from '../lib/client-documents.ts';
import type { Scenario } from '../lib/context.ts';
import { measure, withApp } from '../lib/context.ts';
import { acceptanceFigure, firstPassFigures, loadFigures } from '../lib/figures.ts';
import { pick, seededRandom } from '../lib/random.ts';
import { graphqlRequest, postPage } from '../lib/requests.ts';
import { BASELINE_NAME, baselineLoad } from './shared.ts';

export const postPageScenario: Scenario = {
  id: 'post',
  title: '4 Post page',
  async run(ctx) {
    const baseline = { name: BASELINE_NAME, result: await baselineLoad(ctx) };
    return withApp(ctx, ctx.config.posts, async (app) => {
      const slugs = app.dataSet.info.sampleSlugs;
      const chosen = await acceptedQuery(app.url, ctx.documents.postDetail, { slug: slugs[0] });
      const random = seededRandom(4);
      const html = await measure(ctx, {
        url: app.url,
        next: () => postPage(pick(random, slugs)),
        firstPass: slugs.map(postPage),
      });
      const query = await measure(ctx, {
        url: app.url,
        next: () => graphqlRequest('post-graphql', chosen.query, { slug: pick(random, slugs) }),
        firstPass: slugs.map((slug) => graphqlRequest('post-graphql', chosen.query, { slug })),
      });
      return [
        ...loadFigures(`${this.title}: GET /blog/{slug} HTML`, html, baseline, { p99Ms: 20 }),
        ...firstPassFigures(`${this.title}: GET /blog/{slug} HTML`, html, baseline.result),
        ...loadFigures(`${this.title}: post(slug:) GraphQL`, query, baseline, { p99Ms: 20 }),
        ...firstPassFigures(`${this.title}: post(slug:) GraphQL`, query, baseline.result),
        ...(chosen.refusal ? [acceptanceFigure(this.title, ctx.documents.postDetail.name, chosen.refusal)] : []),
      ];
    });
  },
};
