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

const databaseProject = (name: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['tests/integration/**/*.test.ts', 'tests/process/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    env: { TEST_DB_KIND: name, NODE_ENV: 'test' },
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
    // Files run in parallel workers; each has its own database, so nothing is shared. vitest's
    // default (one worker per core but one) is kept: on a two-core machine more workers starved the
    // process and browser tests past their budgets (docs/decisions/033-test-workers-and-ci-passes.md).
    pool: 'forks',
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
      {
        // Browser tests run once, on PGlite: what they prove does not depend on the database.
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
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
      },
    ],
  },
});
