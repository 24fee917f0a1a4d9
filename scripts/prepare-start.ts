// Runs before `npm start`: generates what is missing and builds the client when its sources changed
// since the last build, so `npm install && npm start` works on a fresh clone and a restart is quick.
// `npm run build` runs it with --always: it builds whatever the stamp says, and leaves the stamp, so
// the `npm start` after it does not build the same sources again.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateClientDocuments, generatePrismaClient } from './generate.ts';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist/client-build-stamp');

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

function sourcesHash(): string {
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

if (!existsSync(path.join(root, 'server/generated/prisma/client.ts'))) generatePrismaClient();

const wanted = sourcesHash();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
const always = process.argv.includes('--always');
if (always || built !== wanted) {
  console.log(
    always
      ? 'Building the web client…'
      : built === null
        ? 'Building the web client for the first time (a minute or two on a small machine)…'
        : 'Building the web client again (its sources changed since the last build)…',
  );
  const started = Date.now();
  generateClientDocuments();
  // Vite says nothing at this log level until it is done: a line every 15 s says it is still at work.
  await new Promise<void>((resolve, reject) => {
    const build = spawn(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    const ticker = setInterval(() => console.log(`  …still building (${seconds(started)} s)`), 15_000);
    build.once('error', reject);
    build.once('exit', (code) => {
      clearInterval(ticker);
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (exit code ${code})`));
    });
  });
  writeFileSync(stampFile, `${wanted}\n`);
  console.log(`Built the web client in ${seconds(started)} s.`);
}

function seconds(since: number): number {
  return Math.round((Date.now() - since) / 1000);
}
