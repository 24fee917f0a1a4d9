// 7. What a first visit downloads: the JavaScript and CSS that Chromium loads for the home page and
// for a post page (lazy chunks included, until the network is idle), each page in a fresh browser
// context, gzipped here at zlib's default level whatever the server sent. And the editor's chunk
// (the one with Slate in it): its size, and proof that neither page loads it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { repoRoot } from '../config.ts';
import { CHROMIUM_FLAGS, findChromium } from '../lib/chromium.ts';
import type { Scenario } from '../lib/context.ts';
import { withApp } from '../lib/context.ts';
import { below, type Figure } from '../lib/figures.ts';

const ASSETS = path.join(repoRoot, 'dist/client/assets');
const KB = 1024;

interface Loaded {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  gzipped: number;
  /** The Content-Encoding the server sent, if any. */
  encoding: string | undefined;
}

async function loadedAssets(browser: Browser, url: string): Promise<Loaded[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses: Array<Promise<Loaded | undefined>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      responses.push(
        response.body().then((body) => ({
          file: new URL(response.url()).pathname,
          kind: type === 'script' ? 'js' : 'css',
          raw: body.byteLength,
          gzipped: gzipSync(body).byteLength,
          encoding: response.headers()['content-encoding'],
        })),
      );
    });
    const answer = await page.goto(url, { waitUntil: 'networkidle' });
    if (!answer?.ok()) throw new Error(`${url} answered ${answer?.status()}`);
    return (await Promise.all(responses)).filter((loaded): loaded is Loaded => loaded !== undefined);
  } finally {
    await context.close();
  }
}

/** Built chunks with Slate in them: Slate marks the editor's DOM with data-slate-* attributes. */
async function editorChunks(): Promise<Array<{ file: string; gzipped: number }>> {
  const chunks: Array<{ file: string; gzipped: number }> = [];
  for (const name of await readdir(ASSETS)) {
    if (!name.endsWith('.js')) continue;
    const bytes = await readFile(path.join(ASSETS, name));
    if (bytes.includes('data-slate')) chunks.push({ file: `/assets/${name}`, gzipped: gzipSync(bytes).byteLength });
  }
  return chunks;
}

function sum(loaded: readonly Loaded[], kind: Loaded['kind'], field: 'raw' | 'gzipped'): number {
  return loaded.filter((item) => item.kind === kind).reduce((total, item) => total + item[field], 0);
}

export const pageWeightScenario: Scenario = {
  id: 'weight',
  title: '7 Page weight (gzipped)',
  async run(ctx) {
    const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_FLAGS });
    try {
      return await withApp(ctx, ctx.config.posts, async (app) => {
        const pages = {
          home: await loadedAssets(browser, `${app.url}/`),
          post: await loadedAssets(browser, `${app.url}/blog/${app.dataSet.info.demoPostSlugs[0]}`),
        };
        const editor = await editorChunks();
        const figures: Figure[] = [];
        for (const [name, loaded] of Object.entries(pages)) {
          const encodings = [...new Set(loaded.map((item) => item.encoding ?? 'none'))].join(', ');
          for (const kind of ['js', 'css'] as const) {
            const files = loaded.filter((item) => item.kind === kind);
            figures.push({
              scenario: `${this.title}: ${name} page`,
              name: kind === 'js' ? 'JavaScript' : 'CSS',
              value: sum(loaded, kind, 'gzipped') / KB,
              unit: 'KB',
              ...(name === 'home' && kind === 'js'
                ? { target: below(120, 'KB')(sum(loaded, kind, 'gzipped') / KB) }
                : {}),
              note:
                `${(sum(loaded, kind, 'raw') / KB).toFixed(1)} KB raw, served with Content-Encoding: ${encodings}; ` +
                [...files]
                  .sort((a, b) => b.gzipped - a.gzipped)
                  .map((item) => `${path.basename(item.file)} ${(item.gzipped / KB).toFixed(1)} KB`)
                  .join(', '),
            });
          }
        }
        const loadedFiles = new Set(Object.values(pages).flatMap((loaded) => loaded.map((item) => item.file)));
        const leaked = editor.filter((chunk) => loadedFiles.has(chunk.file));
        figures.push({
          scenario: this.title,
          name: 'editor chunk(s)',
          value: editor.reduce((total, chunk) => total + chunk.gzipped, 0) / KB,
          unit: 'KB',
          target: { text: 'loaded by neither page', ok: leaked.length === 0 },
          note:
            editor.length === 0
              ? 'no built chunk contains Slate yet (the editor is not in the client)'
              : `${editor.map((chunk) => path.basename(chunk.file)).join(', ')}` +
                (leaked.length > 0 ? `; LOADED: ${leaked.map((chunk) => chunk.file).join(', ')}` : ''),
        });
        return figures;
      });
    } finally {
      await browser.close();
    }
  },
};
