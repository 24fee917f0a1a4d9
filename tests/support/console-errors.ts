// Every test project's setup file: a console.error during a test fails that test, with what was
// logged. The server logs only what nobody expected (a crash in a resolver, a disk that refused a
// file), so a test that logs one has found a defect, even when its own assertions pass.
//
// A test that provokes such a log on purpose replaces console.error itself, which this never sees:
//   const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
// and asserts on `logged`.
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

let logged: string[] | null = null;
const original = console.error.bind(console);

console.error = (...args: unknown[]) => {
  logged?.push(format(...args));
  original(...args);
};

beforeEach(() => {
  logged = [];
});

afterEach(() => {
  const messages = logged ?? [];
  logged = null;
  if (messages.length > 0) {
    throw new Error(`console.error was called during the test:\n${messages.join('\n---\n')}`);
  }
});
