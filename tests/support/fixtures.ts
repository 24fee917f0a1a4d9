// The fixtures a server test starts from, as Vitest fixtures instead of a prologue in every file:
//   app      the real application on a database of its own, one per file (set up for the first
//            test that asks, disposed after the file's last test), configured with appEnv
//            (a file sets it with `test.override('appEnv', { scope: 'file' }, { TRUST_PROXY: 'true' })`);
//   admin    the Cookie header of a signed-in admin of that app, one per file;
// and, with `testOnEmptyContent`, every test starts with no posts, cards, image rows or image files.
//
//   import { test } from '../support/fixtures.ts';
//   test('lists posts', async ({ app, admin }) => { ... });
import { rmSync } from 'node:fs';
import path from 'node:path';
import { test as base } from 'vitest';
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
  await prisma.image.deleteMany();
  await prisma.pendingImageFiles.deleteMany();
  rmSync(path.join(app.dataDir, 'uploads'), { recursive: true, force: true });
}

/** The same fixtures, and each test starts on a site without content. */
export const testOnEmptyContent = test.extend('emptyContent', { auto: true }, async ({ app }) => {
  await emptyContent(app);
});
