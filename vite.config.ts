import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { entryPriority } from './client/build/entry-priority.ts';
import { graphqlDocuments } from './client/build/graphql-documents.ts';
import { islandsBundle } from './client/build/islands-bundle.ts';
import { precompress } from './client/build/precompress.ts';
import { reportWeight } from './client/build/report-weight.ts';
import { serverEntry } from './client/build/server-entry.ts';
import { themeScript } from './client/build/theme-script.ts';

const require = createRequire(import.meta.url);

// react-router's package exports name only its development build (remix-run/react-router#12532):
// the production build beside it drops the development warnings, so builds take that one.
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const buildAlias = [{ find: /^react-router$/, replacement: reactRouterProduction }];

// The client lives in client/ and is built into dist/client, which the server serves; the server's
// render of the public pages is built into dist/client/.server (client/build/server-entry.ts).
export default defineConfig(({ command }) => ({
  root: 'client',
  plugins: [
    graphqlDocuments(),
    themeScript(),
    react(),
    entryPriority(),
    islandsBundle(),
    reportWeight(),
    precompress(),
    serverEntry({ alias: buildAlias }),
  ],
  resolve: {
    alias: command === 'build' ? buildAlias : [],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Written for developers decoding a stack trace, but not named in the scripts: the server does
    // not serve them (server/modules/pages/client-files.ts), so browsers would only log a failed fetch.
    sourcemap: 'hidden',
    // .vite/manifest.json: the server reads which files a screen's lazy chunks are (server/modules/pages/initial-results.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything every page runs goes in three files, run one task each by the entry's loader
        // (client/build/entry-priority.ts): React, the other libraries, the app. Left to itself, the
        // bundler splits off each module the lazy screens share (React, the page metadata, the
        // toasts…) into a small file of its own, and a first visit waits on ten requests over a
        // browser's six connections.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            { name: 'libs', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: the API server runs beside Vite on API_PORT.
    proxy: Object.fromEntries(
      ['/graphql', '/api', '/uploads', '/healthz'].map((prefix) => [
        prefix,
        `http://localhost:${process.env.API_PORT ?? 3001}`,
      ]),
    ),
  },
}));
