// `npm run export` and `npm run import` as their users run them: separate processes on a real data
// folder, with their exit codes and messages. The rows and files themselves are checked in
// tests/integration/site-backup.test.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirFor } from '../../server/db/database.ts';
import { readTarGz } from '../../server/modules/backup/tar-archive.ts';
import { ImageStore } from '../../server/modules/media/image-store.ts';
import { CREATE_POST, DELETE_POST, postInput } from '../support/content.ts';
import { fileOf, makeImage } from '../support/images.ts';
import {
  PROCESS_TEST_TIMEOUT,
  signInAsAdmin,
  siteDatabase,
  startServer,
  type ServerProcess,
} from '../support/server-process.ts';
import { documentText } from '../support/test-app.ts';
import { testDbKind } from '../support/test-database.ts';

const ADMIN = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a long password!' };

const root = path.resolve(import.meta.dirname, '../..');

interface Site {
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

let workDir: string;
const sites: Site[] = [];
const servers: ServerProcess[] = [];

/** A site's data folder and database: migrated, or a new install's (`migrated: false`). */
async function newSite({ migrated = true } = {}): Promise<Site> {
  const dataDir = mkdtempSync(path.join(workDir, 'data-'));
  const database = await siteDatabase(dataDir, migrated);
  const site = { env: { DATA_DIR: dataDir, ...database.env }, dataDir, drop: database.drop };
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
    // A first start creates the admin account; stopped before the export.
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

    // A new install's data folder, which the import migrates first.
    const to = await newSite({ migrated: false });
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

  it.skipIf(testDbKind === 'postgres')(
    'refuses to import into the embedded database while a server holds it',
    async () => {
      const site = await newSite();
      const server = await startServer(site.env);
      servers.push(server);
      const archive = path.join(workDir, 'live.tar.gz');
      expect((await run('export', [archive], site.env)).code).toBe(0);
      const result = await run('import', [archive, '--replace'], site.env);
      expect(result.code).toBe(1);
      expect(result.output).toMatch(
        new RegExp(
          `^Could not open the database: The embedded database in .+ is already in use by another process \\(PID ${server.child.pid}\\)\\. Stop that process first, or point DATA_DIR somewhere else\\.\\n$`,
        ),
      );
      // The server is unharmed, and gives its backup to no one else.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/backup`)).status).toBe(401);
      // What the script found it by goes with it.
      const record = path.join(pgliteDirFor(site.dataDir), '.server.json');
      expect(existsSync(record)).toBe(true);
      expect(await server.stop()).toBe(0);
      expect(existsSync(record)).toBe(false);
    },
  );

  it('exports a running site while its author writes: one committed state, which imports whole', async () => {
    const from = await newSite();
    const server = await startServer({ ...from.env, ...ADMIN });
    servers.push(server);
    const cookie = await signInAsAdmin(server, ADMIN);
    const cover = fileOf(await makeImage({ width: 900, height: 500 }));
    const kept: string[] = [];
    for (let i = 0; i < 3; i++) kept.push(await createPost(server, cookie, cover, `Kept ${i}`));
    await createCard(server, cookie, cover);

    // The author keeps writing through the export: a new post with its image, then the one before
    // deleted (its image's files removed after the delete commits).
    let writing = true;
    let written = 0;
    const author = (async () => {
      let previous: string | null = null;
      while (writing) {
        const id = await createPost(server, cookie, cover, `Busy ${written++}`);
        if (previous) await deletePost(server, cookie, previous);
        previous = id;
      }
    })();
    // Seen when awaited, after the export: not an unhandled rejection before it.
    author.catch(() => {});
    const archive = path.join(workDir, 'live.tar.gz');
    const exported = await run('export', [archive], from.env).finally(() => (writing = false));
    await author;
    expect(exported.output).toMatch(
      /Exported \d+ posts, 1 card, 1 user, \d+ images \(\d+ image files\) to .+live\.tar\.gz/,
    );
    if (testDbKind === 'pglite') {
      expect(exported.output).toContain(`The site is running (PID ${server.child.pid}): the backup comes from it.`);
    }
    expect(exported.code).toBe(0);
    expect(written).toBeGreaterThan(1);

    // One committed state: every post and card has its image, every image belongs to one of them,
    // and every image has all its files.
    const backup = await readArchive(archive);
    const posts = backup.json('data/posts.json') as Array<{ id: string; title: string; imageId: string }>;
    const cards = backup.json('data/upcoming-cards.json') as Array<{ imageId: string }>;
    const images = backup.json('data/images.json') as Array<{
      id: string;
      storageKey: string;
      variantWidths: number[];
    }>;
    expect(
      posts
        .filter((post) => post.title.startsWith('Kept'))
        .map((post) => post.id)
        .sort(),
    ).toEqual(kept.sort());
    // The author's posts at one moment: the last one, and maybe the next before its predecessor went.
    expect(posts.filter((post) => post.title.startsWith('Busy')).length).toBeLessThanOrEqual(2);
    expect([...posts, ...cards].map((row) => row.imageId).sort()).toEqual(images.map((image) => image.id).sort());
    const imageFiles = images.flatMap((image) =>
      image.variantWidths.map((width) => `uploads/${ImageStore.relativePath(image.storageKey, width)}`),
    );
    expect([...backup.files.keys()].sort()).toEqual(imageFiles.sort());

    // Into a fresh site: the same rows, and every image file byte for byte.
    const to = await newSite();
    const imported = await run('import', [archive], to.env);
    expect(imported.code, imported.output).toBe(0);
    for (const [name, bytes] of backup.files) {
      expect(readFileSync(path.join(to.dataDir, name)).equals(bytes), name).toBe(true);
    }
    const db = await openDatabase(
      testDbKind === 'postgres' ? { databaseUrl: to.env.DATABASE_URL } : { pgliteDir: pgliteDirFor(to.dataDir) },
    );
    try {
      expect((await db.prisma.post.findMany({ select: { id: true } })).map((post) => post.id).sort()).toEqual(
        posts.map((post) => post.id).sort(),
      );
      expect(await db.prisma.upcomingCard.count()).toBe(1);
    } finally {
      await db.close();
    }
    // The kept posts' images are the very files the running site serves.
    for (const image of images) {
      const file = ImageStore.relativePath(image.storageKey, image.variantWidths[0]!);
      if (existsSync(path.join(from.dataDir, 'uploads', file))) {
        expect(
          readFileSync(path.join(from.dataDir, 'uploads', file)).equals(backup.files.get(`uploads/${file}`)!),
        ).toBe(true);
      }
    }
  });
});

