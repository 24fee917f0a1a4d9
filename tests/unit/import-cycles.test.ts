// No import cycles in server/, client/ or the kernel, type-only imports included: ESLint's no-cycle
// skips `import type`, and a loop of types still ties modules together (one cannot be read, moved or
// tested without the others). TypeScript's own scanner lists each file's imports.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('server/generated/') && !file.startsWith('client/src/gql/'));
}

/** The project files a file imports (relative paths and #kernel/*), types included. */
function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
  const targets: string[] = [];
  for (const { fileName } of importedFiles) {
    let target: string;
    if (fileName.startsWith('#kernel/')) target = path.join('kernel', fileName.slice('#kernel/'.length));
    else if (fileName.startsWith('.')) target = path.join(path.dirname(file), fileName);
    else continue;
    const found = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find((f) => known.has(f));
    if (found) targets.push(found);
  }
  return targets;
}

/** Every strongly connected group of more than one file (Tarjan), each a cycle or several. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

describe('import cycles', () => {
  const files = ['server', 'client/src', 'kernel'].flatMap(sourceFiles);
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(file, known)]));

  it('reads the imports of every source file, type imports included', () => {
    // A check that saw no edges would pass on anything: it must see this file's known type import.
    expect(graph.get('server/context.ts')).toContain('server/services.ts');
    expect(files.length).toBeGreaterThan(100);
  });

  it('finds a planted cycle', () => {
    const planted = new Map(graph);
    planted.set('kernel/messages.ts', [...(graph.get('kernel/messages.ts') ?? []), 'kernel/post-rules.ts']);
    expect(cycles(planted).some((group) => group.includes('kernel/messages.ts'))).toBe(true);
  });

  it('has none among server/, client/ and the kernel', () => {
    expect(cycles(graph)).toEqual([]);
  });
});
