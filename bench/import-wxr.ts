// `npm run bench:import [-- --posts 10000]` (issue 39): writes a WordPress export of that many posts
// (classic HTML of some 600 words each, with headings, lists, a quote, three categories and tags),
// imports it with `npm run import:site` into an empty embedded database, and reports the time and the
// import's peak memory (GNU time's maximum resident set) against the targets: under 5 minutes and
// under 500 MiB for 10 000 posts. Run it on a quiet machine: two cores shared with other work give
// other figures. Nothing here is asserted by the test suite (COMMON: speed is measured in bench/).
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_SECONDS = 5 * 60;
// The node flags `npm run import:site` runs the import with (package.json), for the floor's script.
const IMPORT_NODE_FLAGS = (() => {
  const script: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['import:site'];
  const words = script.split(/\s+/);
  return words.slice(words.indexOf('node') + 1, words.indexOf('scripts/import-site.ts'));
})();
const TARGET_MIB = 500;

const WORDS =
  'the quick game review anime season book chapter level boss story character world quest episode studio author plot ending music art pacing'.split(
    ' ',
  );

function sentence(seed: number, length: number): string {
  const words = Array.from({ length }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  return `${words[0]!.charAt(0).toUpperCase()}${words.join(' ').slice(1)}.`;
}

function paragraph(seed: number): string {
  return Array.from({ length: 6 }, (_, i) => sentence(seed + i, 12)).join(' ');
}

async function writeExport(file: string, posts: number): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>Bench blog</title>
<link>https://bench.example</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_blog_url>https://bench.example</wp:base_blog_url>
<wp:category><wp:term_id>1</wp:term_id><wp:category_nicename>games</wp:category_nicename><wp:cat_name><![CDATA[Games]]></wp:cat_name></wp:category>
<wp:category><wp:term_id>2</wp:term_id><wp:category_nicename>reviews</wp:category_nicename><wp:cat_name><![CDATA[Reviews]]></wp:cat_name></wp:category>
`);
  const start = Date.UTC(2015, 0, 1);
  for (let i = 1; i <= posts; i++) {
    const date = new Date(start + i * 6 * 3600 * 1000).toISOString().replace('T', ' ').slice(0, 19);
    const [day] = date.split(' ');
    const content = [
      paragraph(i),
      `<h2>${sentence(i, 4)}</h2>`,
      paragraph(i + 1),
      `<ul>\n<li>${sentence(i, 5)}</li>\n<li>${sentence(i + 2, 5)}</li>\n</ul>`,
      paragraph(i + 2),
      `<blockquote>${sentence(i + 3, 14)}</blockquote>`,
      paragraph(i + 3),
      paragraph(i + 4),
      paragraph(i + 5),
    ].join('\n\n');
    await write(`<item>
<title><![CDATA[Post number ${i}]]></title>
<link>https://bench.example/${day!.replaceAll('-', '/')}/post-${i}/</link>
<content:encoded><![CDATA[${content}]]></content:encoded>
<excerpt:encoded><![CDATA[${sentence(i, 10)}]]></excerpt:encoded>
<wp:post_id>${i}</wp:post_id>
<wp:post_date_gmt>${date}</wp:post_date_gmt>
<wp:post_name>post-${i}</wp:post_name>
<wp:status>publish</wp:status>
<wp:post_type>post</wp:post_type>
<wp:post_password></wp:post_password>
<category domain="category" nicename="games"><![CDATA[Games]]></category>
<category domain="category" nicename="reviews"><![CDATA[Reviews]]></category>
<category domain="post_tag" nicename="tag-${i % 50}"><![CDATA[Tag ${i % 50}]]></category>
<category domain="post_tag" nicename="series-${i % 7}"><![CDATA[Series ${i % 7}]]></category>
<wp:comment><wp:comment_id>${i}</wp:comment_id></wp:comment>
</item>
`);
  }
  await write('</channel>\n</rss>\n');
  out.end();
  await once(out, 'finish');
}

async function main(): Promise<number> {
  const at = process.argv.indexOf('--posts');
  const posts = at > 0 ? Number(process.argv[at + 1]) : 10_000;
  if (!Number.isInteger(posts) || posts < 1) {
    console.error('Usage: npm run bench:import [-- --posts 10000]');
    return 2;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  try {
    const file = path.join(dir, 'export.xml');
    await writeExport(file, posts);
    console.log(`Wrote ${posts} posts: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB of WXR.`);
    const options = {
      cwd: root,
      env: { ...process.env, DATA_DIR: path.join(dir, 'data'), INIT_CWD: root },
      encoding: 'utf8' as const,
      maxBuffer: 64 * 1024 * 1024,
    };
    // The empty site is made first and not measured: creating a database is not the import's work.
    // Then the same database opened by a script that does nothing else (migrations up to date): the
    // floor under the import's figure.
    const made = spawnSync(process.execPath, [...IMPORT_NODE_FLAGS, 'scripts/migrate.ts'], options);
    const floor = spawnSync(
      '/usr/bin/time',
      ['-f', 'BENCH %e %M', process.execPath, ...IMPORT_NODE_FLAGS, 'scripts/migrate.ts'],
      options,
    );
    const floorFigures = /BENCH ([\d.]+) (\d+)/.exec(floor.stderr);
    if (made.status !== 0 || !floorFigures) {
      console.error(made.stderr.slice(-2000), floor.stderr.slice(-2000));
      return 1;
    }
    // The command as its users run it; GNU time gives the largest resident set among npm and its
    // children, which is the import's.
    const run = spawnSync(
      '/usr/bin/time',
      ['-f', 'BENCH %e %M', 'npm', 'run', '--silent', 'import:site', '--', file],
      options,
    );
    const figures = /BENCH ([\d.]+) (\d+)/.exec(run.stderr);
    if (run.status !== 0 || !figures) {
      console.error(run.stdout.slice(-2000), run.stderr.slice(-2000));
      return 1;
    }
    console.log(run.stdout.split('\n').find((line) => line.startsWith('Imported')) ?? '');
    const seconds = Number(figures[1]);
    const mib = Number(figures[2]) / 1024;
    console.log(
      `Time: ${seconds.toFixed(0)} s (target < ${TARGET_SECONDS} s) ${seconds < TARGET_SECONDS ? 'met' : 'MISSED'}`,
    );
    const floorMib = Number(floorFigures[2]) / 1024;
    console.log(
      `Peak memory: ${mib.toFixed(0)} MiB (target < ${TARGET_MIB} MiB) ${mib < TARGET_MIB ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  of which opening the database (a script that opens it and does nothing): ${floorMib.toFixed(0)} MiB, the import's own: ${(mib - floorMib).toFixed(0)} MiB`,
    );
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exit(await main());
