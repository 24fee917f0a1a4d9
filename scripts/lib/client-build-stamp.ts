// Whether dist/ holds a build of the client's current sources: the stamp the last build left is the
// hash of every file the build reads. `npm start` rebuilds when it differs (scripts/prepare-start.ts);
// the browser tests use dist/ as it is when it matches, instead of building the same sources again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** Where `vite build` puts the client (vite.config.ts), which the server serves by default. */
export const CLIENT_BUILD_DIR = path.join(root, 'dist', 'client');
const stampFile = path.join(root, 'dist', 'client-build-stamp');

// Everything the client build depends on; a change to any of these means a rebuild.
const BUILD_INPUTS = [
  'client',
  'kernel',
  'schema.graphql',
  'codegen.ts',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

function listFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
    .filter((file) => !file.startsWith(path.join('client', 'src', 'gql')));
}

/** The hash of the client's sources as they are now. */
export function clientSourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap(listFiles).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The hash of the sources dist/ was built from, or null when it was never built. */
export function builtSourcesHash(): string | null {
  return existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
}

export function recordClientBuild(hash: string): void {
  writeFileSync(stampFile, `${hash}\n`);
}
