// axe-core (from npm) run inside the page as it is: its violations, as "rule: selector" lines.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axeViolations(page: Page): Promise<string[]> {
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
