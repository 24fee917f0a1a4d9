// The knobs of a benchmark run, all from the environment so one scenario can be rerun quickly with
// small data and short durations (BENCH_POSTS=500 BENCH_DURATION=3 npm run bench:rest).
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

function whole(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number of at least ${min}`);
  return value;
}

function rates(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const values = raw.split(',').map(Number);
  if (values.some((value) => !Number.isFinite(value) || value <= 0)) {
    throw new Error(`${name} must be positive numbers separated by commas (1,5,20)`);
  }
  return values;
}

export interface BenchConfig {
  /** Seconds of each measured load run. */
  duration: number;
  /** Seconds of each search run (there are eight of them). */
  searchDuration: number;
  /** Seconds of load before each measured run, not counted: lets the JIT and the caches settle. */
  warmup: number;
  connections: number;
  /** Connections of the search runs: one reader's wait, not a queue behind 49 others (README). */
  searchConnections: number;
  /** Posts in the data set of every scenario but search's largest. */
  posts: number;
  /** The larger search data set. */
  searchPosts: number;
  lighthouseRuns: number;
  /** Starts of each kind (cold, warm...) in the start-up scenario; the table gives the median. */
  startupRuns: number;
  /** Writes a second of the mixed scenario's phases, one after the other. */
  writeRates: number[];
  /** Page views a second of the server-rendered pages' fixed-rate run, the same for both servers. */
  pageRate: number;
  /** Rounds of warm reads then reads under writes in the write-a-second scenario; the table gives medians. */
  writeRounds: number;
  /** Confirmed subscribers a post is e-mailed to in the sending scenario (issue 40). */
  subscribers: number;
  /** The server's MAIL_RATE in the sending scenario: e-mails a second at most. */
  mailRate: number;
  /** postgresql://... of a server where the bench may create and drop databases; unset: PGlite. */
  databaseUrl: string | undefined;
  /** Node flags for the server under test, e.g. --cpu-prof --cpu-prof-dir=/tmp/prof. */
  serverNodeArgs: string[];
  /** Keep the temporary data folders (and databases) for inspection. */
  keep: boolean;
}

export function loadBenchConfig(): BenchConfig {
  const duration = whole('BENCH_DURATION', 10);
  return {
    duration,
    searchDuration: whole('BENCH_SEARCH_DURATION', Math.max(2, Math.round(duration / 2))),
    warmup: whole('BENCH_WARMUP', 2, 0),
    connections: whole('BENCH_CONNECTIONS', 50),
    searchConnections: whole('BENCH_SEARCH_CONNECTIONS', 1),
    posts: whole('BENCH_POSTS', 10_000, 20),
    searchPosts: whole('BENCH_SEARCH_POSTS', 100_000, 20),
    lighthouseRuns: whole('BENCH_LIGHTHOUSE_RUNS', 3),
    startupRuns: whole('BENCH_STARTUP_RUNS', 3),
    writeRates: rates('BENCH_WRITE_RATES', [1, 5, 20]),
    pageRate: whole('BENCH_PAGE_RATE', 1000),
    writeRounds: whole('BENCH_WRITE_ROUNDS', 3),
    subscribers: whole('BENCH_SUBSCRIBERS', 10_000),
    mailRate: whole('BENCH_MAIL_RATE', 1000),
    databaseUrl: process.env.BENCH_DATABASE_URL?.trim() || undefined,
    serverNodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== ''),
    keep: process.env.BENCH_KEEP === '1',
  };
}

/** The admin account every bench data set has, for the mixed scenario's signed-in writes. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' } as const;
