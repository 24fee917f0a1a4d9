// A figure of the table: a value, the baseline it is read against (measured in the same run), their
// ratio and the target for it. Ratios are what hold from one noisy run to the next.
import type { LoadResult } from './load.ts';

export type Unit = 'req/s' | 'writes/s' | 'e-mails/s' | 'ms' | 'µs' | 's' | 'KB' | 'score' | 'MiB' | '';

export interface Target {
  /** As the table prints it: '≥ 0.50×', '< 20 ms'. */
  text: string;
  ok: boolean;
}

export interface Figure {
  scenario: string;
  name: string;
  value: number;
  unit: Unit;
  /** Shown instead of the formatted value (a yes/no figure). */
  display?: string;
  baseline?: { name: string; value: number };
  target?: Target;
  note?: string;
}

/** Whether the server answers the client's own GraphQL document: a refusal is a finding of its own. */
export function acceptanceFigure(scenario: string, documentName: string, refusal: string | undefined): Figure {
  return {
    scenario,
    name: `client's ${documentName} document`,
    value: refusal ? 0 : 1,
    unit: '',
    display: refusal ? 'refused' : 'accepted',
    target: { text: 'accepted', ok: !refusal },
    ...(refusal ? { note: `${refusal}; figures measured with its fragments inlined (same fields)` } : {}),
  };
}

/** value / baseline; for latencies above 1 means slower, for throughput below 1 means fewer. */
export function ratioOf(figure: Figure): number | undefined {
  if (!figure.baseline || figure.baseline.value === 0) return undefined;
  return figure.value / figure.baseline.value;
}

export const atLeastRatio = (min: number) => (value: number, baseline: number) => ({
  text: `≥ ${min.toFixed(2)}× baseline`,
  // A baseline without answers proves nothing either way.
  ok: baseline > 0 && value / baseline >= min,
});

export const atMostRatio = (max: number) => (value: number, baseline: number) => ({
  text: `≤ ${max.toFixed(2)}× baseline`,
  ok: baseline > 0 && value / baseline <= max,
});

export function below(limit: number, unit: Unit): (value: number) => Target {
  return (value) => ({ text: `< ${limit} ${unit}`, ok: value < limit });
}

/**
 * How many cores the server and the load generator kept busy during a run (LoadResult.cpu), as
 * 'server 0.27, load generator 1.00': autocannon runs on one thread, so a load generator at 1.00
 * set the throughput, and a server near the machine's cores did.
 */
export function coresBusy(result: LoadResult): string | undefined {
  if (!result.cpu) return undefined;
  const busy = (seconds: number) => (seconds / result.seconds).toFixed(2);
  return `server ${busy(result.cpu.server)}, load generator ${busy(result.cpu.loadGenerator)}`;
}

/** req/s, p50 and p99 of a load run, each beside the same figure of its baseline run. */
export function loadFigures(
  scenario: string,
  result: LoadResult,
  baseline: { name: string; result: LoadResult } | undefined,
  targets: { throughputRatio?: number; p99Ms?: number } = {},
): Figure[] {
  const base = (value: number) => (baseline ? { name: baseline.name, value } : undefined);
  const throughput: Figure = {
    scenario,
    name: 'throughput',
    value: result.perSecond,
    unit: 'req/s',
    baseline: base(baseline?.result.perSecond ?? 0),
  };
  if (targets.throughputRatio !== undefined && baseline) {
    throughput.target = atLeastRatio(targets.throughputRatio)(result.perSecond, baseline.result.perSecond);
  }
  const p99: Figure = {
    scenario,
    name: 'p99',
    value: result.latency.p99,
    unit: 'ms',
    baseline: base(baseline?.result.latency.p99 ?? 0),
  };
  if (targets.p99Ms !== undefined) p99.target = below(targets.p99Ms, 'ms')(result.latency.p99);
  return [
    throughput,
    {
      scenario,
      name: 'p50',
      value: result.latency.p50,
      unit: 'ms',
      baseline: base(baseline?.result.latency.p50 ?? 0),
    },
    p99,
  ];
}

/**
 * The first pass's figures (bench/lib/context.ts measure()): every distinct request once, on a
 * server whose caches are empty. No target: the targets are about the steady state.
 */
export function firstPassFigures(
  scenario: string,
  result: { firstPass?: LoadResult },
  baseline?: LoadResult,
): Figure[] {
  const pass = result.firstPass;
  if (!pass) return [];
  const note = `each of ${pass.answers} distinct requests once, caches empty`;
  return [
    { scenario, name: 'first pass: throughput', value: pass.perSecond, unit: 'req/s', note },
    {
      scenario,
      name: 'first pass: p99',
      value: pass.latency.p99,
      unit: 'ms',
      ...(baseline ? { baseline: { name: 'node:http', value: baseline.latency.p99 } } : {}),
    },
  ];
}
