// A Vite plugin that writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the
// client build, at the highest levels, once per build: the server sends the copy the browser accepts
// (server/modules/pages/client-files.ts) and never compresses an asset while a reader waits.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a browser downloads as text. Source maps are left out: only developer tools read them. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Under this, the copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After Vite has written everything, public files included.
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        // Not what sits in a dot-folder (the server's own files): it is never sent to a browser.
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .filter(
          (entry) =>
            !path
              .relative(outDir, entry.parentPath)
              .split(path.sep)
              .some((part) => part.startsWith('.')),
        )
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
