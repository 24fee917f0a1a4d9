// `npm run bench:suite -- <report.json>`: where the test suite's time goes, per vitest project, from
// the JSON report `.ci/run` writes (`--reporter=json --outputFile.json=<file>`). Without a file it
// runs `vitest run --reporter=json` itself, with whatever other arguments are given
// (`npm run bench:suite -- --project unit`). No timed assertion anywhere: these are figures to read.
//
// vitest's JSON report (5.x) gives each file its path (`name`) and the start and end of its tests
// (`startTime`, `endTime`: from its first test's start to its last test's end, so a file's imports
// and beforeAll hooks before its first test are not in it), but not its project. The project is read
// from the file's folder, as vitest.config.ts includes them; the database projects (pglite and,
// with TEST_DATABASE_URL, postgres) run the same files, which the report cannot tell apart, so a
// file reported twice counts under "pglite+postgres".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './config.ts';
import { binary } from './lib/server-process.ts';

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  assertionResults: unknown[];
}

interface Report {
  startTime: number;
  testResults: FileResult[];
}

const SLOWEST = 10;

/** The project of a test file, from its folder (vitest.config.ts's `include`s). */
function projectOf(file: string, seenTwice: boolean): string {
  const relative = path.relative(repoRoot, file);
  if (relative.startsWith('tests/unit/')) return 'unit';
  if (relative.startsWith('tests/e2e/')) return 'e2e';
  if (relative.startsWith('tests/integration/') || relative.startsWith('tests/process/')) {
    return seenTwice ? 'pglite+postgres' : 'pglite';
  }
  return 'other';
}

function readReport(args: string[]): Report {
  const file = args[0];
  if (file?.endsWith('.json')) {
    if (!existsSync(file)) throw new Error(`No such report: ${file}`);
    return JSON.parse(readFileSync(file, 'utf8')) as Report;
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'suite-times-'));
  const output = path.join(folder, 'report.json');
  try {
    // The suite's own output stays on the terminal; its failures do not stop the report.
    spawnSync(
      binary('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, ...args],
      {
        cwd: repoRoot,
        stdio: 'inherit',
      },
    );
    if (!existsSync(output)) throw new Error('vitest wrote no JSON report');
    return JSON.parse(readFileSync(output, 'utf8')) as Report;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function suiteTimes(report: Report): string {
  const files = report.testResults;
  const counts = new Map<string, number>();
  for (const file of files) counts.set(file.name, (counts.get(file.name) ?? 0) + 1);
  const projects = new Map<string, { start: number; end: number; sum: number; files: number; tests: number }>();
  for (const file of files) {
    const name = projectOf(file.name, counts.get(file.name)! > 1);
    const project = projects.get(name) ?? { start: Infinity, end: -Infinity, sum: 0, files: 0, tests: 0 };
    project.start = Math.min(project.start, file.startTime);
    project.end = Math.max(project.end, file.endTime);
    project.sum += file.endTime - file.startTime;
    project.files += 1;
    project.tests += file.assertionResults.length;
    projects.set(name, project);
  }
  const end = Math.max(...files.map((file) => file.endTime));
  const rows = [...projects]
    .sort((a, b) => b[1].sum - a[1].sum)
    .map(
      ([name, p]) =>
        `| ${name} | ${p.files} | ${p.tests} | ${seconds(p.end - p.start)} | ${seconds(p.sum)} | ` +
        `${seconds(p.start - report.startTime)} to ${seconds(p.end - report.startTime)} |`,
    );
  const slowest = [...files]
    .sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime))
    .slice(0, SLOWEST)
    .map(
      (file) =>
        `| ${path.relative(repoRoot, file.name)} | ${projectOf(file.name, counts.get(file.name)! > 1)} | ` +
        `${file.assertionResults.length} | ${seconds(file.endTime - file.startTime)} |`,
    );
  return [
    `Test suite: ${files.length} files, ${seconds(end - report.startTime)} from the run's start to its last test's end`,
    '',
    '| Project | Files | Tests | Wall time (first start to last end) | Sum of file times | From the run start |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Slowest ${SLOWEST} files (a file's time: its first test's start to its last test's end; its imports and ` +
      `beforeAll hooks before that are not in vitest's report):`,
    '',
    '| File | Project | Tests | Time |',
    '|---|---|---|---|',
    ...slowest,
  ].join('\n');
}

try {
  console.log(suiteTimes(readReport(process.argv.slice(2))));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
