// Starts a headless Chromium for the end-to-end tests, with nothing installed by hand.
//
// playwright-core ships no browser, and `npx playwright install` downloads one from outside the npm
// registry, which these machines cannot reach. So the browser comes from, in order:
//   1. CHROMIUM_PATH, when set (any Chromium or Chrome binary);
//   2. /usr/bin/chromium, Debian's package (`apt-get install -y chromium`; .ci/run may install it);
//   3. @sparticuz/chromium, whose registry tarball itself holds a brotli-compressed headless Chromium,
//      so a plain `npm install && npm test` has a browser on a fresh machine.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const NPM_CHROMIUM = '@sparticuz/chromium';

// Without the background-networking flags Chromium keeps trying to reach Google's hosts, which the
// closed network here refuses, many connections at a time. --no-sandbox: the tests run as root.
export const QUIET_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ARGS = ['--headless', ...QUIET_CHROMIUM_FLAGS];

// One Chromium per test worker, started on first use and kept for the worker's later files (vitest
// runs them in the same process): starting a browser costs about a second each time. Each caller
// gets a context of its own, which shares no cookies, storage or cache with any other.
let shared: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  shared ??= findChromium().then((executablePath) => chromium.launch({ executablePath, args: ARGS, headless: true }));
  // A browser that crashed or was closed is started again for the next caller.
  return shared.then((browser) => {
    if (browser.isConnected()) return browser;
    shared = undefined;
    return sharedBrowser();
  });
}

/**
 * options: context settings beyond the defaults, such as `javaScriptEnabled: false` (tests/e2e/support/no-script.ts)
 * or a `timezoneId` other than the site's.
 */
export async function launchBrowser(
  options: Pick<BrowserContextOptions, 'javaScriptEnabled' | 'timezoneId'> = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const context = await (await sharedBrowser()).newContext(options);
  return { context, close: () => context.close() };
}

/** The Chromium binary the browser tests use (also used by bench/ for page weight and Lighthouse). */
export async function findChromium(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    // Named on purpose: a wrong path should fail loudly, not fall back to another browser.
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const fromNpm = await extractNpmChromium();
  if (fromNpm) return fromNpm;
  throw new Error(
    'No Chromium for the end-to-end tests. Get one of: `apt-get install -y chromium` (gives /usr/bin/chromium), ' +
      `or \`npm install --save-dev ${NPM_CHROMIUM}@153.0.0\` (the browser is inside the package), ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary. (`npx playwright install` cannot work here: it downloads.)',
  );
}

// Unpacks bin/chromium.br from @sparticuz/chromium into a folder named after its version, once.
// Not the package's own executablePath(): it writes to a fixed /tmp/chromium without an atomic
// rename, so parallel test workers could start a half-written binary, and it also drops GL
// libraries into /tmp that --disable-gpu never needs. Returns undefined when it is not installed.
async function extractNpmChromium(): Promise<string | undefined> {
  let entry: string;
  try {
    // Resolved at run time, not imported, so this file compiles whether or not the package is installed.
    entry = createRequire(import.meta.url).resolve(NPM_CHROMIUM); // <pkg>/build/index.js
  } catch {
    return undefined;
  }
  const packageDir = join(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const dir = join(tmpdir(), `sparticuz-chromium-${version}`);
  const binary = join(dir, 'chromium');
  if (existsSync(binary)) return binary;
  await mkdir(dir, { recursive: true });
  // Unpack to a unique name, then rename: another worker sees either no binary or a whole one.
  const partial = `${binary}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await pipeline(
      createReadStream(join(packageDir, 'bin', 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(partial),
    );
    await chmod(partial, 0o755);
    await rename(partial, binary);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return binary;
}

/**
 * The console errors of a page, as "console: ..." lines, to end a test with expecting none. A page
 * the server answers with 404 (the error page, a post that does not exist) is expected: Chromium
 * still logs its document load as an error, and only that message is let through. So is the 404 the
 * app's 404 screens hear when they ask the server about an address reached inside the app (a HEAD
 * request: client/src/lib/server-redirect.ts).
 */
export function collectConsoleErrors(page: Page): string[] {
  const problems: string[] = [];
  const notFoundDocuments = new Set<string>();
  page.on('response', (response) => {
    const request = response.request();
    if (response.status() === 404 && (request.isNavigationRequest() || request.method() === 'HEAD')) {
      notFoundDocuments.add(response.url());
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const expected404 =
      message.text().startsWith('Failed to load resource: the server responded with a status of 404') &&
      notFoundDocuments.has(message.location().url);
    if (!expected404) problems.push(`console: ${message.text()}`);
  });
  return problems;
}
