// 8. Lighthouse (its CLI, mobile form factor with its simulated slow 4G and CPU throttling, offline
// with the system Chromium) on the reading pages (home, the blog list, a post, a category, /about)
// as a reader gets them (the server's HTML and its islands: docs/decisions/051), each against the
// same page with the app, as a browser with a session cookie gets it (the signed-in author's page,
// and every reader's before decision 051: before and after, in one run), and on a static page served
// from memory: the noise floor of this machine. Runs are interleaved across pages so a burst of
// noise hits all of them alike; every figure is the median of its runs.
//
// Per page: the script it downloaded (compressed, as Lighthouse's own list of requests counts it),
// Lighthouse's main-thread script time (script evaluation, parse and compile) and its TBT. The script
// bytes say which page was measured: a run of an app-bearing page that shows no app did not measure
// it, and is flagged. Lighthouse stops its trace once the network and the main thread have been quiet
// for a second after the load event, and the app's loader starts it only after the load event and the
// first paint (client/build/entry-priority.ts), up to a second later where no paint is reported: a
// trace could end before the app ran, a TBT of 0 ms for a page whose cost was never seen. So the
// trace is held until both have been quiet for 5.25 s (Lighthouse's own settings for measured, not
// simulated, throttling), and the bytes are read from each report.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
/** Read from the audits' details rather than one value (auditOnce). */
const SCRIPT_FIGURES: Record<string, Unit> = { 'Script bytes': 'KB', 'Script time': 'ms' };

type Scores = Record<string, number>;

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number; group?: string; duration?: number }[] };
    }
  >;
  runtimeError?: { message: string };
}

/** Lighthouse's defaults, but the trace waits for 5.25 s of quiet after the load (see above). */
const CONFIG = {
  extends: 'lighthouse:default',
  settings: { pauseAfterLoadMs: 5250, networkQuietThresholdMs: 5250, cpuQuietThresholdMs: 5250 },
};

/** A session cookie, valid or not, gets the app on a reading page (server/modules/pages/client-files.ts). */
const WITH_APP_HEADERS = JSON.stringify({ Cookie: 'session=bench.no-such-session' });

// Lighthouse itself now and then loses the trace of a load on a busy machine (NO_NAVSTART, "Please
// run Lighthouse again"): a run that fails so is run again, up to this many times in all.
const ATTEMPTS = 3;

async function audit(url: string, chromePath: string, workDir: string, index: number, app = false): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, chromePath, workDir, `${index}-${attempt}`, app);
    } catch (error) {
      const retryable = /run Lighthouse again|NO_NAVSTART|NO_FCP/i.test((error as Error).message);
      if (!retryable || attempt === ATTEMPTS) throw error;
    }
  }
}

async function auditOnce(
  url: string,
  chromePath: string,
  workDir: string,
  index: string,
  app: boolean,
): Promise<Scores> {
  const output = path.join(workDir, `report-${index}.json`);
  const configPath = path.join(workDir, 'config.json');
  await writeFile(configPath, JSON.stringify(CONFIG));
  try {
    await run(
      binary('lighthouse'),
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        `--config-path=${configPath}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
        ...(app ? [`--extra-headers=${WITH_APP_HEADERS}`] : []),
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
  const items = (audit: string) => report.audits[audit]?.details?.items ?? [];
  scores['Script bytes'] =
    items('network-requests')
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
  scores['Script time'] = items('mainthread-work-breakdown')
    .filter((item) => item.group === 'scriptEvaluation' || item.group === 'scriptParseCompile')
    .reduce((sum, item) => sum + (item.duration ?? 0), 0);
  return scores;
}

function targetOf(name: string, value: number): Target | undefined {
  if ((CATEGORIES as readonly string[]).includes(name)) return { text: '≥ 98', ok: value >= 98 };
  if (name === 'FCP') return { text: '≤ 1000 ms', ok: value <= 1000 };
  if (name === 'LCP') return { text: '≤ 1500 ms', ok: value <= 1500 };
  if (name === 'TBT') return { text: '≤ 100 ms', ok: value <= 100 };
  if (name === 'CLS') return { text: '= 0', ok: value < 0.0005 };
  if (name === 'Script bytes') return { text: '≤ 30 KB', ok: value <= 30 };
  return undefined;
}

const PAGE_KINDS = ['home', 'list', 'post', 'category', 'about'] as const;
/** Below this, a page with the app did not load it in the trace: its figures measured another page. */
const APP_MIN_KB = 100;

export const lighthouseScenario: Scenario = {
  id: 'lighthouse',
  title: '8 Lighthouse mobile',
  async run(ctx) {
    const chromePath = await findChromium();
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'blog-bench-lighthouse-'));
    const baselineServer = await startBaselineServer(ctx);
    try {
      return await withApp(ctx, ctx.config.posts, async (app) => {
        const paths: Record<(typeof PAGE_KINDS)[number], string> = {
          home: '/',
          list: '/blog',
          post: `/blog/${app.dataSet.info.demoPostSlugs[0]!}`,
          category: '/games',
          about: '/about',
        };
        const pages: Record<string, { url: string; app?: boolean }> = {
          baseline: { url: `${baselineServer.url}/page` },
        };
        for (const kind of PAGE_KINDS) {
          pages[kind] = { url: `${app.url}${paths[kind]}` };
          pages[`${kind} (app)`] = { url: `${app.url}${paths[kind]}`, app: true };
        }
        const runs: Record<string, Scores[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
        let index = 0;
        for (let round = 0; round < ctx.config.lighthouseRuns; round++) {
          for (const [name, { url, app: withApp }] of Object.entries(pages)) {
            ctx.log(`  Lighthouse ${name} page, run ${round + 1}/${ctx.config.lighthouseRuns}`);
            runs[name]!.push(await audit(url, chromePath, workDir, (index += 1), withApp));
          }
        }
        const medianOf = (page: string, name: string) => median(runs[page]!.map((scores) => scores[name]!));
        const figures: Figure[] = [];
        for (const page of PAGE_KINDS) {
          const appMissing = runs[`${page} (app)`]!.filter((scores) => scores['Script bytes']! < APP_MIN_KB).length;
          for (const name of [...CATEGORIES, ...Object.keys(METRICS), ...Object.keys(SCRIPT_FIGURES)]) {
            const value = medianOf(page, name);
            const target = targetOf(name, value);
            figures.push({
              scenario: `${this.title}: ${page} page`,
              name,
              value,
              unit: METRICS[name]?.unit ?? SCRIPT_FIGURES[name] ?? 'score',
              baseline: { name: 'with the app', value: medianOf(`${page} (app)`, name) },
              ...(target ? { target } : {}),
              ...(name === 'performance'
                ? {
                    note:
                      `runs: ${runs[page]!.map((scores) => Math.round(scores.performance!)).join(', ')}; ` +
                      `the static page (this machine's noise floor): performance ` +
                      `${Math.round(medianOf('baseline', 'performance'))}, TBT ${Math.round(medianOf('baseline', 'TBT'))} ms` +
                      (appMissing > 0 ? `; ${appMissing} run(s) with the app did not load it: not comparable` : ''),
                  }
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
