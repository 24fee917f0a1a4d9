// The prestart step of `npm start` (scripts/prepare-start.ts): builds the client and the server when
// their sources changed since their last build, and does nothing (a fraction of a second) otherwise.
import { execFileSync } from 'node:child_process';
import { repoRoot } from '../config.ts';
import { binary } from './server-process.ts';

export function buildClientIfChanged(): void {
  execFileSync(binary('tsx'), ['scripts/prepare-start.ts'], { cwd: repoRoot, stdio: 'inherit' });
}
