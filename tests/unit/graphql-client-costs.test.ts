// The GraphQL limits must never refuse what our own client sends: every operation in the client's
// generated documents is checked here with the server's depth rule and its prices.
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  typeFromAST,
  validate,
  type DocumentNode,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import * as documents from '../../client/src/gql/graphql.ts';
import { operationCost } from '../../server/graphql/operation-cost.ts';
import { GRAPHQL_LIMITS } from '../../server/graphql/yoga.ts';
import { schema } from '../../server/schema.ts';

const operations = Object.entries(documents as Record<string, unknown>).filter(
  (entry): entry is [string, DocumentNode] =>
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    (entry[1] as DocumentNode).kind === Kind.DOCUMENT &&
    (entry[1] as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION),
);

// A value for every variable and every input field, optional ones included: a search is priced
// when it has words, so each operation is priced as its dearest call.
const SCALAR_SAMPLES: Record<string, unknown> = {
  ID: '1',
  String: 'zelda',
  Int: 1,
  Float: 0.5,
  Boolean: true,
  DateTime: '2026-11-23T00:00:00.000Z',
  File: new File(['x'], 'cover.png', { type: 'image/png' }),
};

function sampleOf(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleOf(type.ofType);
  if (isListType(type)) return [sampleOf(type.ofType)];
  if (isInputObjectType(type)) {
    return Object.fromEntries(Object.values(type.getFields()).map((field) => [field.name, sampleOf(field.type)]));
  }
  if (isEnumType(type)) return type.getValues()[0]!.name;
  const sample = SCALAR_SAMPLES[getNamedType(type).name];
  if (sample === undefined) throw new Error(`No sample value for ${getNamedType(type).name}`);
  return sample;
}

/** The price the server computes for the document, with a value for each of its variables. */
export function costOf(document: DocumentNode): number {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  const variableValues = Object.fromEntries(
    (operation.variableDefinitions ?? []).map((definition) => [
      definition.variable.name.value,
      sampleOf(typeFromAST(schema, definition.type as never) as GraphQLInputType),
    ]),
  );
  const cost = operationCost({ schema, document, variableValues, contextValue: {} });
  if (cost === undefined) throw new Error('The sample variables do not fit the operation');
  return cost;
}

describe("the client's operations", () => {
  it('are all found', () => {
    expect(operations.length).toBeGreaterThanOrEqual(5);
  });

  it.each(operations)('%s fits the cost limit with room to spare', (_name, document) => {
    const cost = costOf(document);
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxCost / 2);
  });

  it.each(operations)('%s fits the depth limit', (_name, document) => {
    const errors = validate(schema, document, [
      maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, propagateOnRejection: false }),
    ]);
    expect(errors.map((e) => e.message)).toEqual([]);
  });
});
