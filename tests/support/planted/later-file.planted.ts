// Planted tests, run only by tests/unit/console-errors.test.ts: a second file, run after the first in
// the same worker (isolate: false), where the setup file's hooks must still catch a log.
import { expect, it } from 'vitest';

it('logs an error in a later file of the same worker', () => {
  console.error('Unexpected error in a later planted file');
  expect(1).toBe(1);
});
