// Issue 37 item 4: how long the author's create with a photo-sized cover (a 1600x900 JPEG) waits
// while 50 readers read, with IMAGE_VARIANTS=request (every variant encoded on the request, as
// before) and background (the default). Not part of `npm run bench`: a quick figure for one change.
//   npx tsx bench/create-latency.ts [creates per mode, default 30] [readers, default 50]
// Each mode gets its own server on the embedded database; readers (autocannon, 50 connections) read
// the home page, the blog list and a post page while one writer creates posts one after another.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Instance, type Result } from 'autocannon';
import { uploadJpeg } from './scenarios/mixed.ts';

const CREATES = Number(process.argv[2] ?? 30);
const READERS = Number(process.argv[3] ?? 50);
const ADMIN = { email: 'latency-admin@example.com', password: 'latency-admin-password-1' };

async function startServer(mode: string, port: number): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `create-latency-${mode}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      IMAGE_VARIANTS: mode,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Serving')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`The server stopped (${code})`)));
  });
  return { child, dataDir };
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`Signing in failed: ${response.status}`);
  return cookie;
}

async function create(url: string, cookie: string, jpeg: Buffer, n: number): Promise<{ ms: number; slug: string }> {
  const form = new FormData();
  form.set('title', `Latency ${n} ${Date.now()}`);
  form.set('subtitle', 'A photo-sized cover');
  form.set('content', '<p>Words.</p>');
  form.set('category', 'game');
  form.append('image', new File([new Uint8Array(jpeg)], 'cover.jpg', { type: 'image/jpeg' }));
  form.append('image', 'cover.jpg');
  const started = performance.now();
  const response = await fetch(`${url}/api/blogposts`, { method: 'POST', headers: { cookie }, body: form });
  const body = (await response.json()) as { slug: string };
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`Create failed: ${response.status} ${JSON.stringify(body)}`);
  return { ms, slug: body.slug };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function measureMode(mode: string, port: number, jpeg: Buffer) {
  const { child, dataDir } = await startServer(mode, port);
  const url = `http://127.0.0.1:${port}`;
  try {
    const cookie = await signIn(url);
    const { slug } = await create(url, cookie, jpeg, 0);
    let readers: Instance | undefined;
    const reading =
      READERS > 0
        ? new Promise<Result>((resolve, reject) => {
            readers = autocannon(
              {
                url,
                connections: READERS,
                duration: 3600,
                requests: [{ path: '/' }, { path: '/blog' }, { path: `/blog/${slug}` }],
              },
              (error, result) => (error ? reject(error) : resolve(result)),
            );
          })
        : null;
    const times: number[] = [];
    for (let n = 1; n <= CREATES; n++) times.push((await create(url, cookie, jpeg, n)).ms);
    readers?.stop();
    const reads = await reading;
    const sorted = [...times].sort((a, b) => a - b);
    return {
      mode,
      creates: times.length,
      p50: Math.round(quantile(sorted, 0.5)),
      p99: Math.round(quantile(sorted, 0.99)),
      max: Math.round(sorted.at(-1)!),
      readsPerSecond: reads ? Math.round(reads.requests.average) : 0,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const jpeg = await uploadJpeg();
console.log(
  `Load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const results = [];
for (const mode of ['request', 'background']) results.push(await measureMode(mode, 3917, jpeg));
console.table(results);
console.log(
  `Load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
