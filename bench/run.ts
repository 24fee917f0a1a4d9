// `npm run bench [-- scenario ...]`: builds the client if its sources changed (as `npm start` does),
// runs the scenarios (all of them, or those named), and prints one table with the machine's
// details. A scenario that fails is reported in the table and makes the exit status 1; a missed
// target does not: it is a finding, not a broken bench. See bench/README.md.
import { writeFileSync } from 'node:fs';
import { loadBenchConfig } from './config.ts';
import { buildClientIfChanged } from './lib/client-build.ts';
import { loadClientDocuments } from './lib/client-documents.ts';
import { memo, type BenchContext } from './lib/context.ts';
import { pgliteHost, postgresHost } from './lib/databases.ts';
import type { Figure } from './lib/figures.ts';
import { loadAverage, machine } from './lib/machine.ts';
import { terminateLiveServers } from './lib/server-process.ts';
import { renderTable } from './lib/table.ts';
import { SCENARIOS } from './scenarios/index.ts';
import { DataSets } from './seed/data-sets.ts';

const USAGE = `Usage: npm run bench [-- ${SCENARIOS.map((scenario) => scenario.id).join(' | ')} ...]`;

function log(message: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

async function main(args: string[]): Promise<number> {
  const unknown = args.filter((arg) => !SCENARIOS.some((scenario) => scenario.id === arg));
  if (unknown.length > 0) {
    console.error(`Unknown scenario: ${unknown.join(', ')}\n${USAGE}`);
    return 2;
  }
  const chosen = args.length === 0 ? SCENARIOS : SCENARIOS.filter((scenario) => args.includes(scenario.id));
  const config = loadBenchConfig();

  log('Building the client if its sources changed (the prestart step of npm start)…');
  buildClientIfChanged();

  const host = config.databaseUrl ? await postgresHost(config.databaseUrl) : pgliteHost();
  const dataSets = await DataSets.create(host, log, config.keep);
  const failures: string[] = [];
  const ctx: BenchContext = {
    config,
    dataSets,
    host,
    documents: await loadClientDocuments(),
    log,
    fail: (message) => failures.push(message),
    once: memo(),
  };
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  const figures: Figure[] = [];
  try {
    for (const scenario of chosen) {
      log(`${scenario.title}…`);
      const started = performance.now();
      try {
        figures.push(...(await scenario.run(ctx)));
        log(`${scenario.title}: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        failures.push(`${scenario.title}: ${message}`);
        figures.push({ scenario: scenario.title, name: 'FAILED (see below)', value: Number.NaN, unit: '' });
        log(`${scenario.title}: FAILED`);
      }
    }
  } finally {
    await dataSets.dispose();
  }

  const details = machine();
  const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
  const summary = [
    '',
    `Blog benchmarks, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${minutes} min`,
    `Machine: ${details.cpu}, ${details.cores} cores, ${details.memory}, ${details.os}`,
    `Node ${details.node}; database: ${await host.describe()}`,
    `Load average (1/5/15 min): ${loadAtStart} at the start, ${loadAverage()} at the end`,
    `Settings: ${config.connections} connections, ${config.duration} s runs (search ${config.searchDuration} s at ` +
      `${config.searchConnections} connection(s)), ${config.warmup} s warm-up, ${config.posts} posts ` +
      `(search also ${config.searchPosts}), Lighthouse median of ${config.lighthouseRuns}`,
    '',
    renderTable(figures),
  ];
  await host.close();
  console.log(summary.join('\n'));
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ startedAt, details, config, figures, failures }, null, 2));
  }
  if (failures.length > 0) {
    console.error(`\nThe run FAILED (${failures.length} problem(s)):\n\n${failures.join('\n\n')}`);
    return 1;
  }
  return 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    terminateLiveServers();
    process.exit(130);
  });
}

process.exit(await main(process.argv.slice(2)));
