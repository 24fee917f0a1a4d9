// A Vite plugin that builds the server's render of the public pages (src/entry-server.tsx) after
// the browser's build, into its .server/ folder: one `vite build` writes both, so the server always
// renders with the same components, routes and hashed asset names as the files it serves. The
// folder starts with a dot, so the server never sends any of it to a browser.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type AliasOptions, type Plugin, type ResolvedConfig } from 'vite';
import { SERVER_ENTRY_FILE } from '#kernel/server-render.ts';

export function serverEntry({ alias }: { alias: AliasOptions }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'server-entry',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.join(path.resolve(config.root, config.build.outDir), path.dirname(SERVER_ENTRY_FILE));
      await build({
        configFile: false,
        root: config.root,
        // Its files are listed by no one: only problems are worth printing.
        logLevel: 'warn',
        // The public files are the browser build's to copy.
        publicDir: false,
        plugins: [react()],
        resolve: { alias },
        // Every library goes into the bundle: the server's Node then needs nothing resolved at run
        // time, and the browser's libraries (devDependencies) never meet the server's own copies.
        ssr: { noExternal: true },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir,
          emptyOutDir: true,
          sourcemap: 'hidden',
          rolldownOptions: { output: { entryFileNames: path.basename(SERVER_ENTRY_FILE) } },
        },
      });
    },
  };
}
