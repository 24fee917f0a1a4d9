// A Vite plugin that decides when the app's entry script is asked for. index.html names, in place of
// the entry, a loader of a few lines (assets/load-<hash>.js) that imports the entry:
//  - on a page the server rendered (it carries the server's state), once the page has loaded: the
//    reader already sees the page and its links work without any script, so the 140 KB of the app
//    do not share the first round trips with the pictures in view. Asking for the entry at low
//    priority was not enough: the browser still requested it with the HTML, and a slow connection
//    carried its bytes before the largest picture's;
//  - on any other page (forms, the admin, SERVER_RENDERING=off), at once: nothing is shown before
//    the app runs.
// The entry's chunks, stylesheets and Vite's own preloading are unchanged: only who imports it is.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { SERVER_STATE_ID } from '#kernel/server-render.ts';

const ENTRY_TAG = /<script type="module"[^>]*\bsrc="([^"]+\.js)"[^>]*><\/script>/;

function loaderCode(entry: string): string {
  const src = JSON.stringify(entry);
  return [
    `const start = () => import(${src});`,
    `if (document.getElementById(${JSON.stringify(SERVER_STATE_ID)}) && document.readyState !== 'complete')`,
    `  addEventListener('load', start, { once: true });`,
    `else start();`,
    '',
  ].join('\n');
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
        const code = loaderCode(tag[1]!);
        const fileName = `assets/load-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
        // Low: a script at the usual priority counts as holding up the first paint for Lighthouse.
        html.source = source.replace(tag[0], `<script type="module" fetchpriority="low" src="/${fileName}"></script>`);
      },
    },
  };
}
