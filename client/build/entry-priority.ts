// A Vite plugin that decides when the app's entry script is asked for. index.html names, in place of
// the entry, a loader of a few lines (assets/load-<hash>.js) that imports the entry:
//  - on a page the server rendered (it carries the server's state), once the page has loaded and
//    been painted: the reader already sees the page and its links work without any script, so the
//    140 KB of the app do not share the first round trips with the pictures in view. Asking for the
//    entry at low priority was not enough: the browser still requested it with the HTML, and a slow
//    connection carried its bytes before the largest picture's. The load event alone was not enough
//    either: on a post's page the preloaded reading font holds the first paint, the pictures can
//    finish before it, and the app's files then came before the text was shown (Lighthouse counts
//    every request made before a paint as one that paint waited for);
//  - on any other page (forms, the admin, SERVER_RENDERING=off), at once: nothing is shown before
//    the app runs.
//
// The entry and what it imports statically come in stages (vite.config.ts makes them: React, the
// other libraries, the app): the loader asks for all of them at once, then runs each in a task of
// its own, the ones it imports first. A browser runs a module and everything it imports in one task:
// the app's first run was one task of 50 to 75 ms of Chromium's main thread on this project's
// machine, 200 to 300 ms at the four times slower CPU Lighthouse takes a phone to have, with every
// tap waiting behind it. In stages it is three shorter ones, and the page can answer between them.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { SERVER_STATE_ID } from '#kernel/server-render.ts';

const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g;
const ENTRY_TAG = /<script type="module"[^>]*\bsrc="([^"]+\.js)"[^>]*><\/script>/;

// A page loaded in a background tab paints nothing until it is shown: its app starts this long after
// the load event all the same (timers there run at most once a second), as does a page whose
// browser reports no paint.
const HIDDEN_PAGE_WAIT_MS = 1000;

/** The loader: asks for every stage at once, then runs them one task each, in order. */
function loaderCode(stages: string[]): string {
  return [
    `const stages = ${JSON.stringify(stages)};`,
    `const start = async () => {`,
    `  for (const href of stages) {`,
    `    const link = document.createElement('link');`,
    `    link.rel = 'modulepreload';`,
    `    link.href = href;`,
    `    document.head.append(link);`,
    `  }`,
    `  for (const src of stages) {`,
    `    await import(src);`,
    `    await new Promise((resolve) => setTimeout(resolve));`,
    `  }`,
    `};`,
    // After the first contentful paint, too, as the browser reports it (Paint Timing): at once when
    // it came before the load event, as it usually does; otherwise when it is reported, or where it
    // is not, after the next frame (a timer set in a frame's callback runs after its paint). The
    // last timer is for a page hidden in the background, which paints nothing until it is shown.
    `const afterPaint = () => {`,
    `  if (performance.getEntriesByName('first-contentful-paint').length > 0) return start();`,
    `  let started = false;`,
    `  const once = () => { if (!started) { started = true; start(); } };`,
    `  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {`,
    `    new PerformanceObserver((list, observer) => {`,
    `      if (list.getEntriesByName('first-contentful-paint').length === 0) return;`,
    `      observer.disconnect();`,
    `      setTimeout(once);`,
    `    }).observe({ type: 'paint', buffered: true });`,
    `  } else requestAnimationFrame(() => setTimeout(once));`,
    `  setTimeout(once, ${HIDDEN_PAGE_WAIT_MS});`,
    `};`,
    `if (!document.getElementById(${JSON.stringify(SERVER_STATE_ID)})) start();`,
    `else if (document.readyState === 'complete') afterPaint();`,
    `else addEventListener('load', afterPaint, { once: true });`,
    '',
  ].join('\n');
}

interface ChunkImports {
  type: 'chunk';
  imports: string[];
}

/**
 * The entry's stages: the chunks it imports statically, each after those it imports, the entry last
 * (as /assets/… addresses).
 */
function stagesOf(entry: string, bundle: Record<string, { type: string }>): string[] {
  const ordered: string[] = [];
  const visit = (fileName: string) => {
    if (ordered.includes(fileName)) return;
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') for (const imported of (chunk as ChunkImports).imports) visit(imported);
    ordered.push(fileName);
  };
  visit(entry.replace(/^\//, ''));
  return ordered.map((fileName) => `/${fileName}`);
}

export function entryPriority(): Plugin {
  return {
    name: 'entry-priority',
    apply: 'build',
    generateBundle: {
      // After Vite's HTML plugin has written index.html into the bundle.
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const source = String(html.source);
        const tag = ENTRY_TAG.exec(source);
        if (!tag) this.error('index.html names no module script: the entry loader has nothing to load');
        const stages = stagesOf(tag[1]!, bundle);
        const code = loaderCode(stages);
        const fileName = `assets/load-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
        // Vite preloads the entry's static imports from the page itself; the loader asks for them
        // when it starts instead, so they do not share the first round trips with the pictures.
        const withoutPreloads = source.replace(MODULE_PRELOAD, (link, href: string) =>
          stages.includes(href) ? '' : link,
        );
        // Low: a script at the usual priority counts as holding up the first paint for Lighthouse.
        html.source = withoutPreloads.replace(
          tag[0],
          `<script type="module" fetchpriority="low" src="/${fileName}"></script>`,
        );
      },
    },
  };
}
