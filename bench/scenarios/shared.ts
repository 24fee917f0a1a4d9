// Measurements several scenarios read their figures against: each is taken once per run, by
// whichever scenario needs it first.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BenchContext } from '../lib/context.ts';
import { measure, withApp } from '../lib/context.ts';
import type { LoadResult } from '../lib/load.ts';
import { seededRandom } from '../lib/random.ts';
import { pagesOf, restListPage, restListPageNumber } from '../lib/requests.ts';
import { binary, freePort, startServer, type RunningServer } from '../lib/server-process.ts';

export const BASELINE_NAME = 'node:http';
export const REST_LIST_NAME = 'REST list';

/** The first blog page exactly as the REST list answers it on the run's data set. */
function firstPageBytes(ctx: BenchContext): Promise<Buffer> {
  return ctx.once('first-page', () =>
    withApp(ctx, ctx.config.posts, async (app) => {
      const response = await fetch(`${app.url}/api/blogposts?pageNumber=1`);
      if (!response.ok) throw new Error(`The first blog page answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    }),
  );
}

export async function startBaselineServer(ctx: BenchContext): Promise<RunningServer> {
  const bodyFile = path.join(ctx.dataSets.root, 'baseline-body.json');
  await writeFile(bodyFile, await firstPageBytes(ctx));
  const port = await freePort();
  return startServer({
    command: binary('tsx'),
    args: ['bench/baseline-server.ts'],
    env: { PORT: String(port), BASELINE_BODY_FILE: bodyFile },
    healthPath: '/',
  });
}

/** Scenario 1: node:http answering the first blog page's bytes from memory, under the run's load. */
export function baselineLoad(ctx: BenchContext): Promise<LoadResult> {
  return ctx.once('baseline', async () => {
    const server = await startBaselineServer(ctx);
    try {
      return await measure(ctx, {
        url: server.url,
        next: () => ({ label: 'baseline', path: '/api/blogposts?pageNumber=1' }),
      });
    } finally {
      await server.stop();
    }
  });
}

/** Scenario 2: GET /api/blogposts?pageNumber=N over random pages. */
export function restListLoad(ctx: BenchContext): Promise<LoadResult & { firstPass?: LoadResult }> {
  return ctx.once('rest-list', () =>
    withApp(ctx, ctx.config.posts, async (app) => {
      const random = seededRandom(2);
      const pages = pagesOf(app.dataSet.info.posts);
      return measure(ctx, {
        url: app.url,
        next: () => restListPage(random, pages),
        firstPass: Array.from({ length: pages }, (_, i) => restListPageNumber(i + 1)),
      });
    }),
  );
}
