// Every test project's setup file: a console.error during a test fails that test, with what was
// logged. The server logs only what nobody expected (a crash in a resolver, a disk that refused a
// file), so a test that logs one has found a defect, even when its own assertions pass.
//
// A test that provokes such a log on purpose replaces console.error itself, which this never sees:
//   const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
// and asserts on `logged`.
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

// vitest runs this file again before each test file, in workers that keep their modules between
// files (isolate: false): console.error is wrapped once per worker, and each file's hooks share what
// the wrapper collects.
const collector = ((globalThis as { consoleErrorCollector?: { logged: string[] | null } }).consoleErrorCollector ??=
  (() => {
    const state: { logged: string[] | null } = { logged: null };
    const original = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      state.logged?.push(format(...args));
      original(...args);
    };
    return state;
  })());

beforeEach(() => {
  collector.logged = [];
});

afterEach(() => {
  const messages = collector.logged ?? [];
  collector.logged = null;
  if (messages.length > 0) {
    throw new Error(`console.error was called during the test:\n${messages.join('\n---\n')}`);
  }
});
