// The baseline: a bare node:http server answering bytes it holds in memory, the most any Node
// server on this machine can do. Started as its own process, like the app, so both compete with the
// load generator for the same cores.
//   BASELINE_BODY_FILE  the JSON answered to every request (the app's first blog page)
//   PORT                where to listen, on 127.0.0.1
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// A page Lighthouse can score: the floor this machine's noise leaves under a perfect page.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline page</title>
<link rel="icon" href="data:,">
<meta name="description" content="A static page served from memory, as a baseline for Lighthouse."></head>
<body><main><h1>Baseline page</h1><p>Nothing to load but this text.</p></main></body></html>`;

const bodyFile = process.env.BASELINE_BODY_FILE;
const json = bodyFile ? readFileSync(bodyFile) : Buffer.from('{}');
const page = Buffer.from(PAGE);
const jsonHeaders = { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': json.byteLength };
const pageHeaders = { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Length': page.byteLength };

// Lighthouse's SEO audit reads /robots.txt: a valid one keeps the baseline page's score clean.
const robots = Buffer.from('User-agent: *\nAllow: /\n');

createServer((request, response) => {
  if (request.url === '/page') response.writeHead(200, pageHeaders).end(page);
  else if (request.url === '/robots.txt') response.writeHead(200, { 'Content-Type': 'text/plain' }).end(robots);
  else if (request.url === '/' || request.url?.startsWith('/api/')) response.writeHead(200, jsonHeaders).end(json);
  else response.writeHead(404).end();
}).listen(Number(process.env.PORT), '127.0.0.1');

process.on('SIGTERM', () => process.exit(0));
