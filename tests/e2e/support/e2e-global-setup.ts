// Builds the client once for the browser tests, into a temporary folder (dist/ is left alone), and
// migrates the PGlite template the test apps copy.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import databaseSetup from '../../support/global-setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    clientBuildDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-client-'));
  const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
  execFileSync(bin('graphql-codegen'), ['--config', 'codegen.ts', '--silent'], { cwd: root, stdio: 'inherit' });
  execFileSync(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  project.provide('clientBuildDir', outDir);
  const teardownDatabase = await databaseSetup(project);
  return async () => {
    await teardownDatabase();
    rmSync(outDir, { recursive: true, force: true });
  };
}
