// A Vite plugin that builds the islands (client/src/islands/index.ts and the islands it names) into
// one small script of the client build, assets/islands-<hash>.js, and names it in .islands.json (a
// dot-file: never served) for the server, which gives it to a page a reader reads without the app
// (server/modules/pages/client-files.ts, docs/decisions/051). Built apart from the app's bundle, by
// esbuild: nothing of the app's (React, Apollo, the router) can end up in it, and the bundler's
// groups that put the app in three files (vite.config.ts) never see it.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { ISLANDS_MANIFEST_FILE, type IslandsManifest } from '#kernel/server-render.ts';

const ENTRY = fileURLToPath(new URL('../src/islands/index.ts', import.meta.url));

export function islandsBundle(): Plugin {
  return {
    name: 'islands-bundle',
    apply: 'build',
    async generateBundle() {
      const result = await build({
        entryPoints: [ENTRY],
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        // What the app's build targets (Vite's default: browsers of the last two and a half years).
        target: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
        write: false,
        logLevel: 'warning',
      });
      const code = result.outputFiles[0]!.contents;
      const fileName = `assets/islands-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      const manifest: IslandsManifest = { script: `/${fileName}` };
      this.emitFile({ type: 'asset', fileName: ISLANDS_MANIFEST_FILE, source: JSON.stringify(manifest) });
    },
  };
}
