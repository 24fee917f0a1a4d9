// Every test file runs once per database: always on PGlite, and on a PostgreSQL server as well when
// TEST_DATABASE_URL is set (.ci/run sets it). Each file gets its own freshly migrated database.
import { createRequire } from 'node:module';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const require = createRequire(import.meta.url);

// vitest 5 targets Node 22; on Node 20 (past its end of life and unsupported, but still some
// machines' default) its reporter crashes on a failed test without this (Map.groupBy arrived in
// Node 21), hiding the failure message.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

// Files whose claims hold whatever database keeps the rows: the HTTP and GraphQL surface (headers,
// limits, errors, origin checks), rules checked before any write, formats (feeds, sitemap, head
// tags) and the REST facade's contract over the services the other files test on both. They run
// once, on PGlite. Every other file runs on both databases, a new one too unless it is named here:
// the driver, transactions, concurrent connections and the change notifications differ.
const DATABASE_INDEPENDENT = [
  'admin-bootstrap',
  'auth',
  'client-files',
  'compiled-queries',
  'content-authorization',
  'content-sanitizing',
  'credential-changes',
  'feeds',
  'graphiql-page',
  'graphql-endpoint',
  'graphql-errors',
  'graphql-limits',
  'graphql-prices',
  'initial-results',
  'origin-policy',
  'page-head',
  'post-excerpt-reading-time',
  'registration',
  'rest-facade',
  'rest-posts',
  'rest-read-caching',
  'rest-upcoming',
  'rest-users',
  'seed-demo',
  'sitemap',
  'users',
].map((name) => `tests/integration/${name}.test.ts`);

const databaseProject = (name: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['tests/integration/**/*.test.ts', 'tests/process/**/*.test.ts'],
    exclude: name === 'postgres' ? DATABASE_INDEPENDENT : [],
    globalSetup: ['tests/support/global-setup.ts'],
    env: { TEST_DB_KIND: name, NODE_ENV: 'test' },
  },
});

const SCREENSHOTS = 'tests/e2e/screenshots.test.ts';

// Browser tests run once, on PGlite: what they prove does not depend on the database.
const browserProject = (
  name: string,
  files: { include: string[]; exclude?: string[] },
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    ...files,
    // A browser, a server and a database share two cores: give what the page shows time to settle.
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 60_000,
    // While the database projects run beside it, a browser on two shared cores is sometimes
    // starved long enough to miss a wait (seen about once in twenty runs, never the same test):
    // one more try absorbs that; a real defect fails every try and still fails the run.
    retry: 1,
    globalSetup: ['tests/e2e/support/e2e-global-setup.ts'],
    env: { TEST_DB_KIND: 'pglite', NODE_ENV: 'test' },
  },
});

export default defineConfig({
  // The root vite.config.ts builds the client from client/; tests live at the top level.
  root: '.',
  resolve: {
    // Node loads graphql's CommonJS build for Pothos and Yoga; code that vitest transforms would get
    // the ES build, and graphql refuses to mix the two ("from another module or realm").
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two workers, even on two cores: most of a file's time is waiting on a browser, a server or a
    // socket. A worker keeps its modules from one file to the next (the server is imported once per
    // worker, not once per file); each file still has its own database, app, ports and folders
    // (docs/decisions/046-a-suite-in-ten-minutes.md).
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    // In every project: a console.error during a test fails it (tests/support/console-errors.ts).
    setupFiles: ['tests/support/console-errors.ts'],
    projects: [
      databaseProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [databaseProject('postgres')] : []),
      {
        // Pure logic and components rendered to HTML: no database, no browser.
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] },
      },
      browserProject('e2e', {
        include: ['tests/e2e/**/*.test.ts'],
        exclude: [SCREENSHOTS],
      }),
      // `npm run screenshots` alone (.ci/run calls it): a picture of every screen for a person to look
      // through, which `npm test` need not take the time to draw.
      ...(process.env.SCREENSHOTS ? [browserProject('screenshots', { include: [SCREENSHOTS] })] : []),
    ],
  },
});
