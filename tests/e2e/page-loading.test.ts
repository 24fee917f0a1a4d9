// How the home page and a post page arrive on a phone: nothing on screen moves as their content
// comes in (no layout shift, however late the data or the carousel's island), the largest picture is
// not left to lazy loading, and the pages download neither the editor nor the admin screens.
import type { Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostWithImage } from '../../server/modules/post/post.service.ts';
import { openSite, type E2eSite } from './support/e2e-site.ts';
import { createCard, createPosts } from './support/site-content.ts';

let site: E2eSite;
let posts: PostWithImage[];

beforeAll(async () => {
  site = await openSite({ SITE_NAME: 'Pixel Diaries' });
  await site.page.setViewportSize({ width: 390, height: 800 });
  for (const subtitle of ['Piranesi', 'Andor, season 2', 'The Left Hand of Darkness']) {
    await createCard(site.t, { title: 'Reading', subtitle });
  }
  posts = await createPosts(site.t, 6, (i) => ({
    title: `Post ${i + 1}`,
    content: `<p>${'A paragraph long enough to wrap over a few lines on a phone. '.repeat(12)}</p>`.repeat(4),
  }));
}, 60_000);
afterAll(() => site?.close());

interface Shift {
  value: number;
  sources: string[];
}

/**
 * Opens `path` with every layout shift recorded from the first paint on, as Lighthouse counts them
 * (shifts right after a reader's input excluded), and with the page's GraphQL answers and `slowFiles`
 * held back, so the loading states certainly paint before the content replaces them.
 */
async function openRecordingShifts(page: Page, path: string, slowFiles: RegExp | null = null): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { recordedShifts: Shift[] }).recordedShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) =>
          source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node),
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await page.route('**/graphql', async (route) => {
    await delay(400);
    await route.continue();
  });
  if (slowFiles) {
    await page.route(slowFiles, async (route) => {
      await delay(1200);
      await route.continue();
    });
  }
  await page.goto(`${site.url}${path}`);
}

async function recordedShifts(page: Page): Promise<Shift[]> {
  // Shifts are reported after the frame that made them: give the last frames time to come in.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  return page.evaluate(() => (window as unknown as { recordedShifts: Shift[] }).recordedShifts);
}

async function stopHolding(page: Page) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

describe('the home page on a phone', () => {
  it('moves nothing on screen while its lists and carousel arrive, even when the carousel comes last', async () => {
    const { page } = site;
    try {
      // The server renders the lists into the page; the carousel's controls come with its island, late here.
      await openRecordingShifts(page, '/', /\/assets\/islands-[\w-]+\.js$/);
      await page.locator('.carousel[data-running]').waitFor({ timeout: 15_000 });
      await page.getByRole('heading', { level: 2, name: 'Latest' }).waitFor();
      await page.getByRole('img', { name: 'Reading: The Left Hand of Darkness' }).first().waitFor();
      expect(await recordedShifts(page)).toEqual([]);
    } finally {
      await stopHolding(page);
    }
    expect(site.problems).toEqual([]);
  });

  it('shows its lists at once from the answers written into the page, with no request for them', async () => {
    const { page } = site;
    const queries: string[] = [];
    const collect = (request: Request) => {
      if (request.url().endsWith('/graphql')) queries.push(request.postData() ?? '');
    };
    page.on('request', collect);
    try {
      await page.goto(site.url);
      await page.getByRole('heading', { level: 2, name: 'Latest' }).waitFor();
      await page.locator('.carousel[data-running]').waitFor();
    } finally {
      page.off('request', collect);
    }
    expect(queries.filter((body) => body.includes('query HomePage'))).toEqual([]);
    expect(site.problems).toEqual([]);
  });

  it("fetches the first card's picture, the largest in view, at once and first", async () => {
    const { page } = site;
    await page.goto(site.url);
    await page.locator('.carousel[data-running]').waitFor();
    // The newest card comes first.
    const first = page.getByRole('img', { name: 'Reading: The Left Hand of Darkness' });
    expect(await first.first().getAttribute('loading')).toBe('eager');
    expect(await first.first().getAttribute('fetchpriority')).toBe('high');
    expect(site.problems).toEqual([]);
  });

  it('downloads neither the editor nor the admin screens', async () => {
    const { page } = site;
    const scripts: { url: string; body: string }[] = [];
    const collect = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ url: response.url(), body: '' });
      const entry = scripts.at(-1)!;
      void response.text().then((body) => (entry.body = body));
    };
    page.on('response', collect);
    try {
      await page.goto(site.url);
      await page.locator('.carousel[data-running]').waitFor();
      await page.waitForLoadState('networkidle');
    } finally {
      page.off('response', collect);
    }
    await expect.poll(() => scripts.every((script) => script.body !== '')).toBe(true);
    expect(scripts.length).toBeGreaterThan(0);
    for (const { url, body } of scripts) {
      // Slate's rendered elements carry data-slate-* attributes: the editor's chunk has the markers.
      expect(body.includes('data-slate-'), `${url} has the editor`).toBe(false);
      // The admin screens' operations, generated from their documents.
      for (const operation of ['CreatePost', 'UpdatePost', 'CreateUpcomingCard', 'DeleteUpcomingCard']) {
        expect(body.includes(`mutation ${operation}`), `${url} has ${operation}`).toBe(false);
        expect(body.includes(`"${operation}"`), `${url} has ${operation}`).toBe(false);
      }
    }
    expect(site.problems).toEqual([]);
  });
});

describe('a post page on a phone', () => {
  it('moves nothing on screen while the post arrives', async () => {
    const { page } = site;
    const post = posts[0]!;
    try {
      await openRecordingShifts(page, `/blog/${post.slug}`);
      await page.getByRole('heading', { level: 1, name: post.title }).waitFor({ timeout: 15_000 });
      await page.getByRole('main').getByRole('img', { name: post.title }).waitFor();
      expect(await recordedShifts(page)).toEqual([]);
    } finally {
      await stopHolding(page);
    }
    expect(site.problems).toEqual([]);
  });
});
