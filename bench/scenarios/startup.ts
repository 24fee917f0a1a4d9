// 9. Start-up: from `npm start` (its prestart check of the client and server builds included, but
// never a build: the bench runs that step just before) to the first 200 on /healthz. Cold: a fresh
// DATA_DIR (migrations, the admin's password hash). Warm: the same folder again. Warm with the run's
// data set too, to the first 200 of the home page (issue 37: within 3 s at 10 000 posts and 40 000
// image files): the sweep of the uploads folder runs once the server listens (docs/decisions/049).
// The baseline is node:http under tsx: what any TypeScript server here pays to start.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { buildClientIfChanged } from '../lib/client-build.ts';
import type { Scenario } from '../lib/context.ts';
import { below, type Figure } from '../lib/figures.ts';
import { appEnv, binary, freePort, startServer } from '../lib/server-process.ts';
import { median } from '../lib/stats.ts';

async function npmStart(dataDir: string, databaseUrl: string | undefined, healthPath = '/healthz'): Promise<number> {
  // Outside the timing: a source edited meanwhile would make this start a build as well.
  buildClientIfChanged();
  const port = await freePort();
  const server = await startServer({
    command: 'npm',
    args: ['start'],
    env: appEnv({ port, dataDir, databaseUrl }),
    healthPath,
  });
  await server.stop();
  return server.startedInMs;
}

async function baselineStart(): Promise<number> {
  const server = await startServer({
    command: binary('tsx'),
    args: ['bench/baseline-server.ts'],
    env: { PORT: String(await freePort()) },
    healthPath: '/',
  });
  await server.stop();
  return server.startedInMs;
}

export const startupScenario: Scenario = {
  id: 'startup',
  title: '9 Start-up, npm start to first 200',
  async run(ctx) {
    const times = { baseline: [] as number[], cold: [] as number[], warm: [] as number[], data: [] as number[] };
    let imageFiles = 0;
    for (let round = 0; round < ctx.config.startupRuns; round++) {
      times.baseline.push(await baselineStart());
      const empty = await ctx.dataSets.empty();
      try {
        times.cold.push(await npmStart(empty.dataDir, empty.databaseUrl));
        times.warm.push(await npmStart(empty.dataDir, empty.databaseUrl));
      } finally {
        await empty.dispose();
      }
      const dataSet = await ctx.dataSets.fresh(ctx.config.posts);
      try {
        imageFiles = filesIn(path.join(dataSet.dataDir, 'uploads'));
        times.data.push(await npmStart(dataSet.dataDir, dataSet.databaseUrl, '/'));
      } finally {
        await dataSet.dispose();
      }
    }
    const baseline = { name: 'node:http under tsx', value: median(times.baseline) / 1000 };
    const figure = (name: string, values: number[]): Figure => ({
      scenario: `${this.title} (${ctx.host.kind})`,
      name,
      value: median(values) / 1000,
      unit: 's',
      baseline,
      note: `median of ${values.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`,
    });
    return [
      figure('cold, empty DATA_DIR', times.cold),
      figure('warm, same DATA_DIR', times.warm),
      {
        ...figure(
          `warm, ${ctx.config.posts.toLocaleString('en')} posts, ${imageFiles.toLocaleString('en')} image files: home page`,
          times.data,
        ),
        target: below(3, 's')(median(times.data) / 1000),
      },
    ];
  },
};

function filesIn(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}