/** Creates a post with the image as its cover; returns its id. */
async function createPost(server: ServerProcess, cookie: string, image: File, title: string): Promise<string> {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({ query: documentText(CREATE_POST), variables: { input: postInput({ title, image: null }) } }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.input.image'] }));
  form.set('0', image);
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'x-graphql-yoga-csrf': '1' },
    body: form,
  });
  const body = (await response.json()) as { data?: { createPost: { id: string } }; errors?: unknown };
  if (!body.data) throw new Error(`createPost failed: ${JSON.stringify(body.errors)}`);
  return body.data.createPost.id;
}

async function deletePost(server: ServerProcess, cookie: string, id: string): Promise<void> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ query: documentText(DELETE_POST), variables: { id } }),
  });
  expect(await response.json()).toEqual({ data: { deletePost: id } });
}

async function createCard(server: ServerProcess, cookie: string, image: File): Promise<void> {
  const form = new FormData();
  form.set('title', 'Reading');
  form.set('subtitle', 'A long book');
  form.set('image', image);
  const response = await fetch(`${server.url}/api/upcoming`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body: form,
  });
  expect(response.status).toBe(201);
}

/** An archive's JSON entries (parsed) and image files (bytes), by name. */
async function readArchive(archive: string) {
  const json = new Map<string, unknown>();
  const files = new Map<string, Buffer>();
  for await (const entry of readTarGz(archive, 1024 * 1024 * 1024)) {
    if (entry.name.endsWith('.json')) json.set(entry.name, JSON.parse(entry.data.toString('utf8')));
    else files.set(entry.name, entry.data);
  }
  return { json: (name: string) => json.get(name), files };
}
