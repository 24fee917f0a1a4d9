// Refuses an operation whose price is over the limit, before any resolver runs. Fields carry their
// prices in the schema (Pothos' complexity plugin: a list multiplies what is selected in it by how
// many rows it holds, a search adds the price of its query; docs/decisions/018-graphql-prices.md).
// The price depends on the variables (`posts(search: $q)` searches only when $q has words), so it
// is computed for each request, here, and not by a validation rule, whose results Yoga caches by
// document text alone.
import { createComplexityRule } from '@pothos/plugin-complexity';
import { GraphQLError, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isJsonContainer } from './json-values.ts';

export interface PricedOperation {
  schema: GraphQLSchema;
  document: DocumentNode;
  variableValues?: Record<string, unknown> | null;
  operationName?: string | null;
  contextValue: object;
}

/**
 * The price of the operation a request runs (of the dearest one when it names none), or undefined
 * when its variables do not coerce: execution then reports them as it always does.
 */
export function operationCost({
  schema,
  document,
  variableValues,
  operationName,
  contextValue,
}: PricedOperation): number | undefined {
  let cost: number | undefined;
  const rule = createComplexityRule({
    context: contextValue,
    variableValues: variableValues ?? {},
    operationName,
    onResult: ({ complexity }) => {
      cost = Math.max(cost ?? 0, complexity);
    },
  });
  validate(schema, document, [rule]);
  return cost;
}

export function tooCostly(cost: number, maxCost: number): GraphQLError {
  return new GraphQLError(
    `The query costs ${cost}, more than the limit of ${maxCost}: ask for fewer lists or searches at once`,
    { extensions: { code: 'QUERY_TOO_COSTLY', cost, maxCost, http: { status: 400 } } },
  );
}

// The price of a document with the same variables is the same (the fields' prices read their
// arguments, never the context), so the prices of recent requests are kept: the blog list's query is
// then not walked again for each of its pages. Documents are told apart by the parsed object, which
// Yoga's parser cache shares between requests of the same text.
const KEPT_PRICES = 10_000;
const MAX_KEPT_VARIABLES_LENGTH = 1024;
const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 0;
const prices = new Map<string, number | undefined>();

function cachedOperationCost(operation: PricedOperation): number | undefined {
  let id = documentIds.get(operation.document);
  if (id === undefined) documentIds.set(operation.document, (id = nextDocumentId++));
  // An upload's File is not written out (json-values.ts): its request is priced, never kept.
  let upload = false;
  const variables = JSON.stringify(operation.variableValues ?? {}, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || isJsonContainer(value)) return value;
    upload = true;
    return null;
  });
  // A write's variables (a post's text) are too large to keep as a key, and writes are rare.
  if (upload || variables.length > MAX_KEPT_VARIABLES_LENGTH) return operationCost(operation);
  const key = `${id} ${operation.operationName ?? ''} ${variables}`;
  if (prices.has(key)) return prices.get(key);
  const cost = operationCost(operation);
  // A Map keeps its keys in the order they came: the first is the oldest.
  if (prices.size >= KEPT_PRICES) prices.delete(prices.keys().next().value!);
  prices.set(key, cost);
  return cost;
}

export function limitOperationCost(maxCost: number): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const cost = cachedOperationCost(args);
      if (cost !== undefined && cost > maxCost) setResultAndStopExecution({ errors: [tooCostly(cost, maxCost)] });
    },
  };
}
