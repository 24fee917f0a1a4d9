// What every scenario gets: the run's settings, its data sets, and `once`, which lets a scenario
// reuse a baseline another scenario of the same run has measured (or measure it itself when run alone).
import type { BenchConfig } from '../config.ts';
import type { DataSet, DataSets } from '../seed/data-sets.ts';
import type { ClientDocuments } from './client-documents.ts';
import type { DatabaseHost } from './databases.ts';
import type { Figure } from './figures.ts';
import { runLoad, type LoadOptions, type LoadRequest, type LoadResult } from './load.ts';
import { appEnv, freePort, startApp, type ResidentMemory } from './server-process.ts';

export interface BenchContext {
  config: BenchConfig;
  dataSets: DataSets;
  host: DatabaseHost;
  documents: ClientDocuments;
  log(message: string): void;
  /** Marks the run as failed (exit status 1) with this evidence, keeping the scenario's figures. */
  fail(message: string): void;
  once<T>(key: string, measure: () => Promise<T>): Promise<T>;
}

export interface Scenario {
  /** The name on the command line and in `npm run bench:<id>`. */
  id: string;
  title: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}

export function memo(): <T>(key: string, measure: () => Promise<T>) => Promise<T> {
  const results = new Map<string, Promise<unknown>>();
  return <T>(key: string, measure: () => Promise<T>) => {
    let result = results.get(key) as Promise<T> | undefined;
    if (!result) {
      result = measure();
      results.set(key, result);
    }
    return result;
  };
}

export interface AppUnderTest {
  url: string;
  dataSet: DataSet;
  /** What the server has printed lately: the evidence when a request failed. */
  output(): string;
  /** The server's CPU seconds so far (RunningServer.cpuSeconds). */
  cpuSeconds(): number | undefined;
  /** The server process's resident memory now (RunningServer.residentMemory). */
  residentMemory(): ResidentMemory | undefined;
}

/**
 * A fresh copy of a data set, the production server on it, then both gone whatever happens. `env`
 * adds to the server's environment (a setting to compare, such as SERVER_RENDERING=off), last, so
 * it wins over appEnv's.
 */
export async function withApp<T>(
  ctx: BenchContext,
  posts: number,
  use: (app: AppUnderTest) => Promise<T>,
  env: Record<string, string> = {},
  /** Rows the scenario adds to its copy before the server starts (the embedded database is the server's after). */
  prepare?: (dataSet: DataSet) => Promise<void>,
): Promise<T> {
  const dataSet = await ctx.dataSets.fresh(posts);
  try {
    await prepare?.(dataSet);
    const port = await freePort();
    const server = await startApp({ ...appEnv({ port, ...dataSet }), ...env }, ctx.config.serverNodeArgs);
    try {
      return await use({
        url: server.url,
        dataSet,
        output: server.output,
        cpuSeconds: server.cpuSeconds,
        residentMemory: server.residentMemory,
      });
    } catch (error) {
      // What the server logged is the evidence: the stack of an unexpected error, say.
      throw new Error(`${(error as Error).message}\n--- the server's last output ---\n${server.output()}`, {
        cause: error,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await dataSet.dispose();
  }
}

/**
 * Waits for the requests the warm-up left in flight: autocannon drops its connections when time is
 * up, but the server still answers what it had received, and the measured run would queue behind.
 * The health check goes through the same database queue, so its answer comes after theirs.
 */
export async function drained(url: string): Promise<void> {
  const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(60_000) });
  await response.arrayBuffer();
}

/** Longest the first pass may take, in seconds: a slower server fails it rather than hang the bench. */
const FIRST_PASS_LIMIT = 120;

/**
 * A warm-up run, then the measured one, with the run's connections and duration. The warm-up's
 * figures are dropped, but not its failures: a failed request is one whenever it happens.
 *
 * With firstPass (every distinct request of the scenario), each is first sent once, at the run's
 * connections, on the freshly started server: what the first readers after a start (or after a
 * write, which empties the server's caches, docs/decisions/015) wait. Its figures are returned as
 * `firstPass`; the measured run that follows is the steady state.
 */
export async function measure(
  ctx: BenchContext,
  options: Omit<LoadOptions, 'connections' | 'duration'> & {
    connections?: number;
    duration?: number;
    firstPass?: LoadRequest[];
  },
): Promise<LoadResult & { firstPass?: LoadResult }> {
  const connections = options.connections ?? ctx.config.connections;
  let firstPass: LoadResult | undefined;
  if (options.firstPass?.length) {
    const requests = options.firstPass;
    let index = 0;
    firstPass = await runLoad({
      ...options,
      connections,
      duration: FIRST_PASS_LIMIT,
      amount: requests.length,
      next: () => requests[index++ % requests.length]!,
    });
    await drained(options.url);
  }
  const warmup =
    ctx.config.warmup > 0 ? await runLoad({ ...options, connections, duration: ctx.config.warmup }) : undefined;
  if (warmup) await drained(options.url);
  const result = await runLoad({ ...options, connections, duration: options.duration ?? ctx.config.duration });
  return {
    ...result,
    failures: [...(firstPass?.failures ?? []), ...(warmup?.failures ?? []), ...result.failures],
    ...(firstPass ? { firstPass } : {}),
  };
}
