// Refuses an operation whose price is over the limit, before any resolver runs. Fields carry their
// prices in the schema (Pothos' complexity plugin: a list multiplies what is selected in it by how
// many rows it holds, a search adds the price of its query; docs/decisions/018-graphql-prices.md).
// The price depends on the variables (`posts(search: $q)` searches only when $q has words), so it
// is computed for each request, here, and not by a validation rule, whose results Yoga caches by
// document text alone.
import { createComplexityRule } from '@pothos/plugin-complexity';
import { GraphQLError, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';

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

export function limitOperationCost(maxCost: number): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const cost = operationCost(args);
      if (cost !== undefined && cost > maxCost) setResultAndStopExecution({ errors: [tooCostly(cost, maxCost)] });
    },
  };
}
