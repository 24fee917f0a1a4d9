// The client the browser tests load, and the PGlite template the test apps copy. The client is
// dist/ as it is when it was built from the current sources (after `npm start` or `npm run build`,
// as in .ci/run); otherwise it is built once for the run into a temporary folder, leaving dist/
// alone (a server the developer runs keeps serving its own build).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CLIENT_BUILD_DIR, clientBuild } from '../../../scripts/lib/build-stamps.ts';
import databaseSetup from '../../support/global-setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    clientBuildDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

function buildClient(): { dir: string; remove(): void } {
  if (clientBuild.builtHash() === clientBuild.sourcesHash()) return { dir: CLIENT_BUILD_DIR, remove() {} };
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-client-'));
  const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
  execFileSync(bin('graphql-codegen'), ['--config', 'codegen.ts', '--silent'], { cwd: root, stdio: 'inherit' });
  execFileSync(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  return { dir: outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject) {
  const client = buildClient();
  project.provide('clientBuildDir', client.dir);
  const teardownDatabase = await databaseSetup(project);
  return async () => {
    await teardownDatabase();
    client.remove();
  };
}
