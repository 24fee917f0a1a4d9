// The empty editor's hint ('Write the post…') is readable: its contrast against the editor's
// background reaches 4.5:1 (WCAG AA for text), where Slate's own faded hint had 2.07:1.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminTests, imageFiles } from './support/accounts.ts';
import type { E2eSite } from './support/e2e-site.ts';
import { h1Text } from './support/page-checks.ts';

let site: E2eSite;
const images = imageFiles();
adminTests({ name: 'Ada', height: 900, images }, (opened) => (site = opened));
// The editor's code is the largest chunk a new browser fetches and compiles: not inside the test's time.
beforeAll(async () => {
  await site.page.goto(`${site.url}/new`);
  await site.page.waitForLoadState('networkidle');
});

describe("the editor's placeholder", () => {
  it('has a contrast of at least 4.5:1 against the editor', async () => {
    const { page } = site;
    await page.goto(`${site.url}/new`);
    await expect.poll(() => h1Text(page)).toBe('New post');
    const hint = page.locator('[data-slate-placeholder]');
    await hint.waitFor();
    expect(await hint.textContent()).toBe('Write the post…');
    const ratio = await hint.evaluate((element) => {
      // The hint's colour, faded by its own and its ancestors' opacity, over the first opaque background.
      const rgb = (value: string) => value.match(/[\d.]+/g)!.map(Number);
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        opacity *= Number(getComputedStyle(node).opacity);
      }
      let background = [255, 255, 255];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const [r, g, b, a = 1] = rgb(getComputedStyle(node).backgroundColor);
        if (a === 1) {
          background = [r!, g!, b!];
          break;
        }
      }
      const [r, g, b] = rgb(getComputedStyle(element).color);
      const shown = [r!, g!, b!].map((channel, i) => channel * opacity + background[i]! * (1 - opacity));
      const luminance = (channels: number[]) => {
        const [lr, lg, lb] = channels.map((value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
      };
      const [light, dark] = [luminance(background), luminance(shown)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(site.problems).toEqual([]);
  });
});
