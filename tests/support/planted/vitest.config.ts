// A Vitest run of its own for tests/unit/console-errors.test.ts: the planted tests below, with the
// setup file every project uses.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: new URL('../../..', import.meta.url).pathname,
  test: {
    include: ['tests/support/planted/*.planted.ts'],
    setupFiles: ['tests/support/console-errors.ts'],
    // As the real projects run: one worker keeps its modules from one file to the next.
    isolate: false,
    maxWorkers: 1,
    sequence: { shuffle: false },
  },
});
