// A Vite plugin doing what the client preset's Babel plugin does (the-guild.dev/graphql/codegen/
// plugins/presets/preset-client#reducing-bundle-size), one step further: each graphql(`...`) call in
// the client becomes an import of that one document. The graphql() function looks every document up
// in one map, so through it each page would download every document of the app, the admin screens'
// included. Importing them from client/src/gql/graphql.ts by name is not enough either: a module is
// never split between chunks, so every document some screen uses would sit in one shared chunk. So
// each document is served as a module of its own (virtual:graphql-document/<name>), its syntax tree
// copied from graphql.ts, and lands in the chunk of the screen that uses it.
//
// It also writes graphql-operations.json into the build: every query by name, as Apollo Client sends
// it (with __typename), so the server can answer a page's first queries inside the page itself
// (server/modules/pages/initial-results.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { type DocumentNode, print } from 'graphql';
import type { Plugin } from 'vite';
import { OPERATIONS_FILE } from '#kernel/server-render.ts';

const DOCUMENTS_MODULE = path.resolve(import.meta.dirname, '../src/gql/graphql.ts');
const CLIENT_SOURCES = path.resolve(import.meta.dirname, '../src');
const GENERATED = path.dirname(DOCUMENTS_MODULE);

const GRAPHQL_CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
const VIRTUAL_PREFIX = 'virtual:graphql-document/';
// The client preset writes each document on one line: export const XDocument = {...} as unknown as DocumentNode<...>;
const GENERATED_DOCUMENT = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode</gm;
const FIRST_DEFINITION = /^\s*(query|mutation|subscription|fragment)\s+([A-Za-z_]\w*)/;

/** The name the client preset exports a document under: HomePageDocument, PostCard_PostFragmentDoc. */
export function documentExportName(source: string): string | null {
  const match = FIRST_DEFINITION.exec(source.replace(/^\s*#.*$/gm, ''));
  if (!match) return null;
  const [, kind, name] = match;
  return kind === 'fragment' ? `${name}FragmentDoc` : `${name}Document`;
}

export function graphqlDocuments(): Plugin {
  let generated: Map<string, string> | undefined;
  const documents = () =>
    (generated ??= new Map(
      [...readFileSync(DOCUMENTS_MODULE, 'utf8').matchAll(GENERATED_DOCUMENT)].map((match) => [match[1]!, match[2]!]),
    ));
  return {
    name: 'graphql-documents',
    // The dev server keeps graphql()'s map: it reloads as codegen rewrites the documents.
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      generated = undefined;
      this.addWatchFile(DOCUMENTS_MODULE);
    },
    watchChange(id) {
      if (id === DOCUMENTS_MODULE) generated = undefined;
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return null;
      const document = documents().get(id.slice(VIRTUAL_PREFIX.length + 1));
      return document === undefined ? null : `export default ${document};`;
    },
    generateBundle() {
      const operations: Record<string, string> = {};
      for (const json of documents().values()) {
        const document = JSON.parse(json) as DocumentNode;
        const [definition] = document.definitions;
        if (definition?.kind !== 'OperationDefinition' || definition.operation !== 'query' || !definition.name)
          continue;
        operations[definition.name.value] = print(addTypenameToDocument(document));
      }
      this.emitFile({ type: 'asset', fileName: OPERATIONS_FILE, source: `${JSON.stringify(operations, null, 2)}\n` });
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/\.tsx?$/.test(file) || !file.startsWith(CLIENT_SOURCES) || file.startsWith(GENERATED)) return null;
      if (!code.includes('graphql(')) return null;
      const imports = new Set<string>();
      const transformed = code.replace(GRAPHQL_CALL, (call, source: string) => {
        const name = documentExportName(source);
        if (!name || !documents().has(name)) {
          this.warn(`${path.relative(CLIENT_SOURCES, file)}: no generated document for ${call.slice(0, 60)}…`);
          return call;
        }
        imports.add(name);
        return `__document_${name}`;
      });
      if (imports.size === 0) return null;
      const header = [...imports]
        .map((name) => `import __document_${name} from ${JSON.stringify(VIRTUAL_PREFIX + name)};`)
        .join('\n');
      // One line, so the source map of every other line stays as it was.
      return { code: `${header.replace(/\n/g, ' ')}${transformed}`, map: null };
    },
  };
}
