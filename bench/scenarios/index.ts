// Every scenario, in the order bench/RESULTS.md's table lists them.
import type { Scenario } from '../lib/context.ts';
import { baselineScenario } from './baseline.ts';
import { graphqlListScenario } from './graphql-list.ts';
import { lighthouseScenario } from './lighthouse.ts';
import { memoryScenario } from './memory.ts';
import { mixedScenario } from './mixed.ts';
import { pageWeightScenario } from './page-weight.ts';
import { postPageScenario } from './post-page.ts';
import { restListScenario } from './rest-list.ts';
import { searchScenario } from './search.ts';
import { sendingScenario } from './sending.ts';
import { serverRenderScenario } from './server-render.ts';
import { startupScenario } from './startup.ts';
import { writeASecondScenario } from './write-a-second.ts';

export const SCENARIOS: readonly Scenario[] = [
  baselineScenario,
  restListScenario,
  graphqlListScenario,
  postPageScenario,
  searchScenario,
  mixedScenario,
  pageWeightScenario,
  lighthouseScenario,
  startupScenario,
  serverRenderScenario,
  writeASecondScenario,
  memoryScenario,
  sendingScenario,
];
