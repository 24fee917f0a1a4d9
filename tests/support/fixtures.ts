// The fixtures a server test starts from, as Vitest fixtures instead of a prologue in every file:
//   app      the real application on a database of its own, one per file (set up for the first
//            test that asks, disposed after the file's last test), configured with appEnv
//            (a file sets it with `test.override('appEnv', { scope: 'file' }, { TRUST_PROXY: 'true' })`);
//   admin    the Cookie header of a signed-in admin of that app, one per file;
// and, with `testOnEmptyContent`, every test starts with no posts, cards, image rows or image files.
//
//   import { test } from '../support/fixtures.ts';
//   test('lists posts', async ({ app, admin }) => { ... });
//
// Files whose tests share state their hooks build on the app (a seeded post, a reader) use
// appWithAdmin() instead: the same app and admin, made and disposed of by hooks of its own.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, test as base } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

export const test = base
  .extend('appEnv', { scope: 'file' }, {} as Record<string, string>)
  .extend('app', { scope: 'file' }, async ({ appEnv }, { onCleanup }) => {
    const app = await createTestApp({ env: appEnv });
    onCleanup(() => app.dispose());
    return app;
  })
  .extend('admin', { scope: 'file' }, async ({ app }) => (await app.signIn({ isAdmin: true })).cookie);

/** Removes every post, card, image row, pending file record and image file of the app. */
export async function emptyContent(app: TestApp): Promise<void> {
  const { prisma } = app.db;
  await prisma.post.deleteMany();
  await prisma.upcomingCard.deleteMany();
  // Shelf items' covers are images too (issue 41).
  await prisma.shelfItem.deleteMany();
  await prisma.image.deleteMany();
  await prisma.pendingImageFiles.deleteMany();
  rmSync(path.join(app.dataDir, 'uploads'), { recursive: true, force: true });
}

/** The same fixtures, and each test starts on a site without content. */
export const testOnEmptyContent = test.extend('emptyContent', { auto: true }, async ({ app }) => {
  await emptyContent(app);
});

/**
 * An app (configured with env) and the Cookie header of its signed-in admin, for the tests of this
 * file or describe block: made before the first, disposed of after the last (with `each`, a new app
 * for every test). Registered before the caller's own hooks, so those can already use it; read
 * `site.t` and `site.admin` inside tests and hooks.
 */
export function appWithAdmin(options: { env?: Record<string, string>; each?: boolean } = {}): {
  t: TestApp;
  admin: string;
} {
  const site = {} as { t: TestApp; admin: string };
  (options.each ? beforeEach : beforeAll)(async () => {
    site.t = await createTestApp({ env: options.env });
    site.admin = (await site.t.signIn({ isAdmin: true })).cookie;
  });
  (options.each ? afterEach : afterAll)(() => site.t.dispose());
  return site;
}

/**
 * Apps of this file, one for each env by name (`appsForFile({ open: {}, closed: { NODE_ENV: 'production' } })`
 * gives `apps.open` and `apps.closed`): made before its first test, disposed of after its last.
 */
export function appsForFile<Name extends string>(envs: Record<Name, Record<string, string>>): Record<Name, TestApp> {
  const apps = {} as Record<Name, TestApp>;
  beforeAll(async () => {
    for (const name of Object.keys(envs) as Name[]) apps[name] = await createTestApp({ env: envs[name] });
  });
  afterAll(async () => {
    for (const app of Object.values<TestApp>(apps)) await app.dispose();
  });
  return apps;
}
