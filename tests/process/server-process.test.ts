// The server as its users run it: a separate process, real HTTP, real signals, a real data folder.
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBuild } from '../../scripts/lib/build-stamps.ts';
import { pgliteDirFor } from '../../server/db/database.ts';
import { readMigrations } from '../../server/db/migrate.ts';
import { PROCESS_TEST_TIMEOUT, serverPlace, spawnServer, startServer } from '../support/server-process.ts';
import { testDbKind } from '../support/test-database.ts';

const root = path.resolve(import.meta.dirname, '../..');
const place = serverPlace('blog-process-');
const start = (env: Record<string, string> = {}) => place.start(env);
const openServersDatabase = () => place.openDatabase();

describe(`the server process on ${testDbKind}`, { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('serves health and GraphQL over HTTP, then stops cleanly on SIGTERM', async () => {
    const server = await start();

    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', database: testDbKind });
    const graphql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{__typename}' }),
    });
    expect(await graphql.json()).toEqual({ data: { __typename: 'Query' } });
    expect(server.output()).toMatch(/Serving My Blog at http:\/\/localhost:\d+/);

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('SIGTERM received: finishing requests in flight, then stopping.');
    if (testDbKind === 'pglite') expect(existsSync(path.join(pgliteDirFor(place.dataDir), '.lock'))).toBe(false);
  });

  it('answers a read again from its cache over HTTP: the same bytes and headers, an Age, a 304 to its ETag', async () => {
    const server = await start();
    for (const path of ['/api/blogposts', '/blog', '/about']) {
      const headers = { 'accept-encoding': 'br' };
      const first = await fetch(`${server.url}${path}`, { headers });
      const firstBody = Buffer.from(await first.arrayBuffer());
      const again = await fetch(`${server.url}${path}`, { headers });
      const againBody = Buffer.from(await again.arrayBuffer());
      expect(again.status, path).toBe(200);
      expect(first.headers.get('age'), path).toBeNull();
      expect(again.headers.get('age'), path).toMatch(/^\d+$/);
      expect(againBody.equals(firstBody), path).toBe(true);
      // Every header of the content, as first sent (the exchange's own ones aside).
      const content = (response: Response) =>
        [...response.headers].filter(
          ([name]) => !['date', 'x-request-id', 'age', 'keep-alive', 'connection'].includes(name),
        );
      expect(content(again), path).toEqual(content(first));

      const unchanged = await fetch(`${server.url}${path}`, {
        headers: { ...headers, 'if-none-match': first.headers.get('etag')! },
      });
      expect(unchanged.status, path).toBe(304);
      expect(await unchanged.text(), path).toBe('');
      expect(unchanged.headers.get('content-encoding'), path).toBeNull();
      expect(unchanged.headers.get('etag'), path).toBe(first.headers.get('etag'));
    }
  });

  it('stops cleanly on SIGINT (Ctrl+C) too', async () => {
    const server = await start();
    expect(await server.stop('SIGINT')).toBe(0);
  });

  it('keeps its data across a restart and applies no migration twice', async () => {
    await place.emptyDatabase();
    const first = await start();
    expect(first.output()).toContain(`Applied ${readMigrations().length} migration(s)`);
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    expect(await first.stop()).toBe(0);

    // Something the author saved while the server was down must still be there after the restart.
    let db = await openServersDatabase();
    await db.prisma.image.create({
      data: { storageKey: 'kept', mimeType: 'image/webp', width: 1, height: 1, variantWidths: [480] },
    });
    await db.close();

    const second = await start();
    expect(second.output()).not.toContain('Applied');
    expect(second.output()).not.toContain('This site is new');
    expect(await second.stop()).toBe(0);

    db = await openServersDatabase();
    try {
      expect(await db.prisma.image.count({ where: { storageKey: 'kept' } })).toBe(1);
      expect(await db.prisma.user.count({ where: { isAdmin: true } })).toBe(1);
      const [row] = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM "_prisma_migrations"');
      expect(row!.n).toBe(readMigrations().length);
    } finally {
      await db.close();
    }
  });

  it('serves before the upkeep of its start, which sweeps the uploads folder while it answers', async () => {
    await (await start()).stop();
    // A row with its file, and a file no row names, both over an hour old: the sweep removes the latter.
    const db = await openServersDatabase();
    await db.prisma.image.create({
      data: { storageKey: 'ab'.repeat(16), mimeType: 'image/webp', width: 1, height: 1, variantWidths: [480] },
    });
    await db.close();
    const [kept, orphan] = ['ab', 'cd'].map((byte) => {
      const file = path.join(place.dataDir, 'uploads', byte, `${byte.repeat(16)}-480.webp`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'webp');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      utimesSync(file, twoHoursAgo, twoHoursAgo);
      return file;
    }) as [string, string];

    // On PostgreSQL the test holds the upkeep at its first step, so the server's answers are seen
    // while it has not finished; a server that swept before listening would never answer.
    const holder = testDbKind === 'postgres' ? new pg.Client({ connectionString: place.env.DATABASE_URL }) : null;
    await holder?.connect();
    await holder?.query('BEGIN; LOCK TABLE "PendingImageFiles" IN ACCESS EXCLUSIVE MODE');
    try {
      const server = await start();
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      if (holder) {
        expect(existsSync(orphan)).toBe(true);
        await holder.query('COMMIT');
      }
      const swept = 'Removed 1 image file(s) that no record refers to.';
      while (!server.output().includes(swept)) await new Promise((resolve) => setTimeout(resolve, 50));
      expect([existsSync(kept), existsSync(orphan)]).toEqual([true, false]);
      expect(server.output().indexOf(swept)).toBeGreaterThan(server.output().indexOf('Serving My Blog at'));
      expect(await server.stop()).toBe(0);
    } finally {
      await holder?.end();
    }
  });

  it('refuses to start on bad configuration, saying what is wrong', async () => {
    const server = spawnServer({ ...place.env, PORT: 'eighty', SITE_URL: 'example.com' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration:');
    expect(server.output()).toContain('PORT must be a whole number between 1 and 65535');
    expect(server.output()).toContain(
      'SITE_URL must be an absolute http:// or https:// URL, such as https://blog.example.com',
    );
  });

  it('says so when its port is taken', async () => {
    // Whatever holds the port: a listening socket is all the server meets.
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = String((holder.address() as net.AddressInfo).port);
    try {
      const second = spawnServer({ ...place.env, HOST: '127.0.0.1', PORT: port });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`port ${port} is already in use; set PORT to another one`);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

describe.runIf(testDbKind === 'pglite')('the embedded database', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('is never opened by two servers at once', async () => {
    const first = await start();
    const second = spawnServer({ ...place.env, PORT: '1' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already in use by another process \(PID \d+\)/);
    // The first server is unharmed.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });

  it('recovers the lock left by a server that was killed', async () => {
    const first = await start();
    await first.stop('SIGKILL');
    const second = await start();
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
  });
});

describe.runIf(testDbKind === 'pglite')('`npm start`', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  const trees: string[] = [];
  afterEach(() => {
    for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
  });

  /**
   * The project as a fresh clone has it after `npm install`: its sources and installed packages,
   * and no build of the server. The client counts as built (a page that says so), which the
   * browser tests' build covers: this is about the server's.
   */
  function freshTree(): string {
    const tree = mkdtempSync(path.join(os.tmpdir(), 'blog-tree-'));
    trees.push(tree);
    const copied = ['server', 'kernel', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json'];
    for (const entry of [...copied, 'schema.graphql', 'codegen.ts', 'vite.config.ts']) {
      cpSync(path.join(root, entry), path.join(tree, entry), { recursive: true });
    }
    for (const entry of ['node_modules', 'client', 'prisma'])
      symlinkSync(path.join(root, entry), path.join(tree, entry));
    mkdirSync(path.join(tree, 'dist', 'client'), { recursive: true });
    writeFileSync(path.join(tree, 'dist', 'client', 'index.html'), '<!doctype html><title>Built</title>');
    writeFileSync(path.join(tree, 'dist', 'client-build-stamp'), clientBuild.sourcesHash());
    return tree;
  }

  it('builds the server where there is no build, serves it, and builds it again only when a source changed', async () => {
    const tree = freshTree();
    const npmStart = async () => {
      const server = await startServer({ ...place.env, HOST: '127.0.0.1' }, 45_000, {
        command: ['npm', 'start'],
        cwd: tree,
      });
      try {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        await server.stop();
      }
      expect(server.output()).toContain('SIGTERM received: finishing requests in flight, then stopping.');
      return server.output();
    };

    const first = await npmStart();
    expect(first).toContain('Building the server for the first time…');
    expect(first).toMatch(/Built the server in \d+ s\./);
    // A young generation of 4 MB semi-spaces (60 to 75 MiB less resident at start) and WebAssembly
    // left to its baseline compiler (a peak 550 MiB lower): bench/RESULTS.md, memory; decision 056.
    expect(first).toContain('node --max-semi-space-size=4 --liftoff-only --enable-source-maps dist/server/index.js');
    expect(first).not.toContain('Building the web client');
    expect(existsSync(path.join(tree, 'dist', 'server', 'index.js'))).toBe(true);

    expect(await npmStart()).not.toContain('Building the server');

    appendFileSync(path.join(tree, 'server', 'index.ts'), '// An edit.\n');
    expect(await npmStart()).toContain('Building the server again (its sources changed since the last build)…');
  });
});
