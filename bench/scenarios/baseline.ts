// 1. The practical limit of Node on this machine: node:http answering the first blog page's JSON
// from memory. Every throughput of the run is read against it.
import type { Scenario } from '../lib/context.ts';
import { loadFigures } from '../lib/figures.ts';
import { baselineLoad } from './shared.ts';

export const baselineScenario: Scenario = {
  id: 'baseline',
  title: '1 Baseline (node:http, same bytes)',
  async run(ctx) {
    return loadFigures(this.title, await baselineLoad(ctx), undefined);
  },
};
