// The build step that puts a small loader in place of the app's entry in index.html: it must ask for
// the app's files only when it starts (not from the page, where they would share the first round
// trips with the pictures in view), and run them in the order they import each other.
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { entryPriority } from '../../client/build/entry-priority.ts';

const INDEX = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-App.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-Rt.js">
    <link rel="modulepreload" crossorigin href="/assets/react-Re.js">
    <link rel="modulepreload" crossorigin href="/assets/libs-Li.js">
    <link rel="stylesheet" crossorigin href="/assets/index-St.css">
  </head><body><div id="root"></div></body></html>`;

interface Emitted {
  fileName: string;
  source: string;
}

function build(): { html: string; loader: Emitted } {
  const chunk = (imports: string[]) => ({ type: 'chunk', imports });
  const bundle: Record<string, unknown> = {
    'index.html': { type: 'asset', source: INDEX },
    'assets/index-App.js': chunk(['assets/libs-Li.js', 'assets/react-Re.js', 'assets/rolldown-runtime-Rt.js']),
    'assets/libs-Li.js': chunk(['assets/react-Re.js', 'assets/rolldown-runtime-Rt.js']),
    'assets/react-Re.js': chunk(['assets/rolldown-runtime-Rt.js']),
    'assets/rolldown-runtime-Rt.js': chunk([]),
  };
  const emitted: Emitted[] = [];
  const context = {
    emitFile: (file: Emitted) => emitted.push(file),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const hook = entryPriority().generateBundle as Extract<Plugin['generateBundle'], { handler: unknown }>;
  (hook.handler as (...args: unknown[]) => void).call(context, {}, bundle);
  return { html: String((bundle['index.html'] as { source: string }).source), loader: emitted[0]! };
}

describe('the entry loader', () => {
  it("names only the loader in the page, with none of the app's files preloaded; other links stay", () => {
    const { html, loader } = build();
    expect(loader.fileName).toMatch(/^assets\/load-[\w-]{8}\.js$/);
    expect(html).toContain(`<script type="module" fetchpriority="low" src="/${loader.fileName}"></script>`);
    expect(html).not.toContain('index-App.js');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-St.css">');
  });

  it('runs the stages each after those it imports, the entry last', () => {
    const { loader } = build();
    const stages = JSON.parse(/const stages = (\[.*\]);/.exec(loader.source)![1]!) as string[];
    expect(stages).toEqual([
      '/assets/rolldown-runtime-Rt.js',
      '/assets/react-Re.js',
      '/assets/libs-Li.js',
      '/assets/index-App.js',
    ]);
  });
});
