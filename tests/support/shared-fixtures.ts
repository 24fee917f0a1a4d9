// The real files no one on this team wrote (/work/shared/fixtures, README there): found from the
// project's root as `../shared/fixtures`, or further up for a git worktree kept one level deeper.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../server/project-root.ts';

function sharedFixturesDir(): string {
  for (let dir = path.dirname(projectRoot); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'fixtures');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No shared/fixtures folder above ${projectRoot}`);
  }
}

/** The path of a shared fixture, e.g. sharedFixture('imports/ghost-6-export.json'). */
export function sharedFixture(relative: string): string {
  return path.join(sharedFixturesDir(), relative);
}
