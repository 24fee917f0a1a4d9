// 2. The REST list over random pages of the whole blog, against the node:http baseline.
import type { Scenario } from '../lib/context.ts';
import { firstPassFigures, loadFigures } from '../lib/figures.ts';
import { BASELINE_NAME, baselineLoad, restListLoad } from './shared.ts';

export const restListScenario: Scenario = {
  id: 'rest',
  title: '2 REST list, random pages',
  async run(ctx) {
    const baseline = await baselineLoad(ctx);
    const result = await restListLoad(ctx);
    return [
      ...loadFigures(
        this.title,
        result,
        { name: BASELINE_NAME, result: baseline },
        { throughputRatio: 0.5, p99Ms: 20 },
      ),
      ...firstPassFigures(this.title, result, baseline),
    ];
  },
};
