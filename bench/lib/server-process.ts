// Starts a server under test as its own process, in its own process group, listening on 127.0.0.1
// only, and waits for its first 200 on a health path. The group is what gets stopped: `npm start`
// puts npm and a shell between us and the server, and all of them must go.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-build.ts';
import { BENCH_ADMIN, repoRoot } from '../config.ts';

// Process groups started and not yet stopped: stopped on the way out if the bench is interrupted,
// since a detached group does not get the terminal's Ctrl-C.
const liveGroups = new Set<number>();

/** SIGTERM to every group still running: for an interrupted bench. */
export function terminateLiveServers(): void {
  for (const group of liveGroups) {
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

export interface RunningServer {
  url: string;
  /** Milliseconds from spawning the command to the first 200 on the health path. */
  startedInMs: number;
  /** The last lines the server printed: what it logged about a failed request. */
  output(): string;
  /**
   * CPU seconds (user and system) the server's process group has used so far: what its answers cost
   * it, apart from the load generator's share of the same cores. Undefined where /proc is not there.
   */
  cpuSeconds(): number | undefined;
  /**
   * The started process's memory as the system counts it (/proc/<pid>/status): what startApp starts
   * is the server itself, with no npm in front. Undefined where /proc is not there.
   */
  residentMemory(): ResidentMemory | undefined;
  stop(): Promise<void>;
}

/** Bytes, from /proc/<pid>/status. */
export interface ResidentMemory {
  /** VmRSS: resident now. */
  resident: number;
  /** VmHWM: the most it has been resident. */
  peak: number;
  /** RssAnon: of the resident, what the process allocated (heap, WebAssembly memory, malloc). */
  anonymous: number;
  /** RssFile: of the resident, mapped files (the node binary, shared libraries, .node addons). */
  files: number;
}

function residentMemoryOf(pid: number): ResidentMemory | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { resident: kB('VmRSS'), peak: kB('VmHWM'), anonymous: kB('RssAnon'), files: kB('RssFile') };
}

export interface ServerCommand {
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  /** Answers 200 once the server is ready. */
  healthPath?: string;
  timeoutMs?: number;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', resolve).once('error', reject));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('Could not find a free port');
  return address.port;
}

/** The environment of the production server on a data set, as `npm start` would run it. */
export function appEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
}): Record<string, string | undefined> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    SITE_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    // Empty counts as unset for the server: PGlite in DATA_DIR.
    DATABASE_URL: options.databaseUrl ?? '',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
}

/**
 * The production server, as `npm start` runs it once the client and the server are built (the
 * bench's first step builds what changed): the same node command without npm in front of it, one
 * process to measure, and room for node flags such as --cpu-prof.
 */
export function startApp(env: Record<string, string | undefined>, nodeArgs: string[] = []): Promise<RunningServer> {
  return startServer({
    command: process.execPath,
    // package.json's start script: its node flags, then the bench's.
    args: [...SERVER_NODE_FLAGS, ...nodeArgs, 'dist/server/index.js'],
    env,
  });
}

export function binary(name: string): string {
  return `${repoRoot}/node_modules/.bin/${name}`;
}

export async function startServer(spec: ServerCommand): Promise<RunningServer> {
  const env = { ...process.env, ...spec.env };
  const port = env.PORT;
  if (!port) throw new Error('startServer needs PORT in its environment');
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(spec.command, spec.args, { cwd: repoRoot, env, detached: true, stdio: 'pipe' });
  if (child.pid !== undefined) liveGroups.add(child.pid);
  const output = tail(child);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));

  const deadline = started + (spec.timeoutMs ?? 180_000);
  for (;;) {
    if (exited !== undefined) throw new Error(`${spec.args.join(' ')} exited with ${exited}:\n${output()}`);
    if (performance.now() > deadline) {
      await stopGroup(child);
      throw new Error(`${spec.args.join(' ')} did not answer ${spec.healthPath ?? '/healthz'} in time:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}${spec.healthPath ?? '/healthz'}`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  const startedInMs = performance.now() - started;
  const group = child.pid;
  return {
    url,
    startedInMs,
    output,
    cpuSeconds: () => (group === undefined ? undefined : groupCpuSeconds(group)),
    residentMemory: () => (group === undefined ? undefined : residentMemoryOf(group)),
    stop: () => stopGroup(child),
  };
}

let clockTicks: number | undefined;

/**
 * The CPU time of every process in a group, from /proc/<pid>/stat (Linux): `npm start` and a shell may
 * stand between us and the server, and the group holds them all. Fields after the command's closing
 * parenthesis: state is the 1st, the group the 3rd, utime and stime the 12th and 13th, in clock ticks.
 */
function groupCpuSeconds(group: number): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let ticks = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // Gone since the listing.
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / clockTicks;
}

/** The last few kilobytes of what the process printed, for error messages. */
function tail(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

/** SIGTERM to the group this bench started (the server finishes its requests), SIGKILL if it hangs. */
async function stopGroup(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (group === undefined) return;
  liveGroups.delete(group);
  const signal = (name: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-group, name);
      return true;
    } catch {
      return false; // ESRCH: every process of the group has exited.
    }
  };
  signal('SIGTERM');
  // The whole group, not just its leader: the server may still be closing its database.
  const deadline = performance.now() + 15_000;
  while (signal(0) && performance.now() < deadline) await sleep(50);
  if (signal(0)) signal('SIGKILL');
}
