// A Vite plugin that prints, after each build, the gzipped JavaScript every page loads before it
// renders (the entry chunk and what it statically imports), what the home page adds to it (the
// carousel, which it waits for: the home page's total is to stay under 120 KB) and the editor's
// chunk, which public pages must never load. bench/ measures what real pages download; this is the
// quick look.
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
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      const gzipped = (fileName: string) => gzipSync(chunks.get(fileName)!.code).length;
      const initialBytes = [...initial].reduce((sum, fileName) => sum + gzipped(fileName), 0);
      const editor = [...chunks.values()].find((chunk) =>
        chunk.moduleIds.some((id) => id.includes('/node_modules/slate-react/')),
      );
      const carousel = [...chunks.values()].find((chunk) =>
        chunk.moduleIds.some((id) => id.endsWith('/client/src/components/carousel.tsx')),
      );
      const homeBytes = initialBytes + (carousel && !initial.has(carousel.fileName) ? gzipped(carousel.fileName) : 0);
      const editorLoadedUpFront = editor !== undefined && initial.has(editor.fileName);
      this.info(
        `JavaScript every page loads before rendering: ${kb(initialBytes)} gzipped (${initial.size} chunk(s)); ` +
          `the home page with its carousel: ${kb(homeBytes)}; ` +
          (editor
            ? `editor chunk ${kb(gzipped(editor.fileName))} gzipped, ${editorLoadedUpFront ? 'LOADED UP FRONT' : 'loaded only by the editor pages'}`
            : 'no editor chunk'),
      );
      if (editorLoadedUpFront) this.error('The rich-text editor ended up in the JavaScript every page loads');
    },
  };
}
