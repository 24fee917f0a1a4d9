// Where the test suite's time goes, per vitest project: a reporter that prints, at the end of a run,
// each project's files and tests, its wall time (its first file's start to its last file's end:
// projects overlap, since the workers take files of any of them) and the sum of its files' own times
// (import, setup, hooks and tests), then the slowest files. `.ci/run` adds it to its test commands;
// `npm run bench:suite` runs the suite with it (any vitest argument after `--`, such as
// `--project unit`). Figures to read, never a timed assertion (bench/README.md, "The suite's time").
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST = 10;

interface FileTime {
  project: string;
  file: string;
  tests: number;
  startedAt: number;
  endedAt: number;
  /** The file's own time in its worker, ms: its imports, setup files, hooks and tests. */
  ownMs: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SuiteTimeReporter implements Reporter {
  private runStartedAt = Date.now();
  private readonly started = new Map<string, number>();
  private readonly files: FileTime[] = [];

  onTestRunStart(): void {
    this.runStartedAt = Date.now();
  }

  onTestModuleStart(testModule: TestModule): void {
    this.started.set(`${testModule.project.name} ${testModule.moduleId}`, Date.now());
  }

  onTestModuleEnd(testModule: TestModule): void {
    const key = `${testModule.project.name} ${testModule.moduleId}`;
    const diagnostic = testModule.diagnostic();
    this.files.push({
      project: testModule.project.name,
      file: testModule.relativeModuleId,
      tests: [...testModule.children.allTests()].length,
      startedAt: this.started.get(key) ?? Date.now(),
      endedAt: Date.now(),
      ownMs: diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration,
    });
  }

  onTestRunEnd(): void {
    if (this.files.length === 0) return;
    const lines = [`\nThe suite's time: ${seconds(Date.now() - this.runStartedAt)} of wall time in all`];
    const projects = [...new Set(this.files.map((file) => file.project))].sort();
    lines.push("  project        files  tests   wall time   files' own time");
    for (const project of projects) {
      const files = this.files.filter((file) => file.project === project);
      const wall = Math.max(...files.map((f) => f.endedAt)) - Math.min(...files.map((f) => f.startedAt));
      const own = files.reduce((sum, file) => sum + file.ownMs, 0);
      const tests = files.reduce((sum, file) => sum + file.tests, 0);
      lines.push(
        `  ${project.padEnd(13)} ${String(files.length).padStart(6)} ${String(tests).padStart(6)} ` +
          `${seconds(wall).padStart(11)} ${seconds(own).padStart(17)}`,
      );
    }
    lines.push(`  The ${SLOWEST} slowest files (their own time):`);
    for (const file of [...this.files].sort((a, b) => b.ownMs - a.ownMs).slice(0, SLOWEST)) {
      lines.push(`  ${seconds(file.ownMs).padStart(9)}  ${file.project.padEnd(8)} ${file.file}`);
    }
    console.log(lines.join('\n'));
  }
}
