// Queries run as compiled JavaScript (graphql-jit) instead of being interpreted field by field: the
// same resolvers, the same result, in about three quarters of the time. A list page made again after
// a write is a full execution of the client's query, and the author's own queries are never stored,
// so this is time every such answer saves (bench scenario 11's CPU profile;
// docs/decisions/038-compiled-queries.md).
//
// graphql-js still runs what graphql-jit would answer in words of its own:
// - mutations (rare, and where an input's error message is what the author reads);
// - a query whose variables do not fit their types: graphql-js's message (with its hints, which
//   hide-suggestions.ts then removes) and its HTTP 400 are what the API promises.
import { useGraphQlJit } from '@envelop/graphql-jit';
import { getOperationAST, getVariableValues, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export function compiledQueries(): Plugin {
  return useGraphQlJit(
    {},
    {
      enableIf({ schema, document, operationName, variableValues }) {
        const operation = getOperationAST(document, operationName);
        if (operation?.operation !== 'query') return false;
        const definitions = operation.variableDefinitions ?? [];
        if (definitions.length === 0) return true;
        const coerced = getVariableValues(schema as GraphQLSchema, definitions, variableValues ?? {}, {
          maxErrors: 1,
        });
        return coerced.errors === undefined;
      },
    },
  ) as Plugin;
}
