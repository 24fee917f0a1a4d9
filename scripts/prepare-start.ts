// Runs before `npm start`: generates what is missing, and builds the client and the server when
// their sources changed since their last build, so `npm install && npm start` works on a fresh clone
// and a restart is quick (it builds nothing then: it hashes the sources and compares).
// `npm run build` runs it with --always: it builds both whatever the stamps say, and leaves the
// stamps, so the `npm start` after it does not build the same sources again.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { clientBuild, SERVER_BUILD_DIR, serverBuild, type BuildStamp } from './lib/build-stamps.ts';
import { buildServer } from './lib/server-build.ts';
import { generateClientDocuments, generatePrismaClient } from './generate.ts';

const root = path.resolve(import.meta.dirname, '..');
const always = process.argv.includes('--always');

if (!existsSync(path.join(root, 'server/generated/prisma/client.ts'))) generatePrismaClient();

await buildIfChanged(clientBuild, 'the web client', '(a minute or two on a small machine)', async () => {
  generateClientDocuments();
  // Vite says nothing at this log level until it is done: a line every 15 s says it is still at work.
  await new Promise<void>((resolve, reject) => {
    const build = spawn(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    const started = Date.now();
    const ticker = setInterval(() => console.log(`  …still building (${seconds(started)} s)`), 15_000);
    build.once('error', reject);
    build.once('exit', (code) => {
      clearInterval(ticker);
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (exit code ${code})`));
    });
  });
});

await buildIfChanged(serverBuild, 'the server', '', () => buildServer(SERVER_BUILD_DIR));

async function buildIfChanged(stamp: BuildStamp, what: string, firstTime: string, run: () => Promise<void>) {
  const wanted = stamp.sourcesHash();
  const built = stamp.builtHash();
  if (!always && built === wanted) return;
  console.log(
    always
      ? `Building ${what}…`
      : built === null
        ? `Building ${what} for the first time${firstTime ? ` ${firstTime}` : ''}…`
        : `Building ${what} again (its sources changed since the last build)…`,
  );
  const started = Date.now();
  await run();
  stamp.record(wanted);
  console.log(`Built ${what} in ${seconds(started)} s.`);
}

function seconds(since: number): number {
  return Math.round((Date.now() - since) / 1000);
}
