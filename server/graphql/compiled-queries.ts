// Queries run as compiled JavaScript (graphql-jit) instead of being interpreted field by field: the
// same resolvers, the same result, in about three quarters of the time. A list page made again after
// a write is a full execution of the client's query, and the author's own queries are never stored,
// so this is time every such answer saves (bench scenario 11's CPU profile;
// docs/decisions/038-compiled-queries.md).
//
// graphql-js still runs:
// - what graphql-jit would answer in words of its own: mutations (rare, and where an input's error
//   message is what the author reads), and a query whose variables do not fit their types
//   (graphql-js's message, with its hints that hide-suggestions.ts removes, and its HTTP 400 are
//   what the API promises);
// - a document's first run. Compiling one costs about a millisecond, several of its runs: the
//   client's few documents are compiled on their second request, and a stream of one-off queries,
//   which anyone may send, never pays it.
import { useGraphQlJit } from '@envelop/graphql-jit';
import { type DocumentNode, getOperationAST, getVariableValues, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';

// Per parsed document, which Yoga's parser cache shares between requests of the same text.
const seen = new WeakSet<DocumentNode>();

function seenBefore(document: DocumentNode): boolean {
  if (seen.has(document)) return true;
  seen.add(document);
  return false;
}

export function compiledQueries(): Plugin {
  return useGraphQlJit(
    {},
    {
      enableIf({ schema, document, operationName, variableValues }) {
        const operation = getOperationAST(document, operationName);
        if (operation?.operation !== 'query') return false;
        const definitions = operation.variableDefinitions ?? [];
        const fitting =
          definitions.length === 0 ||
          getVariableValues(schema as GraphQLSchema, definitions, variableValues ?? {}, { maxErrors: 1 }).errors ===
            undefined;
        return fitting && seenBefore(document);
      },
    },
  ) as Plugin;
}
