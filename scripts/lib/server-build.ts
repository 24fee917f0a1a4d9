// Compiles the server into one ES module, dist/server/index.js, that `npm start` runs with plain
// Node (docs/decisions/049-compiled-server.md). esbuild bundles the server's own code, kernel/
// (the `#kernel/*` imports) and Prisma's generated client (server/generated) into it, and leaves
// every installed package to Node, as it is: native addons, WebAssembly, and graphql loaded once.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The node flags package.json's start script runs the build with (its copy there, which cannot
 * import this): a small young generation and WebAssembly on its baseline compiler
 * (docs/decisions/056-webassembly-on-its-baseline-compiler.md). The bench and the process tests run
 * the server with them too, so they measure and test what `npm start` runs.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--liftoff-only', '--enable-source-maps'];

export async function buildServer(outDir: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: ['server/index.ts'],
    outfile: path.join(outDir, 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node the project runs on (package.json's engines).
    target: 'node22.15',
    packages: 'external',
    // Stack traces in the log point into the TypeScript sources (`node --enable-source-maps`).
    sourcemap: 'linked',
    // Two modules' same top-level name is renamed in the bundle (Foo2): keep the .name logs show.
    keepNames: true,
    logLevel: 'warning',
  });
}
