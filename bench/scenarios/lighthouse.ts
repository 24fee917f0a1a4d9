// 8. Lighthouse (its CLI, mobile form factor with its simulated slow 4G and CPU throttling, offline
// with the system Chromium) on the home page, the blog list and a post page, each against the same
// page of a second server with SERVER_RENDERING=off (the page the browser renders itself: before
// and after server rendering, in one run), and on a static page served from memory: the noise
// floor of this machine. Runs are interleaved across pages so a burst of noise hits all of them
// alike; every figure is the median of its runs.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_FLAGS, findChromium } from '../lib/chromium.ts';
import type { Scenario } from '../lib/context.ts';
import { withApp } from '../lib/context.ts';
import type { Figure, Target, Unit } from '../lib/figures.ts';
import { binary } from '../lib/server-process.ts';
import { median } from '../lib/stats.ts';
import { startBaselineServer } from './shared.ts';

const run = promisify(execFile);

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The metrics of the table, by name: the Lighthouse audit each is read from, and its unit. */
const METRICS: Record<string, { audit: string; unit: Unit }> = {
  FCP: { audit: 'first-contentful-paint', unit: 'ms' },
  LCP: { audit: 'largest-contentful-paint', unit: 'ms' },
  CLS: { audit: 'cumulative-layout-shift', unit: '' },
  TBT: { audit: 'total-blocking-time', unit: 'ms' },
};

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
  for (const [name, { audit }] of Object.entries(METRICS)) {
    scores[name] = report.audits[audit]?.numericValue ?? Number.NaN;
  }
  return scores;
}

function targetOf(name: string, value: number): Target | undefined {
  if ((CATEGORIES as readonly string[]).includes(name)) return { text: '≥ 98', ok: value >= 98 };
  if (name === 'FCP') return { text: '≤ 1000 ms', ok: value <= 1000 };
  if (name === 'LCP') return { text: '≤ 1500 ms', ok: value <= 1500 };
  if (name === 'TBT') return { text: '≤ 100 ms', ok: value <= 100 };
  if (name === 'CLS') return { text: '= 0', ok: value < 0.0005 };
  return undefined;
}

const PAGE_KINDS = ['home', 'list', 'post'] as const;

export const lighthouseScenario: Scenario = {
  id: 'lighthouse',
  title: '8 Lighthouse mobile',
  async run(ctx) {
    const chromePath = await findChromium();
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-lighthouse-'));
    const baselineServer = await startBaselineServer(ctx);
    try {
      // The page as the browser renders it by itself: what it was before server rendering.
      return await withApp(
        ctx,
        ctx.config.posts,
        (before) =>
          withApp(ctx, ctx.config.posts, async (app) => {
            const pathsOf = (demoPostSlug: string) => ({ home: '/', list: '/blog', post: `/blog/${demoPostSlug}` });
            const after = pathsOf(app.dataSet.info.demoPostSlugs[0]!);
            const bare = pathsOf(before.dataSet.info.demoPostSlugs[0]!);
            const pages: Record<string, string> = { baseline: `${baselineServer.url}/page` };
            for (const kind of PAGE_KINDS) {
              pages[kind] = `${app.url}${after[kind]}`;
              pages[`${kind} (SSR off)`] = `${before.url}${bare[kind]}`;
            }
            const runs: Record<string, Scores[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
            let index = 0;
            for (let round = 0; round < ctx.config.lighthouseRuns; round++) {
              for (const [name, url] of Object.entries(pages)) {
                ctx.log(`  Lighthouse ${name} page, run ${round + 1}/${ctx.config.lighthouseRuns}`);
                runs[name]!.push(await audit(url, chromePath, workDir, (index += 1)));
              }
            }
            const medianOf = (page: string, name: string) => median(runs[page]!.map((scores) => scores[name]!));
            const figures: Figure[] = [];
            for (const page of PAGE_KINDS) {
              for (const name of [...CATEGORIES, ...Object.keys(METRICS)]) {
                const value = medianOf(page, name);
                const target = targetOf(name, value);
                figures.push({
                  scenario: `${this.title}: ${page} page`,
                  name,
                  value,
                  unit: METRICS[name]?.unit ?? 'score',
                  baseline: { name: 'SSR off', value: medianOf(`${page} (SSR off)`, name) },
                  ...(target ? { target } : {}),
                  ...(name === 'performance'
                    ? {
                        note:
                          `runs: ${runs[page]!.map((scores) => Math.round(scores.performance!)).join(', ')}; ` +
                          `the static page (this machine's noise floor): performance ` +
                          `${Math.round(medianOf('baseline', 'performance'))}, TBT ${Math.round(medianOf('baseline', 'TBT'))} ms`,
                      }
                    : {}),
                });
              }
            }
            return figures;
          }),
        { SERVER_RENDERING: 'off' },
      );
    } finally {
      await baselineServer.stop();
      await rm(workDir, { recursive: true, force: true });
    }
  },
};
