// 4. One post: the HTML the browser gets at /blog/{id}, and the post page's post(id:) query, each
// over random posts, against the node:http baseline.
import { acceptedQuery } from '../lib/client-documents.ts';
import type { Scenario } from '../lib/context.ts';
import { measure, withApp } from '../lib/context.ts';
import { acceptanceFigure, firstPassFigures, loadFigures } from '../lib/figures.ts';
import { pick, seededRandom } from '../lib/random.ts';
import { graphqlRequest } from '../lib/requests.ts';
import { BASELINE_NAME, baselineLoad } from './shared.ts';

const htmlRequest = (id: string) => ({ label: 'post-html', path: `/blog/${id}`, headers: { accept: 'text/html' } });

export const postPageScenario: Scenario = {
  id: 'post',
  title: '4 Post page',
  async run(ctx) {
    const baseline = { name: BASELINE_NAME, result: await baselineLoad(ctx) };
    return withApp(ctx, ctx.config.posts, async (app) => {
      const ids = app.dataSet.info.sampleIds;
      const chosen = await acceptedQuery(app.url, ctx.documents.postDetail, { id: ids[0] });
      const random = seededRandom(4);
      const html = await measure(ctx, {
        url: app.url,
        next: () => htmlRequest(pick(random, ids)),
        firstPass: ids.map(htmlRequest),
      });
      const query = await measure(ctx, {
        url: app.url,
        next: () => graphqlRequest('post-graphql', chosen.query, { id: pick(random, ids) }),
        firstPass: ids.map((id) => graphqlRequest('post-graphql', chosen.query, { id })),
      });
      return [
        ...loadFigures(`${this.title}: GET /blog/{id} HTML`, html, baseline, { p99Ms: 20 }),
        ...firstPassFigures(`${this.title}: GET /blog/{id} HTML`, html, baseline.result),
        ...loadFigures(`${this.title}: post(id:) GraphQL`, query, baseline, { p99Ms: 20 }),
        ...firstPassFigures(`${this.title}: post(id:) GraphQL`, query, baseline.result),
        ...(chosen.refusal ? [acceptanceFigure(this.title, ctx.documents.postDetail.name, chosen.refusal)] : []),
      ];
    });
  },
};
