// The GraphQL limits must never refuse what our own client sends: every operation in the client's
// generated documents is validated here with the server's depth and cost rules.
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { Kind, validate, type DocumentNode, type GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as documents from '../../client/src/gql/graphql.ts';
import { GRAPHQL_LIMITS } from '../../server/graphql/yoga.ts';
import { schema } from '../../server/schema.ts';

const operations = Object.entries(documents as Record<string, unknown>).filter(
  (entry): entry is [string, DocumentNode] =>
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    (entry[1] as DocumentNode).kind === Kind.DOCUMENT &&
    (entry[1] as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION),
);

/** The cost armor computes for a document (it reports it when a limit of 0 is exceeded). */
export function costOf(document: DocumentNode): number {
  const errors: GraphQLError[] = [];
  validate(schema, document, [
    costLimitRule({ maxCost: 0, onReject: [(_ctx, error) => void errors.push(error)], propagateOnRejection: false }),
  ]);
  const found = /found (\d+(?:\.\d+)?)/.exec(errors[0]?.message ?? '');
  return found ? Number(found[1]) : 0;
}

describe("the client's operations", () => {
  it('are all found', () => {
    expect(operations.length).toBeGreaterThanOrEqual(5);
  });

  it.each(operations)('%s fits the cost limit with room to spare', (_name, document) => {
    expect(costOf(document)).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxCost / 2);
  });

  it.each(operations)('%s fits the depth limit', (_name, document) => {
    const errors = validate(schema, document, [
      maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, propagateOnRejection: false }),
    ]);
    expect(errors.map((e) => e.message)).toEqual([]);
  });
});
