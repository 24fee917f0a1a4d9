// Whether dist/ holds a build of the current sources, for each of the two builds: the client
// (dist/client, by Vite) and the server (dist/server, by esbuild: docs/decisions/049). The stamp a
// build leaves is the hash of every file it reads. `npm start` rebuilds what differs
// (scripts/prepare-start.ts); the browser tests use dist/client as it is when it matches, instead of
// building the same sources again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export class BuildStamp {
  private readonly stampFile: string;

  /**
   * output: a file every build writes (gone: never built). inputs: files and folders (relative to
   * the project) the build reads; a change to any of them means a rebuild. skip: a folder among
   * them that the build writes itself.
   */
  constructor(
    name: string,
    private readonly output: string,
    private readonly inputs: readonly string[],
    private readonly skip?: string,
  ) {
    this.stampFile = path.join(root, 'dist', `${name}-build-stamp`);
  }

  private listFiles(entry: string): string[] {
    const full = path.join(root, entry);
    if (!existsSync(full)) return [];
    if (!statSync(full).isDirectory()) return [entry];
    return readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((dirent) => dirent.isFile())
      .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
      .filter((file) => this.skip === undefined || !file.startsWith(this.skip));
  }

  /** The hash of the sources as they are now. */
  sourcesHash(): string {
    const hash = createHash('sha256');
    for (const file of this.inputs.flatMap((entry) => this.listFiles(entry)).sort()) {
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
    return hash.digest('hex');
  }

  /** The hash of the sources dist/ was built from, or null when it was never built (or was deleted). */
  builtHash(): string | null {
    if (!existsSync(this.output) || !existsSync(this.stampFile)) return null;
    return readFileSync(this.stampFile, 'utf8').trim();
  }

  record(hash: string): void {
    writeFileSync(this.stampFile, `${hash}\n`);
  }
}

/** Where `vite build` puts the client (vite.config.ts), which the server serves by default. */
export const CLIENT_BUILD_DIR = path.join(root, 'dist', 'client');

export const clientBuild = new BuildStamp(
  'client',
  path.join(CLIENT_BUILD_DIR, 'index.html'),
  ['client', 'kernel', 'schema.graphql', 'codegen.ts', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'],
  path.join('client', 'src', 'gql'),
);

/** Where `npm run build` puts the server (scripts/lib/server-build.ts), which `npm start` runs. */
export const SERVER_BUILD_DIR = path.join(root, 'dist', 'server');

// The server's sources, with Prisma's generated client (server/generated), and the build's own settings.
export const serverBuild = new BuildStamp('server', path.join(SERVER_BUILD_DIR, 'index.js'), [
  'server',
  'kernel',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/lib/server-build.ts',
]);
