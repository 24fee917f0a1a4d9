// 3. The same random pages through GraphQL, with the blog list's own selection, against the REST
// list: what the GraphQL layer costs on top of the same service call.
import { acceptedQuery } from '../lib/client-documents.ts';
import type { Scenario } from '../lib/context.ts';
import { measure, withApp } from '../lib/context.ts';
import { acceptanceFigure, firstPassFigures, loadFigures } from '../lib/figures.ts';
import { between, seededRandom } from '../lib/random.ts';
import { graphqlRequest, pagesOf } from '../lib/requests.ts';
import { REST_LIST_NAME, restListLoad } from './shared.ts';

export const graphqlListScenario: Scenario = {
  id: 'graphql',
  title: '3 GraphQL list, random pages',
  async run(ctx) {
    const rest = await restListLoad(ctx);
    const { result, chosen } = await withApp(ctx, ctx.config.posts, async (app) => {
      const chosen = await acceptedQuery(app.url, ctx.documents.blogList, { page: 1 });
      const random = seededRandom(2);
      const pages = pagesOf(app.dataSet.info.posts);
      const result = await measure(ctx, {
        url: app.url,
        next: () => graphqlRequest('graphql-list', chosen.query, { page: between(random, 1, pages) }),
        firstPass: Array.from({ length: pages }, (_, i) =>
          graphqlRequest('graphql-list', chosen.query, { page: i + 1 }),
        ),
      });
      return { result, chosen };
    });
    return [
      acceptanceFigure(this.title, ctx.documents.blogList.name, chosen.refusal),
      ...loadFigures(this.title, result, { name: REST_LIST_NAME, result: rest }, { throughputRatio: 0.8, p99Ms: 20 }),
      ...firstPassFigures(this.title, result),
    ];
  },
};
