// 12. The small server's memory (issue 37): the production server on the run's data set (10 000
// posts by default) with the default budgets, its resident memory 3 s after it answers its first
// health check, after warm reads (every distinct cached read once, then the run's load), and after
// reads while an author creates one post a second. Targets: at most 250 MiB at start, 400 MiB
// after. Each figure's note says where the memory goes (the admin's serverMemory query), and the
// later ones are read against the one at start, measured on the same server minutes earlier.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Scenario } from '../lib/context.ts';
import { measure, withApp } from '../lib/context.ts';
import { below, type Figure } from '../lib/figures.ts';
import type { ResidentMemory } from '../lib/server-process.ts';
import { everyCachedRead } from '../lib/requests.ts';
import { signIn, uploadJpeg } from './mixed.ts';
import { authorWriting, cachedReadMix, memoryNote, memoryOf, mib, type MemoryReport } from './write-a-second.ts';

/** How long after its first answer the server's memory is first read: what it settles at. */
const SETTLE_MS = 3000;

export const memoryScenario: Scenario = {
  id: 'memory',
  title: '12 The server’s memory at start, after reads and with an author writing',
  async run(ctx) {
    const jpeg = await uploadJpeg();
    return withApp(ctx, ctx.config.posts, async (app) => {
      await sleep(SETTLE_MS);
      const cookie = await signIn(app.url);
      const atStart = await memoryOf(app.url, cookie);
      const systemAtStart = app.residentMemory();
      const { reads, nextRead } = await cachedReadMix(ctx, app, 12);
      const warm = await measure(ctx, { url: app.url, next: nextRead, firstPass: everyCachedRead(reads) });
      const afterReads = await memoryOf(app.url, cookie);
      const systemAfterReads = app.residentMemory();
      const author = authorWriting(app.url, cookie, jpeg);
      const underWrites = await measure(ctx, { url: app.url, next: nextRead }).finally(author.stop);
      const { written, failures } = await author.done;
      const afterWrites = await memoryOf(app.url, cookie);
      const systemAfterWrites = app.residentMemory();
      if (failures.length > 0) ctx.fail(`${this.title}: ${failures.length} write(s) failed: ${failures[0]}`);

      const figure = (
        name: string,
        report: MemoryReport,
        system: ResidentMemory | undefined,
        limit: number,
        extra: string,
      ): Figure => ({
        scenario: this.title,
        name: `resident memory, ${name}`,
        value: mib(report.residentBytes),
        unit: 'MiB',
        ...(report === atStart ? {} : { baseline: { name: 'at start', value: mib(atStart.residentBytes) } }),
        target: below(limit, 'MiB')(mib(report.residentBytes)),
        note: `${extra}${systemNote(system)}${memoryNote(report)}`,
      });
      return [
        figure('3 s after start', atStart, systemAtStart, 250, ''),
        figure('after warm reads', afterReads, systemAfterReads, 400, `${Math.round(warm.perSecond)} req/s; `),
        figure(
          'after reads with one write a second',
          afterWrites,
          systemAfterWrites,
          400,
          `${Math.round(underWrites.perSecond)} req/s, ${written} posts written; `,
        ),
      ];
    });
  },
};

/** What the system counts (/proc/<pid>/status): the peak so far, allocated memory and mapped files. */
function systemNote(system: ResidentMemory | undefined): string {
  if (!system) return '';
  return `peak ${mib(system.peak).toFixed(0)} MiB, of the resident ${mib(system.anonymous).toFixed(0)} MiB allocated and ${mib(system.files).toFixed(0)} MiB files; `;
}
