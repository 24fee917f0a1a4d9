// Starts the real server as a separate process and talks to it over HTTP on a free port: the run's
// build of its sources (tests/support/global-setup.ts) with the node flags `npm start` gives it; or
// `npm start` itself, for the test of that.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, inject } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-build.ts';
import { openDatabase, pgliteDirFor, type Database } from '../../server/db/database.ts';
import { createPostgresDatabase, testDbKind } from './test-database.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The time a test that starts server processes may take. Each start loads the server and a database
 * (up to 45 s, startServer), and a test often starts two. Under the full suite on two cores these
 * tests took 15 to 23 s each on a good run and passed 30 s on a slower one, failing a whole CI run.
 */
export const PROCESS_TEST_TIMEOUT = 120_000;

export interface ServerProcess {
  url: string;
  /** Everything the process printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Sends the signal and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
  child: ChildProcess;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Another command than the server's sources, e.g. `npm start`, run in another folder. */
export interface ServerCommand {
  command: string[];
  cwd: string;
}

/** Runs the server with the given environment (on top of a clean one) without waiting for it. */
export function spawnServer(env: Record<string, string>, other?: ServerCommand): ServerProcess {
  let output = '';
  const [command, ...args] = other?.command ?? [process.execPath, ...SERVER_NODE_FLAGS, inject('serverBuildFile')];
  const child = spawn(command!, args, {
    cwd: other?.cwd ?? root,
    // No inherited DATABASE_URL, ADMIN_* or .env surprises: only what the test says.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // npm and a shell stand between the test and the server: a group of their own, signalled whole.
    detached: other !== undefined,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the process has gone and its pipes are drained. Under `npm start` the server
  // is npm's grandchild and shares npm's pipes; npm can exit before the server's last lines (its
  // "SIGTERM received" among them) have been read, which failed a CI run.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${env.PORT ?? 3000}`,
    output: () => output,
    exited,
    child,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        if (!other) child.kill(signal);
        else {
          try {
            process.kill(-child.pid!, signal);
          } catch {
            // The group has gone since.
          }
        }
      }
      return exited;
    },
  };
}

/**
 * Starts the server and waits until it serves /healthz; fails with its output if it does not. On a
 * port of its choosing (no PORT given), a port that something else took between freePort() and the
 * server's listen (other tests' browsers and servers open connections all the while: a CI run lost
 * a test to it) is given up for another, twice at most.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 45_000,
  other?: ServerCommand,
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env, timeoutMs, other);
    } catch (error) {
      const taken = error instanceof PortTakenError;
      if (!taken || env.PORT !== undefined || attempt === 3) throw taken ? new Error(error.message) : error;
    }
  }
}

class PortTakenError extends Error {}

async function startServerOnce(
  env: Record<string, string>,
  timeoutMs: number,
  other?: ServerCommand,
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const server = spawnServer({ ...env, PORT: port }, other);
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      const message = `The server exited with ${exitCode}:\n${server.output()}`;
      throw server.output().includes(`port ${port} is already in use`)
        ? new PortTakenError(message)
        : new Error(message);
    }
    try {
      const response = await fetch(`${server.url}/healthz`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`The server did not become healthy in ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Signs in to a server process over REST with the admin its ADMIN_EMAIL and ADMIN_PASSWORD made, as
 * the browser does (its own Origin); returns the Cookie header value of the session.
 */
export async function signInAsAdmin(
  server: ServerProcess,
  admin: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string },
): Promise<string> {
  const response = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

export interface ServerPlace {
  /** The data folder of the current test. */
  readonly dataDir: string;
  /** The environment every server of the current test starts with: its folder and database. */
  readonly env: Record<string, string>;
  /** Starts a server (env on top of the place's) and stops it with SIGKILL after the test. */
  start(env?: Record<string, string>): Promise<ServerProcess>;
  /** Opens the database the test's servers use (once they have stopped, on PGlite). */
  openDatabase(): Promise<Database>;
  /**
   * Makes the current test's database empty, no migration applied, as a new install's: for a test of
   * what a first start does. Call it before the test's first start.
   */
  emptyDatabase(): Promise<void>;
}

/**
 * Puts the run's migrated PGlite template (tests/support/global-setup.ts) in a data folder, as a
 * server that had migrated it would leave it. A first start on PGlite spends about 4 of its 6 s
 * creating and migrating the database; the tests that need that are the first-start ones.
 */
function copyPgliteTemplate(dataDir: string): void {
  const target = pgliteDirFor(dataDir);
  mkdirSync(target, { recursive: true });
  // The archive's members are named from its root ("/base/1/..."): tar strips the leading slash.
  execFileSync('tar', ['-xf', inject('pgliteTemplateFile'), '-C', target], { stdio: 'ignore' });
}

/**
 * The database of a site whose data folder is `dataDir`, migrated or empty as a new install's: on
 * PGlite, put in the folder (an empty one is created by the first process to open it); on PostgreSQL,
 * a new database. Returns the environment that points a process at it, and how to drop it.
 */
export async function siteDatabase(
  dataDir: string,
  migrated: boolean,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (testDbKind === 'postgres') {
    const database = await createPostgresDatabase({ migrated });
    return { env: { DATABASE_URL: database.url }, drop: database.drop };
  }
  rmSync(pgliteDirFor(dataDir), { recursive: true, force: true });
  if (migrated) copyPgliteTemplate(dataDir);
  return { env: {}, drop: async () => {} };
}

/**
 * Where the calling file's servers run: for each test, a fresh data folder and a freshly migrated
 * database (PGlite's in that folder, or a new PostgreSQL database), both removed after the test with
 * every server it started. `emptyDatabase()` makes it a new install's instead.
 */
export function serverPlace(prefix: string, baseEnv: Record<string, string> = {}): ServerPlace {
  let dataDir = '';
  let env: Record<string, string> = {};
  let drop = async () => {};
  const running: ServerProcess[] = [];
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
    env = { DATA_DIR: dataDir, ...baseEnv };
    drop = async () => {};
    await useDatabase(true);
  });
  const useDatabase = async (migrated: boolean) => {
    await drop();
    const database = await siteDatabase(dataDir, migrated);
    env = { ...env, ...database.env };
    drop = database.drop;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get dataDir() {
      return dataDir;
    },
    get env() {
      return env;
    },
    async start(extra = {}) {
      const server = await startServer({ ...env, ...extra });
      running.push(server);
      return server;
    },
    emptyDatabase: () => useDatabase(false),
    openDatabase: () =>
      openDatabase(
        testDbKind === 'postgres' ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: pgliteDirFor(dataDir) },
      ),
  };
}
