// The project's folder, wherever this module runs from: its source (server/) under tsx in tests and
// scripts, or bundled into dist/server/index.js by `npm run build` (docs/decisions/049). Files the
// server reads beside its code (the migrations, the client build) are found from here, not from
// import.meta.dirname, which differs between the two.
import { existsSync } from 'node:fs';
import path from 'node:path';

function nearestPackageFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json in ${from} or above it`);
  }
}

export const projectRoot = nearestPackageFolder(import.meta.dirname);
