// Runs before `npm start`: generates what is missing and builds the client when its sources changed
// since the last build, so `npm install && npm start` works on a fresh clone and a restart is quick.
// `npm run build` runs it with --always: it builds whatever the stamp says, and leaves the stamp, so
// the `npm start` after it does not build the same sources again.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { builtSourcesHash, clientSourcesHash, recordClientBuild } from './lib/client-build-stamp.ts';
import { generateClientDocuments, generatePrismaClient } from './generate.ts';

const root = path.resolve(import.meta.dirname, '..');

if (!existsSync(path.join(root, 'server/generated/prisma/client.ts'))) generatePrismaClient();

const wanted = clientSourcesHash();
const built = builtSourcesHash();
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
  recordClientBuild(wanted);
  console.log(`Built the web client in ${seconds(started)} s.`);
}

function seconds(since: number): number {
  return Math.round((Date.now() - since) / 1000);
}
