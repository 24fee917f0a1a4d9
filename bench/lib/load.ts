// One load run with autocannon's programmatic API: N connections, each sending the next request a
// picker chooses as soon as the previous answer arrives, for a fixed time. Latencies are autocannon's
// own (timed from the write of the request), kept per label so a mixed run reports reads and writes
// apart; a run with any failed request throws, since its figures would describe something else.
import autocannon, { type Instance, type Result } from 'autocannon';
import { percentiles, type Percentiles } from './stats.ts';

export interface LoadRequest {
  /** What the request is, for its latency figures and error messages: 'rest-list', 'create'... */
  label: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Stop after this many requests instead (duration is then only an upper bound). */
  amount?: number;
  /**
   * Requests a second over all connections, instead of each connection sending its next request as
   * soon as its answer arrives: autocannon's overallRate (each connection sends its share of a second
   * as soon as it can, then waits for the next second).
   */
  overallRate?: number;
  /** The next request to send; called once per request. */
  next: () => LoadRequest;
  /** Seconds before a request counts as failed; 30 unless said. */
  timeout?: number;
  /** Reads an answer (say, the id of a created post); throw to count it as failed. */
  onAnswer?: (label: string, status: number, body: string) => void;
  /** Report failed requests in the result instead of throwing (the mixed scenario counts them). */
  tolerateFailures?: boolean;
  /** The server's CPU seconds so far (RunningServer.cpuSeconds): the run then gives `cpu`. */
  serverCpuSeconds?: () => number | undefined;
}

export interface LoadResult {
  seconds: number;
  /** Answers completed (all of them 2xx: otherwise the run throws). */
  answers: number;
  perSecond: number;
  latency: Percentiles;
  byLabel: Map<string, { answers: number; latency: Percentiles }>;
  /** One line per failed request (only with tolerateFailures: otherwise the run throws). */
  failures: string[];
  /**
   * CPU seconds the run cost the server and this process (the load generator), when the options
   * could read the server's: on a machine they share, which of the two ran out of CPU first.
   */
  cpu?: { server: number; loadGenerator: number };
}

export class LoadError extends Error {
  override name = 'LoadError';
}

/** A GraphQL answer is 200 even when it failed: its errors are in the body. */
function problemOf(status: number, body: string): string | undefined {
  if (status < 200 || status > 299) return `HTTP ${status}: ${body.slice(0, 300)}`;
  if (body.startsWith('{"errors"') || body.includes('"errors":[')) return `GraphQL errors: ${body.slice(0, 300)}`;
  return undefined;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies = new Map<string, number[]>();
  const failures: string[] = [];
  // autocannon calls onResponse and then, synchronously on the same connection, emits 'response'
  // with the latency: the label set by the first is the one the second belongs to.
  let answeredLabel = '';

  let instance: Instance | undefined;
  // Timed here: autocannon reports whole seconds, and ends a run of a set amount of requests only at
  // its next one-second tick, both too coarse for a short run such as a first pass.
  const serverCpuBefore = options.serverCpuSeconds?.();
  const ownCpuBefore = process.cpuUsage();
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.duration,
        ...(options.amount !== undefined ? { amount: options.amount } : {}),
        ...(options.overallRate !== undefined ? { overallRate: options.overallRate } : {}),
        timeout: options.timeout ?? 30,
        requests: [
          {
            setupRequest: (request, context) => {
              const next = options.next();
              context.label = next.label;
              return {
                ...request,
                method: next.method ?? 'GET',
                path: next.path,
                headers: { ...next.headers },
                body: next.body ?? '',
              };
            },
            onResponse: (status, body, context) => {
              answeredLabel = String(context.label);
              const problem = problemOf(status, body);
              if (problem) {
                failures.push(`${answeredLabel}: ${problem}`);
                return;
              }
              try {
                options.onAnswer?.(answeredLabel, status, body);
              } catch (error) {
                failures.push(`${answeredLabel}: ${(error as Error).message}`);
              }
            },
          },
        ],
      },
      (error, value) => (error ? reject(error) : resolve(value)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      lastAnswer = performance.now();
      let list = latencies.get(answeredLabel);
      if (!list) latencies.set(answeredLabel, (list = []));
      list.push(ms);
    });
    instance.on('reqError', (error) => failures.push(`connection: ${error.message}`));
  });

  const serverCpuAfter = options.serverCpuSeconds?.();
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const cpu =
    serverCpuBefore !== undefined && serverCpuAfter !== undefined
      ? { server: serverCpuAfter - serverCpuBefore, loadGenerator: (ownCpu.user + ownCpu.system) / 1e6 }
      : undefined;

  if (failures.length > 0 && !options.tolerateFailures) {
    throw new LoadError(
      `${failures.length} failed request(s) (${result.timeouts} timeouts) against ${options.url}:\n  ` +
        summarizeFailures(failures),
    );
  }

  const seconds = ((options.amount !== undefined ? lastAnswer : performance.now()) - started) / 1000;
  const all = [...latencies.values()].flat();
  return {
    seconds,
    answers: all.length,
    perSecond: all.length / seconds,
    latency: percentiles(all),
    byLabel: new Map(
      [...latencies].map(([label, list]) => [label, { answers: list.length, latency: percentiles(list) }]),
    ),
    failures,
    ...(cpu ? { cpu } : {}),
  };
}

/** The distinct failures, most frequent first, each with its count. */
export function summarizeFailures(failures: readonly string[], limit = 5): string {
  const counts = new Map<string, number>();
  for (const failure of failures) counts.set(failure, (counts.get(failure) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([failure, count]) => `${count}× ${failure}`)
    .join('\n  ');
}
