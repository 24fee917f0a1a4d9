// 8. Lighthouse (its CLI, mobile form factor with its simulated slow 4G and CPU throttling, offline
// with the system Chromium) on the home page and a post page, and on a static page served from
// memory as the baseline: the noise floor of this machine. Runs are interleaved across pages so
// a burst of noise hits all of them alike; every figure is the median of its runs.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_FLAGS, findChromium } from '../lib/chromium.ts';
import type { Scenario } from '../lib/context.ts';
import { withApp } from '../lib/context.ts';
import type { Figure, Target } from '../lib/figures.ts';
import { binary } from '../lib/server-process.ts';
import { median } from '../lib/stats.ts';
import { startBaselineServer } from './shared.ts';

const run = promisify(execFile);

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  { audit: 'largest-contentful-paint', name: 'LCP', unit: 'ms' },
  { audit: 'cumulative-layout-shift', name: 'CLS', unit: '' },
  { audit: 'total-blocking-time', name: 'TBT', unit: 'ms' },
] as const;

type Scores = Record<string, number>;

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

// Lighthouse itself now and then loses the trace of a load on a busy machine (NO_NAVSTART, "Please
// run Lighthouse again"): a run that fails so is run again, up to this many times in all.
const ATTEMPTS = 3;

async function audit(url: string, chromePath: string, workDir: string, index: number): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, chromePath, workDir, `${index}-${attempt}`);
    } catch (error) {
      const retryable = /run Lighthouse again|NO_NAVSTART|NO_FCP/i.test((error as Error).message);
      if (!retryable || attempt === ATTEMPTS) throw error;
    }
  }
}

async function auditOnce(url: string, chromePath: string, workDir: string, index: string): Promise<Scores> {
  const output = path.join(workDir, `report-${index}.json`);
  try {
    await run(
      binary('lighthouse'),
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`Lighthouse failed on ${url}: ${(error as Error).message}\n${stderr ?? ''}`, { cause: error });
  }
  const report = JSON.parse(await readFile(output, 'utf8')) as LighthouseReport;
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  const scores: Scores = {};
  for (const category of CATEGORIES) scores[category] = (report.categories[category]?.score ?? Number.NaN) * 100;
  for (const metric of METRICS) scores[metric.name] = report.audits[metric.audit]?.numericValue ?? Number.NaN;
  return scores;
}

function targetOf(name: string, value: number): Target | undefined {
  if (name === 'performance') return { text: '≥ 95', ok: value >= 95 };
  if ((CATEGORIES as readonly string[]).includes(name)) return { text: '= 100', ok: value === 100 };
  if (name === 'CLS') return { text: '= 0', ok: value < 0.0005 };
  return undefined;
}

export const lighthouseScenario: Scenario = {
  id: 'lighthouse',
  title: '8 Lighthouse mobile',
  async run(ctx) {
    const chromePath = await findChromium();
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-lighthouse-'));
    const baselineServer = await startBaselineServer(ctx);
    try {
      return await withApp(ctx, ctx.config.posts, async (app) => {
        const pages = {
          home: `${app.url}/`,
          post: `${app.url}/blog/${app.dataSet.info.demoPostIds[0]}`,
          baseline: `${baselineServer.url}/page`,
        };
        const runs: Record<string, Scores[]> = { home: [], post: [], baseline: [] };
        let index = 0;
        for (let round = 0; round < ctx.config.lighthouseRuns; round++) {
          for (const [name, url] of Object.entries(pages)) {
            ctx.log(`  Lighthouse ${name} page, run ${round + 1}/${ctx.config.lighthouseRuns}`);
            runs[name]!.push(await audit(url, chromePath, workDir, (index += 1)));
          }
        }
        const medianOf = (page: string, name: string) => median(runs[page]!.map((scores) => scores[name]!));
        const figures: Figure[] = [];
        for (const page of ['home', 'post'] as const) {
          for (const name of [...CATEGORIES, ...METRICS.map((metric) => metric.name)]) {
            const value = medianOf(page, name);
            const target = targetOf(name, value);
            figures.push({
              scenario: `${this.title}: ${page} page`,
              name,
              value,
              unit: METRICS.find((metric) => metric.name === name)?.unit ?? 'score',
              baseline: { name: 'static page', value: medianOf('baseline', name) },
              ...(target ? { target } : {}),
              ...(name === 'performance'
                ? { note: `runs: ${runs[page]!.map((scores) => Math.round(scores.performance!)).join(', ')}` }
                : {}),
            });
          }
        }
        return figures;
      });
    } finally {
      await baselineServer.stop();
      await rm(workDir, { recursive: true, force: true });
    }
  },
};
