// A Vite plugin that prints, after each build, the gzipped JavaScript each kind of public page
// loads before it is interactive: the entry chunk and what it statically imports, plus the chunks
// the page's screen loads before it is hydrated (its lazy screen, the home page's carousel, the
// post page's sanitizer: client/src/app/first-render.ts) and what they import. It also names the
// editor's chunk, which public pages must never load (the build fails if the entry takes it in).
// bench/ measures what real pages download (npm run bench:weight); this is the quick look.
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

/** Each public page kind, and the source modules of the chunks it loads before hydrating. */
const PAGES: [string, string[]][] = [
  ['home', ['/client/src/components/carousel.tsx']],
  ['post', ['/client/src/lib/sanitize.ts']],
  ['blog list', ['/client/src/features/posts/blog-list-page.tsx']],
  ['category list', ['/client/src/features/posts/category-list-page.tsx']],
  ['about', ['/client/src/features/static-pages/about-page.tsx']],
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function reportWeight(): Plugin {
  return {
    name: 'report-weight',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((item): item is typeof item & ChunkLike => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk as unknown as ChunkLike]),
      );
      /** The chunks loaded with these: each one and what it imports statically. */
      const closure = (fileNames: string[]) => {
        const loaded = new Set<string>();
        const visit = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        };
        fileNames.forEach(visit);
        return loaded;
      };
      const gzipped = (fileNames: Set<string>) =>
        [...fileNames].reduce((sum, fileName) => sum + gzipSync(chunks.get(fileName)!.code).length, 0);
      const chunkOf = (moduleSuffix: string) =>
        [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => id.endsWith(moduleSuffix)));

      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const initial = closure(entries);
      const perPage = PAGES.map(([page, modules]) => {
        const own = modules.map(chunkOf).flatMap((chunk) => (chunk ? [chunk.fileName] : []));
        return `${page} ${kb(gzipped(closure([...entries, ...own])))}`;
      });
      const editor = chunkOf('/node_modules/slate-react/dist/index.es.js') ?? chunkOf('/slate-react/dist/index.js');
      const editorLoadedUpFront = editor !== undefined && initial.has(editor.fileName);
      this.info(
        `JavaScript a page loads before it is interactive (gzipped): every page ${kb(gzipped(initial))}; ` +
          `${perPage.join(', ')}; ` +
          (editor
            ? `editor chunk ${kb(gzipped(new Set([editor.fileName])))}, ${editorLoadedUpFront ? 'LOADED UP FRONT' : 'loaded only by the editor pages'}`
            : 'no editor chunk'),
      );
      if (editorLoadedUpFront) this.error('The rich-text editor ended up in the JavaScript every page loads');
    },
  };
}
