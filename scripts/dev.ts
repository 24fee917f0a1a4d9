// `npm run dev`: the API server on API_PORT (restarted on change by tsx watch) and Vite's dev server
// with hot reload on PORT, proxying /graphql, /api, /uploads and /healthz to the API server.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}` },
  }),
  spawn(bin('graphql-codegen'), ['--config', 'codegen.ts', '--watch'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), ['--port', port, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
for (const child of children) child.on('exit', stopAll);
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
