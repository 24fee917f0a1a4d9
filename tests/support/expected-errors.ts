// For a test that makes the server log an unexpected failure on purpose (a database that refuses a
// write, or is gone): the log is kept out of the output and out of the console.error check of
// tests/support/console-errors.ts, and the test fails unless the log says what was expected.
import { format } from 'node:util';
import { expect, onTestFinished, vi } from 'vitest';

export function expectErrorLog(expected: RegExp): void {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  onTestFinished(() => {
    const text = logged.mock.calls.map((args) => format(...args)).join('\n');
    logged.mockRestore();
    expect(text, 'what the server logged').toMatch(expected);
  });
}

/** What a GraphQL answer's `errors` holds for one expected error: its message, code and any other extensions. */
export function graphqlErrors(message: unknown, code: string, extensions: Record<string, unknown> = {}): unknown[] {
  return [expect.objectContaining({ message, extensions: expect.objectContaining({ code, ...extensions }) })];
}
