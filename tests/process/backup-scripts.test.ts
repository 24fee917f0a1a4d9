// `npm run export` and `npm run import` as their users run them: separate processes on a real data
// folder, with their exit codes and messages. The rows and files themselves are checked in
// tests/integration/site-backup.test.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirFor } from '../../server/db/database.ts';
import { PROCESS_TEST_TIMEOUT, startServer, type ServerProcess } from '../support/server-process.ts';
import { createPostgresDatabase, testDbKind } from '../support/test-database.ts';

const root = path.resolve(import.meta.dirname, '../..');

interface Site {
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

let workDir: string;
const sites: Site[] = [];
const servers: ServerProcess[] = [];

async function newSite(): Promise<Site> {
  const dataDir = mkdtempSync(path.join(workDir, 'data-'));
  let site: Site;
  if (testDbKind === 'postgres') {
    const { url, drop } = await createPostgresDatabase({ migrated: false });
    site = { env: { DATA_DIR: dataDir, DATABASE_URL: url }, dataDir, drop };
  } else {
    site = { env: { DATA_DIR: dataDir }, dataDir, drop: async () => {} };
  }
  sites.push(site);
  return site;
}

function run(script: 'export' | 'import', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

beforeEach(() => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'blog-backup-cli-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop('SIGKILL')));
  for (const site of sites.splice(0)) await site.drop();
  rmSync(workDir, { recursive: true, force: true });
});

describe(`npm run export and import on ${testDbKind}`, { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('moves a site into an empty one, refuses to overwrite it, and replaces it when told to', async () => {
    const from = await newSite();
    // A first start creates the tables and the admin account; stopped before the export.
    const server = await startServer({
      ...from.env,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'a long password!',
    });
    servers.push(server);
    expect(await server.stop()).toBe(0);

    const archive = path.join(workDir, 'backup.tar.gz');
    const exported = await run('export', [archive], from.env);
    expect(exported.output).toMatch(
      /^Exported 0 posts, 0 cards, 1 user, 0 images \(0 image files\) to .+backup\.tar\.gz \(\d+ kB\)\.\n$/,
    );
    expect(exported.code).toBe(0);
    expect(existsSync(archive)).toBe(true);

    const to = await newSite();
    const imported = await run('import', [archive], to.env);
    expect(imported.output).toContain('Restored 0 posts, 0 cards, 1 user, 0 images (0 image files)');
    expect(imported.code).toBe(0);
    const db = await openDatabase(
      testDbKind === 'postgres' ? { databaseUrl: to.env.DATABASE_URL } : { pgliteDir: pgliteDirFor(to.dataDir) },
    );
    try {
      expect((await db.prisma.user.findMany()).map((user) => [user.email, user.isAdmin])).toEqual([
        ['owner@example.com', true],
      ]);
    } finally {
      await db.close();
    }

    const again = await run('import', [archive], to.env);
    expect(again.code).toBe(1);
    expect(again.output).toContain('The site is not empty (0 posts, 0 cards, 1 user, 0 images in the database)');
    expect(again.output).toContain('add --replace');

    const replaced = await run('import', [archive, '--replace'], to.env);
    expect(replaced.code).toBe(0);
  });

  it('says how to call it, and refuses an unknown option', async () => {
    const site = await newSite();
    const bare = await run('export', [], site.env);
    expect([bare.code, bare.output]).toEqual([2, 'Usage: npm run export -- <backup.tar.gz>\n']);
    const unknown = await run('import', ['backup.tar.gz', '--force'], site.env);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toBe('Unknown option: --force\nUsage: npm run import -- <backup.tar.gz> [--replace]\n');
  });

  it.skipIf(testDbKind === 'postgres')('refuses to touch the embedded database while a server holds it', async () => {
    const site = await newSite();
    const server = await startServer(site.env);
    servers.push(server);
    const archive = path.join(workDir, 'locked.tar.gz');
    for (const [script, args] of [
      ['export', [archive]],
      ['import', [archive]],
    ] as const) {
      const result = await run(script, [...args], site.env);
      expect(result.code, script).toBe(1);
      expect(result.output, script).toMatch(
        new RegExp(
          `^Could not open the database: The embedded database in .+ is already in use by another process \\(PID ${server.child.pid}\\)\\. Stop that process first, or point DATA_DIR somewhere else\\.\\n$`,
        ),
      );
    }
    expect(existsSync(archive)).toBe(false);
    // The server is unharmed.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
