// axe-core (from npm) run inside the page as it is: its violations, as "rule: selector" lines.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axeViolations(page: Page): Promise<string[]> {
  // What is still fading or sliding in (a toast's entrance) has its colours half-way: axe would
  // measure a contrast the reader never settles on. Finite animations are let finish first (at most
  // 2 s); a toast's countdown bar and spinners run on and are left alone.
  await page.evaluate(async () => {
    const entering = document.getAnimations().filter((animation) => {
      const effect = animation.effect as KeyframeEffect | null;
      const target = effect?.target as Element | null | undefined;
      const iterations = effect?.getTiming().iterations ?? 1;
      return iterations !== Infinity && !target?.closest('.Toastify__progress-bar');
    });
    await Promise.race([
      Promise.allSettled(entering.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
  // Evaluated through the browser's debugging protocol, which the page's script policy does not govern.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      nodes: { target: string[] }[];
    }
    return (await axe.run()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  return violations;
}

/** axe's findings on the page as it is, in the light and the dark theme, each line prefixed with `label` and the theme. */
export async function axeInBothThemes(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const violation of await axeViolations(page)) found.push(`${label} ${theme}: ${violation}`);
  }
  return found;
}
