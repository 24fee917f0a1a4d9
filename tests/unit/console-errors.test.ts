// A console.error during a test fails it (tests/support/console-errors.ts, every project's setup
// file): run on planted tests, the one that logs without expecting it fails with what it logged,
// and the others pass.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

it('fails a test that logs an error, and only that one', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'console-errors-'));
  const reportFile = path.join(dir, 'report.json');
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      'tests/support/planted/vitest.config.ts',
      '--reporter=json',
      `--outputFile=${reportFile}`,
    ],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
  expect(run.status, run.stderr).toBe(1);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    testResults: Array<{
      name: string;
      assertionResults: Array<{ title: string; status: string; failureMessages: string[] }>;
    }>;
  };
  const results = report.testResults
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((file) => file.assertionResults);
  expect(results.map(({ title, status }) => [title, status])).toEqual([
    ['logs an error and asserts nothing about it', 'failed'],
    ['logs an error it expects, through its own spy', 'passed'],
    ['logs nothing', 'passed'],
    ['logs an error in a later file of the same worker', 'failed'],
  ]);
  expect(results[0]!.failureMessages.join('\n')).toContain(
    'console.error was called during the test:\nUnexpected error in a planted test',
  );
  expect(results[3]!.failureMessages.join('\n')).toContain(
    'console.error was called during the test:\nUnexpected error in a later planted file',
  );
  rmSync(dir, { recursive: true, force: true });
});
