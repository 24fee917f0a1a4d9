// GraphiQL, the developer's window on the API, served from the project's own dependencies: Yoga's
// default page loads GraphiQL from a CDN and is blank without internet. @graphql-yoga/render-graphiql
// carries Yoga's GraphiQL build (scripts, styles, fonts, editor workers) as strings; they are served
// here as files under GRAPHIQL_ASSETS_PATH, so the page runs under a CSP without inline scripts
// (GRAPHIQL_CSP in server/http/security-headers.ts) and asks nothing of any other host.
import renderGraphiqlPackage from '@graphql-yoga/render-graphiql/package.json' with { type: 'json' };
import type { GraphiQLOptions } from 'graphql-yoga';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';

// The package's version in the path: a new version is a new URL, so browsers may keep each file forever.
export const GRAPHIQL_ASSETS_PATH = `/graphql/graphiql/${renderGraphiqlPackage.version}`;

// Runs before GraphiQL's script, which reads MonacoEnvironment as it loads: the editor's workers come
// from this server (the package's own page makes blob: URLs of them, which the CSP would have to
// allow), then GraphiQL renders with the options the page carries as JSON.
const START_SCRIPT = `'use strict';
(function () {
  var base = document.currentScript.src.replace(/[^/]*$/, '');
  var workers = { editorWorkerService: 'editor.worker.js', json: 'json.worker.js', graphql: 'graphql.worker.js' };
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: function (_moduleId, label) {
      return base + workers[label];
    },
  };
  document.addEventListener('DOMContentLoaded', function () {
    var options = JSON.parse(document.getElementById('graphiql-options').textContent);
    YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), options);
  });
})();
`;

type Asset = { type: string; body: string | Uint8Array<ArrayBuffer> };

// About 9 MB of strings: loaded at the first request for one, never on a server with GraphiQL off.
let assets: Promise<Map<string, Asset>> | undefined;
function loadAssets(): Promise<Map<string, Asset>> {
  assets ??= import('@graphql-yoga/render-graphiql/graphiql').then((graphiql) => {
    const javascript = 'text/javascript; charset=utf-8';
    return new Map<string, Asset>(
      Object.entries({
        'start.js': { type: javascript, body: START_SCRIPT },
        'graphiql.js': { type: javascript, body: graphiql.js },
        'graphiql.css': { type: 'text/css; charset=utf-8', body: graphiql.css },
        'editor.worker.js': { type: javascript, body: graphiql.editorWorkerService },
        'json.worker.js': { type: javascript, body: graphiql.jsonWorker },
        'graphql.worker.js': { type: javascript, body: graphiql.graphqlWorker },
        'favicon.ico': {
          type: 'image/x-icon',
          body: new Uint8Array(Buffer.from(graphiql.favicon.replace(/^data:[^,]*,/, ''), 'base64')),
        },
      }),
    );
  });
  return assets;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The page Yoga answers a browser at /graphql with (its renderGraphiQL option). */
export function renderGraphiqlPage(options: GraphiQLOptions): string {
  // JSON inside a script element: "<" escaped, so no value can close the element.
  const json = JSON.stringify(options).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeText(options.title ?? 'GraphiQL')}</title>
    <link rel="icon" href="${GRAPHIQL_ASSETS_PATH}/favicon.ico" />
    <link rel="stylesheet" href="${GRAPHIQL_ASSETS_PATH}/graphiql.css" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>GraphiQL needs JavaScript.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${json}</script>
    <script src="${GRAPHIQL_ASSETS_PATH}/start.js"></script>
    <script src="${GRAPHIQL_ASSETS_PATH}/graphiql.js"></script>
  </body>
</html>
`;
}

/** Serves GraphiQL's files; mounted only when introspection (and so GraphiQL) is on. */
export function mountGraphiqlAssets(hono: Hono): void {
  hono.use(`${GRAPHIQL_ASSETS_PATH}/*`, compress());
  hono.get(`${GRAPHIQL_ASSETS_PATH}/:file`, async (c) => {
    const file = (await loadAssets()).get(c.req.param('file'));
    if (!file) return c.notFound();
    return c.body(file.body, 200, {
      'Content-Type': file.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
}
